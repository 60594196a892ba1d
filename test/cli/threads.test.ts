import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * The page pass on worker threads (`--threads`): the same findings, in the same order, and the
 * same cache file, whatever the number of threads; configurations a worker cannot make again are
 * linted on the main thread.
 */

const SITES = [
  path.join(REPO, 'fixtures/example'),
  ...readdirSync(path.join(REPO, 'fixtures/sites'))
    .sort()
    .map((name) => path.join(REPO, 'fixtures/sites', name)),
].filter((root) => existsSync(path.join(root, 'docs.json')));

/** One run with its own cache file; the cache key lives in a folder shared by the runs compared. */
function run(root: string, threads: string, keys: string, env: Record<string, string> = {}) {
  const cache = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-threads-')), 'cache');
  const result = runCli(['--format', 'json', '--threads', threads, '--cache', '--cache-location', cache, root], {
    env: { XDG_CACHE_HOME: keys, ...env },
  });
  return { ...result, cache: existsSync(cache) ? readFileSync(cache, 'utf8') : undefined };
}

describe('--threads: one thread and two threads give the same output and the same cache', () => {
  const keys = mkdtempSync(path.join(os.tmpdir(), 'doclint-threads-keys-'));

  test.each(SITES.map((root) => [path.relative(REPO, root), root]))('%s', (_name, root) => {
    const one = run(root, '1', keys);
    const two = run(root, '2', keys);
    expect(one.stderr).toBe('');
    expect([0, 1]).toContain(one.code);
    expect(JSON.parse(one.stdout).length).toBeGreaterThan(0);
    expect(two.code).toBe(one.code);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(one.cache).toBeDefined();
    expect(two.cache).toBe(one.cache);
  });

  test('the plugins site: plugin rules and remark plugins run in the workers too', () => {
    const root = path.join(REPO, 'fixtures/sites/plugins');
    const two = JSON.parse(run(root, '2', keys).stdout) as Array<{ messages: Array<{ ruleId: string }> }>;
    const ids = new Set(two.flatMap((f) => f.messages.map((m) => m.ruleId)));
    expect(ids).toContain('remark-lint/maximum-line-length');
    expect(ids).toContain('acme/no-todo');
  });
});

describe('--threads: pages read when a worker takes them give the same output and the same cache', () => {
  const keys = mkdtempSync(path.join(os.tmpdir(), 'doclint-threads-keys-'));
  // DOCLINT_HELD_BYTES=0: the listing keeps no page's bytes and no waiting page holds any, as on a
  // site whose pages are past the budget (src/engine/session.ts).
  const late = { DOCLINT_HELD_BYTES: '0' };

  test.each(SITES.map((root) => [path.relative(REPO, root), root]))('%s', (_name, root) => {
    const one = run(root, '1', keys);
    const cached = run(root, '2', keys, late);
    expect(cached.code).toBe(one.code);
    expect(cached.stdout).toBe(one.stdout);
    expect(cached.cache).toBe(one.cache);
    const plain = runCli(['--format', 'json', '--threads', '2', root], { env: { XDG_CACHE_HOME: keys, ...late } });
    expect(plain.code).toBe(one.code);
    expect(plain.stdout).toBe(one.stdout);
    expect(plain.stderr).toBe('');
  });
});

describe('--threads: usage', () => {
  test.each(['0', 'x', '1.5', '257'])('--threads %s is a usage error', (value) => {
    const result = runCli(['--threads', value, path.join(REPO, 'fixtures/example')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `doclint: --threads takes a number of threads from 1 to 256, or auto (got "${value}")\n`,
    );
  });

  test('--threads auto is the default', () => {
    const root = path.join(REPO, 'fixtures/example');
    expect(runCli(['--threads', 'auto', '-f', 'json', root]).stdout).toBe(runCli(['-f', 'json', root]).stdout);
  });
});

/** A plugin with one page rule that reports every page, loaded from the site's folder. */
function pluginSite(plugin: string) {
  return tmpSite({
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'P',
      colors: { primary: '#0A7A5E' },
      navigation: { pages: ['index', 'guide'] },
    }),
    'index.mdx': '---\ntitle: Home\ndescription: The home page.\n---\n\nHello.\n',
    'guide.mdx': '---\ntitle: Guide\ndescription: The guide.\n---\n\nGuide.\n',
    '.doclintrc.json': JSON.stringify({ plugins: { mark: './plugin.mjs' }, rules: { 'mark/every-page': 'error' } }),
    'plugin.mjs': plugin,
  });
}

const EVERY_PAGE = `
  export const rules = {
    'every-page': {
      meta: { id: 'every-page', kind: 'page', description: 'Marks every page.', severity: 'error', docsUrl: 'https://example.com/every-page' },
      check(context) { context.report({ message: 'seen on ' + (isMainThread ? 'the main thread' : 'a worker'), at: { line: 1, column: 1, endLine: 1, endColumn: 4 } }); },
    },
  };
`;

describe('--threads: configurations a worker cannot make again are linted on the main thread', () => {
  const expected = (root: string) =>
    ['guide.mdx', 'index.mdx'].map((file) => ({
      filePath: path.join(root, file),
      messages: [
        {
          ruleId: 'mark/every-page',
          severity: 2,
          message: 'seen on the main thread',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          url: 'https://example.com/every-page',
        },
      ],
    }));
  const pages = (stdout: string) =>
    (JSON.parse(stdout) as Array<{ filePath: string; messages: unknown[] }>)
      .filter((f) => f.filePath.endsWith('.mdx'))
      .map(({ filePath, messages }) => ({ filePath, messages }));

  test('a plugin that cannot be loaded in a worker thread', () => {
    const root = pluginSite(`import { isMainThread } from 'node:worker_threads';
      if (!isMainThread) throw new Error('this plugin runs on the main thread only');
      ${EVERY_PAGE}`);
    const result = runCli(['-f', 'json', '--threads', '2', root]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(pages(result.stdout)).toEqual(expected(root));
  });

  test('a plugin whose rules differ in a worker thread', () => {
    const root = pluginSite(`import { isMainThread } from 'node:worker_threads';
      ${EVERY_PAGE}
      if (!isMainThread) rules['worker-only'] = { ...rules['every-page'], meta: { ...rules['every-page'].meta, id: 'worker-only' } };`);
    const result = runCli(['-f', 'json', '--threads', '2', root]);
    expect(result.stderr).toBe('');
    expect(pages(result.stdout)).toEqual(expected(root));
  });

  test('a plugin that loads in workers: its page rule runs there', () => {
    const root = pluginSite(`import { isMainThread } from 'node:worker_threads';
      ${EVERY_PAGE}`);
    const result = runCli(['-f', 'json', '--threads', '2', root]);
    expect(pages(result.stdout).map((p) => p.messages)).toEqual([
      [expect.objectContaining({ message: 'seen on a worker' })],
      [expect.objectContaining({ message: 'seen on a worker' })],
    ]);
  });
});
