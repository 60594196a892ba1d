import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

const CONFIG = JSON.stringify(
  {
    theme: 'mint',
    name: 'Cache test',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] },
  },
  null,
  2,
);

function site() {
  return tmpSite({
    'docs.json': CONFIG,
    'index.mdx': MINIMAL_PAGE + '\nSee [here](/guide) and [the missing page](/nowhere).\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\n#### Deep heading\n',
  });
}

const lintJson = (root: string, extra: string[] = []) => runCli(['--format', 'json', '--cache', ...extra, root]);

/**
 * The cache file: a first line (`doclint-cache`, format, HMAC), a header line (identity, per-page
 * findings), then a line of facts per page (`"path"<tab>facts`).
 */
function readCache(file: string): {
  magic: string;
  header: Record<string, unknown> & { pages: Record<string, { findings: unknown[] }> };
  facts: Record<string, unknown>;
} {
  const [magic, first, ...lines] = readFileSync(file, 'utf8').split('\n');
  const facts = Object.fromEntries(
    lines.map((line) => [
      JSON.parse(line.slice(0, line.indexOf('\t'))),
      JSON.parse(line.slice(line.indexOf('\t') + 1)),
    ]),
  );
  return { magic: magic!, header: JSON.parse(first!), facts };
}

/** Writes a cache back with its first line as it was: edited content no longer matches the HMAC. */
function writeCache(file: string, magic: string, header: unknown, facts: Record<string, unknown>): void {
  writeFileSync(
    file,
    `${magic}\n${JSON.stringify(header)}\n${Object.entries(facts)
      .map(([rel, f]) => `${JSON.stringify(rel)}\t${JSON.stringify(f)}`)
      .join('\n')}`,
  );
}

describe('--cache', () => {
  test("a warm run returns exactly the cold run's findings, and writes .doclintcache", () => {
    const root = site();
    const cold = lintJson(root);
    expect(cold.code).toBe(1);
    expect(existsSync(path.join(root, '.doclintcache'))).toBe(true);
    const warm = lintJson(root);
    expect(warm).toEqual(cold);
    // and the same as a run without a cache
    expect(runCli(['--format', 'json', root]).stdout).toBe(cold.stdout);
  });

  test("the cache is keyed on doclint's build: its version and the hash of the bundle that wrote it", () => {
    const root = site();
    lintJson(root);
    const { header } = readCache(path.join(root, '.doclintcache'));
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    const identity = String(header.doclint);
    expect(identity).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}\\+[0-9a-f]{30}$`));
    // The hash scripts/bundle.mjs wrote into the bundle (another build of the same version has another).
    expect(readFileSync(path.join(REPO, 'dist/bundle/main.cjs'), 'utf8')).toContain(identity.slice(version.length + 1));
  });

  test('an edited page is linted again; a changed docs.json re-runs the site checks', () => {
    const root = site();
    lintJson(root);
    writeFileSync(
      path.join(root, 'guide.mdx'),
      '---\ntitle: Guide\ndescription: Now described.\n---\n\n## Fine heading\n',
    );
    const afterPage = lintJson(root);
    expect(afterPage.stdout).toBe(runCli(['--format', 'json', root]).stdout);
    writeFileSync(path.join(root, 'docs.json'), CONFIG.replace('"guide"', '"guides"'));
    const afterConfig = lintJson(root);
    expect(afterConfig.stdout).toBe(runCli(['--format', 'json', root]).stdout);
    expect(afterConfig.stdout).toContain('nav-page-missing');
  });

  test.each([
    ['corrupt', 'not json {'],
    ['foreign', JSON.stringify({ format: 1, doclint: '0.0.0-other', root: '/elsewhere', settings: '{}', pages: {} })],
    ['tampered', JSON.stringify({ some: 'thing' })],
    ['one-part', `${JSON.stringify({ format: 3, pages: {} })}`],
  ])('a %s cache file is ignored and rebuilt', (_kind, content) => {
    const root = site();
    const expected = runCli(['--format', 'json', root]).stdout;
    writeFileSync(path.join(root, '.doclintcache'), content);
    expect(lintJson(root).stdout).toBe(expected);
    const rebuilt = readCache(path.join(root, '.doclintcache'));
    expect(Object.keys(rebuilt.header.pages).sort()).toEqual(['guide.mdx', 'index.mdx']);
    expect(Object.keys(rebuilt.facts).sort()).toEqual(['guide.mdx', 'index.mdx']);
    expect(lintJson(root).stdout).toBe(expected);
  });

  test('edited facts no longer authenticate: the whole cache is rebuilt', () => {
    const root = site();
    const expected = lintJson(root).stdout;
    const cacheFile = path.join(root, '.doclintcache');
    const { magic, header, facts } = readCache(cacheFile);
    expect(magic).toMatch(/^doclint-cache \d+ [0-9a-f]{64}$/);
    // Facts that would hide the broken link if trusted; site findings dropped so the rules re-run.
    const tampered = Object.fromEntries(
      Object.entries(facts).map(([rel, f]) => [rel, { ...(f as object), links: [] }]),
    );
    writeCache(cacheFile, magic, { ...header, site: undefined, checks: undefined }, tampered);
    expect(lintJson(root).stdout).toBe(expected);
    expect(expected).toContain('nowhere');
  });

  test('a cache entry whose hash no longer matches the content is never trusted', () => {
    const root = site();
    lintJson(root);
    const cacheFile = path.join(root, '.doclintcache');
    const { magic, header, facts } = readCache(cacheFile);
    header.pages['index.mdx']!.findings = [];
    writeCache(cacheFile, magic, header, facts);
    // Entries are keyed by a hash of the content: once the page changes, the old entry is a miss.
    writeFileSync(path.join(root, 'index.mdx'), MINIMAL_PAGE + '\nSee [here](/guide).\n');
    expect(lintJson(root).stdout).toBe(runCli(['--format', 'json', root]).stdout);
  });

  test('--cache-location puts the cache elsewhere; a changed configuration invalidates it', () => {
    const root = site();
    const location = path.join(tmpSite({}), 'my-cache');
    const first = lintJson(root, ['--cache-location', location]);
    expect(existsSync(location)).toBe(true);
    expect(existsSync(path.join(root, '.doclintcache'))).toBe(false);
    const off = lintJson(root, ['--cache-location', location, '--rule', 'page-link-text:off']);
    expect(off.stdout).not.toContain('page-link-text');
    expect(first.stdout).toContain('page-link-text');
  });

  test('files older than the last run are not read again; one that becomes a snippet is read and linted as a snippet', async () => {
    const root = site();
    // Files written within 2.5 s before a run are always read (see src/cache/cache.ts): let them settle.
    await new Promise((resolve) => setTimeout(resolve, 2600));
    const cold = lintJson(root);
    const { header } = readCache(path.join(root, '.doclintcache'));
    expect(Object.keys(header.files as object).sort()).toEqual(['guide.mdx', 'index.mdx']);
    expect(lintJson(root)).toEqual(cold);
    // A new page imports guide.mdx: guide.mdx, unchanged on disk, is now a snippet (another cache key).
    writeFileSync(
      path.join(root, 'more.mdx'),
      "---\ntitle: More\n---\n\nimport Guide from '/guide.mdx';\n\n<Guide />\n",
    );
    const after = lintJson(root);
    expect(after.stdout).toBe(runCli(['--format', 'json', root]).stdout);
    expect(after.stdout).not.toBe(cold.stdout);
    expect(JSON.parse(after.stdout).map((f: { filePath: string }) => path.basename(f.filePath))).toContain('more.mdx');
  });
});
