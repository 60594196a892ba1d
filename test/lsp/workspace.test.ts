import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { SiteSession } from '../../src/engine/session.js';
import { Workspace, type Host } from '../../src/lsp/workspace.js';
import { copySite } from './client.js';
import { generateSite, pagePath } from './large-site.mjs';

interface Publication {
  uri: string;
  diagnostics: LspDiagnostic[];
  version?: number;
}

/** The connection side of the workspace, in memory. */
class RecordingHost implements Host {
  readonly publications: Publication[] = [];
  readonly errors: string[] = [];
  private waiters: Array<{ uri: string; predicate: (p: Publication) => boolean; resolve: (p: Publication) => void }> =
    [];

  publish(uri: string, diagnostics: LspDiagnostic[], version?: number): void {
    const p = { uri, diagnostics, version };
    this.publications.push(p);
    for (const w of [...this.waiters]) {
      if (w.uri === uri && w.predicate(p)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  }

  log(): void {}

  error(message: string): void {
    this.errors.push(message);
  }

  next(uri: string, predicate: (p: Publication) => boolean = () => true): Promise<Publication> {
    return new Promise((resolve) => this.waiters.push({ uri, predicate, resolve }));
  }
}

const uri = (file: string) => pathToFileURL(file).href;

describe('Workspace (in process)', () => {
  test('a crash while linting is a diagnostic and a log line; the next lint works', async () => {
    const root = copySite('fixtures/sites/lsp-basic');
    const host = new RecordingHost();
    let failures = 1;
    const ws = new Workspace(host, {
      debounceMs: 0,
      openSession: async (r, settings, overlays) => {
        const session = await SiteSession.open(r, settings, overlays);
        const lint = session.lint.bind(session);
        session.lint = async (inScope) => {
          if (failures-- > 0) throw new Error('boom in a site check');
          return lint(inScope);
        };
        return session;
      },
    });
    const page = path.join(root, 'guides/intro.mdx');
    const text = readFileSync(page, 'utf8');
    const first = host.next(uri(page));
    ws.open(uri(page), 'mdx', 1, text);
    expect(await first).toEqual({
      uri: uri(page),
      version: 1,
      diagnostics: [
        {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          severity: 1,
          code: 'internal-error',
          source: 'doclint',
          message: 'doclint could not lint this file: boom in a site check',
        },
      ],
    });
    expect(host.errors).toHaveLength(1);
    expect(host.errors[0]).toMatch(/^doclint: linting .*intro\.mdx failed: Error: boom in a site check/);

    const second = host.next(uri(page), (p) => p.version === 2);
    ws.change(uri(page), 2, [{ text }]);
    expect((await second).diagnostics.map((d) => d.code)).toEqual(['page-link-text']);
    ws.dispose();
  });

  test('a .mintignore doclint cannot read is a site-error with its one line, not an internal error', async () => {
    const root = copySite('fixtures/sites/lsp-basic');
    writeFileSync(path.join(root, '.mintignore'), 'x'.repeat(2 * 1024 * 1024));
    const host = new RecordingHost();
    const ws = new Workspace(host, { debounceMs: 0 });
    try {
      const page = path.join(root, 'guides/intro.mdx');
      const first = host.next(uri(page));
      ws.open(uri(page), 'mdx', 1, readFileSync(page, 'utf8'));
      expect((await first).diagnostics).toEqual([
        {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          severity: 1,
          code: 'site-error',
          source: 'doclint',
          message:
            'doclint cannot lint this site: .mintignore: the file is too large (2.0 MB; the limit is 1.0 MB): name folders (`drafts/`) or use one wildcard for many files (`*.draft.mdx`)',
        },
      ]);
      expect(host.errors).toEqual([
        `doclint: cannot load the site at ${root}: ${path.join(root, '.mintignore')}: the file is too large (2.0 MB; the limit is 1.0 MB): name folders (\`drafts/\`) or use one wildcard for many files (\`*.draft.mdx\`)`,
      ]);
    } finally {
      ws.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('editing docs.json reloads the site but parses no page again', async () => {
    const root = generateSite(mkdtempSync(path.join(os.tmpdir(), 'doclint-lsp-ws-')), 120);
    const host = new RecordingHost();
    let parses = 0;
    const ws = new Workspace(host, {
      debounceMs: 0,
      openSession: async (r, settings, overlays) => {
        const session = await SiteSession.open(r, settings, overlays);
        const internals = (session as unknown as { pages: { runPage: (entry: unknown) => Promise<unknown> } }).pages;
        const runPage = internals.runPage.bind(internals);
        internals.runPage = (entry) => {
          parses++;
          return runPage(entry);
        };
        return session;
      },
    });
    const page = path.join(root, `${pagePath(10)}.mdx`);
    const config = path.join(root, 'docs.json');
    const configText = readFileSync(config, 'utf8');
    const opened = host.next(uri(page));
    ws.open(uri(page), 'mdx', 1, readFileSync(page, 'utf8'));
    expect((await opened).diagnostics).toEqual([]);
    const configOpened = host.next(uri(config));
    ws.open(uri(config), 'json', 1, configText);
    expect((await configOpened).diagnostics).toEqual([]);
    // Every page parsed once (as a whole-site run would).
    await ws.withSession(uri(config), (session) => session.lint(() => true));
    expect(parses).toBe(120);

    parses = 0;
    // Page 10 and the two pages that link to it out of the navigation: page 10 is an orphan (a page
    // a listed page links to would be unlisted on purpose).
    const edited = [9, 10, 11].reduce((text, i) => text.replace(`"${pagePath(i)}",`, ''), configText);
    const configAgain = host.next(uri(config), (p) => p.version === 2);
    const pageAgain = host.next(uri(page), (p) => p.diagnostics.length > 0);
    ws.change(uri(config), 2, [{ text: edited }]);
    expect((await configAgain).diagnostics).toEqual([]);
    expect((await pageAgain).diagnostics.map((d) => d.code)).toEqual(['site-orphan-page']);
    expect(parses).toBe(0);
    ws.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  test('documents that are not files, or outside any site, get no findings and break nothing', async () => {
    const host = new RecordingHost();
    const ws = new Workspace(host, { debounceMs: 0 });
    ws.open('untitled:Untitled-1', 'mdx', 1, '# Draft');
    ws.change('untitled:Untitled-1', 2, [{ text: '# Draft 2' }]);
    ws.save('untitled:Untitled-1');
    ws.close('untitled:Untitled-1');
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-lsp-nosite-')), 'page.mdx');
    const published = host.next(uri(outside));
    ws.open(uri(outside), 'mdx', 1, '# Outside\n');
    expect(await published).toEqual({ uri: uri(outside), version: 1, diagnostics: [] });
    expect(host.publications.filter((p) => p.uri.startsWith('untitled:'))).toEqual([]);
    expect(host.errors).toEqual([]);
    ws.dispose();
  });
});
