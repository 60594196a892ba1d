// Hostile input in a pull request must not corrupt, leak or write outside the site: a file saved
// during --fix, a crafted .doclintcache, docs.json linked to a secret, reports and caches aimed at
// tracked files, temporary files left by a killed run.
import { createHmac } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CACHE_FORMAT } from '../../src/cache/cache.js';
import { lint } from '../../src/commands/lint.js';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT } from './helpers.js';

/** A cache folder of its own for each test: the cache key lives there. */
function cacheHome(): Record<string, string> {
  return { XDG_CACHE_HOME: mkdtempSync(path.join(os.tmpdir(), 'doclint-xdg-')) };
}

const PAGE = `${FRONT}## Mail\n\nAn e-mail and an email.\n`;

describe('--fix applies its fixes to exactly the text that was linted', () => {
  test('a page saved while the run goes on is left as saved, with a message', async () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': PAGE });
    const file = path.join(root, 'index.mdx');
    const saved = `${FRONT}## Mail\n\nAn e-mail, then an edit made during the run, then an email.\n`;
    let edited = false;
    const run = await lint({
      paths: [root],
      cwd: root,
      fix: 'write',
      // Called once each page has been read and linted: the user saves the page meanwhile.
      onProgress: () => {
        if (!edited) writeFileSync(file, saved);
        edited = true;
      },
    });
    expect(edited).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(saved);
    expect(run.fixed.map((f) => [path.basename(f.file), f.error])).toEqual([
      ['index.mdx', `${file} changed since it was read; not fixed`],
    ]);
    // What is reported is the page as it was linted, not a mix.
    expect(run.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['8:4 page-terminology']);
  });
});

describe('a .doclintcache from a pull request is never trusted', () => {
  function crafted(root: string, header: Record<string, unknown>, mac = '0'.repeat(64)): string {
    const body = `${JSON.stringify(header)}\n`;
    return `doclint-cache ${CACHE_FORMAT} ${mac}\n${body}`;
  }

  test('a forged cache (it does not authenticate) is ignored and rebuilt: nothing is written outside the site', () => {
    const root = tmpSite({ 'site/docs.json': config(['index']), 'site/index.mdx': PAGE, 'outside.txt': 'keep me\n' });
    const site = path.join(root, 'site');
    const outside = path.join(root, 'outside.txt');
    const finding = {
      file: outside,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      ruleId: 'page-terminology',
      message: 'x',
      fix: { range: [0, 4], text: 'PWNED' },
    };
    const header = {
      format: CACHE_FORMAT,
      doclint: 'any',
      root: site,
      settings: '[{},null]',
      pages: {},
      site: { key: 'k', diagnostics: [finding] },
    };
    writeFileSync(path.join(site, '.doclintcache'), crafted(root, header));
    const result = runCli(['--fix', '--cache', '--format', 'unix', '.'], { cwd: site, env: cacheHome() });
    expect(result.stderr).toBe('doclint: --fix applied 1 fix in 1 file\n');
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');
    expect(readFileSync(path.join(site, 'index.mdx'), 'utf8')).toBe(PAGE.replace('e-mail', 'email'));
    // The forged file was replaced by a cache of this run.
    expect(readFileSync(path.join(site, '.doclintcache'), 'utf8')).not.toContain('PWNED');
  });

  test('an authentic cache whose findings name a file outside the site, or are of the wrong shape, is not used', () => {
    const env = cacheHome();
    const root = tmpSite({ 'site/docs.json': config(['index']), 'site/index.mdx': PAGE, 'outside.txt': 'keep me\n' });
    const site = path.join(root, 'site');
    // A first run writes the cache key (and a cache).
    expect(runCli(['--cache', '.'], { cwd: site, env }).code).toBe(0);
    const secret = readFileSync(path.join(env.XDG_CACHE_HOME!, 'doclint', 'cache-secret'));
    const cacheFile = path.join(site, '.doclintcache');
    const [, body] = readFileSync(cacheFile, 'utf8').split(/\n(.*)/s);
    const header = JSON.parse(body!.split('\n')[0]!) as {
      site: { key: string; diagnostics: unknown[] };
      pages: Record<string, { findings: unknown[] }>;
    };
    const sign = (h: unknown) => {
      const rest = `${JSON.stringify(h)}\n${body!.split('\n').slice(1).join('\n')}`;
      return `doclint-cache ${CACHE_FORMAT} ${createHmac('sha256', secret).update(rest).digest('hex')}\n${rest}`;
    };
    // 0. control: a signed cache is used as it is (so that the refusals below are refusals of their content)
    const marked = Object.fromEntries(
      Object.entries(header.pages).map(([rel, e]) => [
        rel,
        {
          ...e,
          findings: [
            { line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: 'page-terminology', message: 'from the cache' },
          ],
        },
      ]),
    );
    writeFileSync(cacheFile, sign({ ...header, pages: marked }));
    expect(runCli(['--cache', '--format', 'unix', '.'], { cwd: site, env }).stdout).toBe(
      'index.mdx:1:1: warning from the cache [page-terminology]\n',
    );
    const outside = path.join(root, 'outside.txt');
    const bad = {
      file: outside,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      ruleId: 'page-terminology',
      message: 'outside',
      fix: { range: [0, 4], text: 'PWNED' },
    };
    // 1. a site finding in a file outside the site
    writeFileSync(cacheFile, sign({ ...header, site: { key: header.site.key, diagnostics: [bad] } }));
    let result = runCli(['--fix', '--cache', '--format', 'unix', '.'], { cwd: site, env });
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');
    expect(result.stdout).not.toContain('outside');
    // 2. a page finding that names a file (page findings are always the page's own)
    writeFileSync(path.join(site, 'index.mdx'), PAGE);
    const pages = Object.fromEntries(Object.entries(header.pages).map(([rel, e]) => [rel, { ...e, findings: [bad] }]));
    writeFileSync(cacheFile, sign({ ...header, pages }));
    result = runCli(['--fix', '--cache', '--format', 'unix', '.'], { cwd: site, env });
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');
    expect(result.stderr).toBe('doclint: --fix applied 1 fix in 1 file\n');
    // 3. a damaged fix range and wrongly shaped entries: no crash, the right findings
    writeFileSync(path.join(site, 'index.mdx'), PAGE);
    const damaged = Object.fromEntries(
      Object.entries(header.pages).map(([rel, e]) => [
        rel,
        { ...e, findings: [{ line: 'x', fix: { range: [9, 2] } }] },
      ]),
    );
    writeFileSync(cacheFile, sign({ ...header, pages: damaged, checks: { x: 5 } }));
    result = runCli(['--cache', '--format', 'unix', '.'], { cwd: site, env });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toEqual([
      'index.mdx:8:4: warning "e-mail": this page also writes "email"; use "email" throughout [page-terminology]',
    ]);
  });

  test('a cache that is a device or a FIFO is never read (no hang, no unbounded read)', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n` });
    symlinkSync('/dev/zero', path.join(root, '.doclintcache'));
    const result = runCli(['--cache', '.'], { cwd: root, env: cacheHome() });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: .doclintcache exists and is not a doclint cache; doclint does not use or replace it (choose another --cache-location)\n',
    });
  });
});

describe('docs.json linked to a file outside the site', () => {
  test.each(['stylish', 'json', 'html', 'sarif'])(
    'is a one-line error, and its content appears nowhere (%s)',
    (format) => {
      const root = tmpSite({
        'secrets/credentials.json': '{"private_key": "-----BEGIN PRIVATE KEY-----MIIEvQIBADANBg"}',
        'site/index.mdx': `${FRONT}## Start\n`,
      });
      symlinkSync(path.join(root, 'secrets/credentials.json'), path.join(root, 'site/docs.json'));
      const result = runCli(['--format', format, 'site'], { cwd: root });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'doclint: cannot read site/docs.json: it leads outside the site root (a symbolic link); doclint only reads files inside the site\n',
      });
    },
  );

  test('linked to /proc/self/environ: the environment appears nowhere', () => {
    const root = tmpSite({ 'index.mdx': `${FRONT}## Start\n` });
    symlinkSync('/proc/self/environ', path.join(root, 'docs.json'));
    const result = runCli(['--format', 'html', '.'], { cwd: root, env: { DOCLINT_SECRET_TOKEN: 'tok_abcdef123456' } });
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).not.toContain('tok_abcdef123456');
  });
});

