import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { testIf } from '../helpers/needs.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { EXTENSION_DIR, extensionModulesMissingReason } from '../../scripts/vscode-extension.mjs';
import { DiagnosticSeverity, Range, textDocument, vscodeApi, type ApiOptions } from './vscode-api.js';

/*
 * The extension as it ships (its bundle, with the real vscode-languageclient its lock file pins,
 * built by scripts/package-vscode.mjs --bundle-only into a copy of editors/vscode) and the built
 * `doclint lsp`: only `vscode` itself is a stand-in
 * (test/editors/vscode-api.ts), with the real API's shapes. The client starts the server, opens the
 * page, and the diagnostics it hands to VS Code are the command line's findings. The whole path in a
 * real VS Code is test/editors/vscode-real.test.ts.
 */

const missing =
  extensionModulesMissingReason() ??
  (existsSync(path.join(REPO, 'dist/bundle/main.cjs')) ? undefined : 'dist/bundle is missing: run `npm run build`');
const needsClient = testIf(missing);

interface Extension {
  activate(context: { subscriptions: Array<{ dispose(): unknown }> }): Promise<void>;
  deactivate(): Promise<void>;
}

/** The bundle built from a copy of the extension's sources (no node_modules, dist or .vsix), `edit` applied to extension.js. */
function buildBundle(edit: (source: string) => string = (source) => source): string {
  const dir = path.join(tmpSite({}), 'vscode');
  cpSync(EXTENSION_DIR, dir, {
    recursive: true,
    filter: (source) =>
      !/^(node_modules|dist)$|\.vsix$/.test(path.relative(EXTENSION_DIR, source).split(path.sep)[0] ?? ''),
  });
  const entry = path.join(dir, 'extension.js');
  writeFileSync(entry, edit(readFileSync(entry, 'utf8')));
  const run = spawnSync(
    process.execPath,
    [path.join(REPO, 'scripts/package-vscode.mjs'), '--dir', dir, '--bundle-only'],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`package-vscode.mjs --bundle-only failed: ${run.stderr}`);
  return path.join(dir, 'dist/extension.js');
}

function loadExtension(bundle: string, options: ApiOptions) {
  const { api, record } = vscodeApi(options);
  const bundleRequire = createRequire(bundle);
  const module = { exports: {} as Extension };
  const load = (name: string) => (name === 'vscode' ? api : bundleRequire(name));
  new Function('require', 'module', 'exports', '__filename', '__dirname', readFileSync(bundle, 'utf8'))(
    load,
    module,
    module.exports,
    bundle,
    path.dirname(bundle),
  );
  return { extension: module.exports, record };
}

/** The extension loaded on a copy of the example site whose index.mdx (open) has one finding, doclint from this checkout. */
function openOnExampleSite(bundle: string) {
  const site = path.join(tmpSite({}), 'site');
  cpSync(path.join(REPO, 'fixtures/example'), site, { recursive: true });
  const index = path.join(site, 'index.mdx');
  writeFileSync(index, `${readFileSync(index, 'utf8')}\nRead the guide [here](/guides/quickstart).\n`);
  const loaded = loadExtension(bundle, {
    folders: [site],
    documents: [textDocument(index, 'mdx')],
    settings: { path: path.join(REPO, 'bin/doclint.js') },
  });
  return { index, ...loaded };
}

async function until<T>(what: () => string, get: () => T | undefined, timeout = 60000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the VS Code extension with the real vscode-languageclient', () => {
  needsClient(
    "starts doclint's server for a page and hands VS Code its findings, at the command line's positions",
    async () => {
      const { index, extension, record } = openOnExampleSite(buildBundle());
      const subscriptions: Array<{ dispose(): unknown }> = [];
      try {
        await extension.activate({ subscriptions });
        const diagnostics = await until(
          () =>
            `the diagnostics of index.mdx; the output channel says:\n${record.channels.flatMap((c) => c.lines).join('\n')}\nand the errors shown: ${record.errors.join('; ')}`,
          () => {
            if (record.errors.length > 0) throw new Error(`the extension showed an error: ${record.errors.join('; ')}`);
            return record.diagnostics.get(index);
          },
        );
        expect(
          diagnostics.map((d) => ({
            range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
            message: d.message,
            severity: d.severity,
            source: d.source,
            code: typeof d.code === 'object' ? { value: d.code.value, target: d.code.target.toString() } : d.code,
          })),
        ).toEqual([
          {
            range: [43, 15, 43, 41],
            message: 'link text "here" does not say where the link goes: use words that name the target',
            severity: DiagnosticSeverity.Warning,
            source: 'doclint',
            code: {
              value: 'page-link-text',
              target: 'https://github.com/doclint/doclint/blob/main/docs/rules/page-link-text.md',
            },
          },
        ]);
        expect(diagnostics[0]!.range).toBeInstanceOf(Range);
        // The client logs through the channel the extension made: a log channel, as the client needs.
        expect(record.channels.map((c) => [c.name, c.log])).toEqual([['doclint', true]]);
        expect(record.errors).toEqual([]);
        expect([...record.commands.keys()]).toContain('doclint.restartServer');
      } finally {
        await extension.deactivate();
        for (const subscription of subscriptions) subscription.dispose();
      }
    },
  );
});