describe('reports and caches never replace a file that is not theirs', () => {
  test('-o docs.json (or a page) is refused; docs.json is intact', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n` });
    const before = readFileSync(path.join(root, 'docs.json'), 'utf8');
    expect(runCli(['-o', 'docs.json', '.'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: docs.json is a file of the site; doclint does not write a report over it (choose another path)\n',
    });
    expect(runCli(['-o', 'index.mdx', '.'], { cwd: root }).code).toBe(2);
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(before);
  });

  test('--cache-location docs.json is refused; docs.json is intact', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n` });
    const before = readFileSync(path.join(root, 'docs.json'), 'utf8');
    expect(runCli(['--cache', '--cache-location', 'docs.json', '.'], { cwd: root, env: cacheHome() })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: docs.json exists and is not a doclint cache; doclint does not use or replace it (choose another --cache-location)\n',
    });
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(before);
  });

  test('-o creates missing folders and writes the report whole', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n` });
    expect(runCli(['-o', 'reports/lint/doclint.json', '--format', 'json', '.'], { cwd: root }).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, 'reports/lint/doclint.json'), 'utf8'))).toHaveLength(2);
    expect(readdirSync(path.join(root, 'reports/lint'))).toEqual(['doclint.json']);
  });

  test('temporary files a killed --fix left behind are removed by the next write', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': PAGE });
    const stale = path.join(root, '.index.mdx.0123456789ab.doclint-tmp');
    writeFileSync(stale, 'half a page');
    utimesSync(stale, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    mkdirSync(path.join(root, 'other'));
    expect(runCli(['--fix', '.'], { cwd: root }).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(root).filter((f) => f.endsWith('.doclint-tmp'))).toEqual([]);
  });
});
