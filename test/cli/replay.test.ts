import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/cli.js';
import { MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * A `--cache` run over an unchanged site is answered from the record of the same command
 * (src/cache/run-record.ts) without loading the linter. Which modules a run loaded tells the two
 * apart: a preloaded hook writes the module cache's files at exit.
 */

const CONFIG = JSON.stringify({
  theme: 'mint',
  name: 'Replay test',
  colors: { primary: '#0A7A5E' },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] },
});

let work: string;
let hook: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'doclint-replay-'));
  hook = path.join(work, 'loaded-hook.cjs');
  writeFileSync(
    hook,
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_OUT, JSON.stringify(Object.keys(require.cache).map((f) => require('node:path').basename(f)))));\n",
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The linter's bundle was loaded: the run was made, not replayed. */
  made: boolean;
}

function run(args: string[], cwd: string): Run {
  const loaded = path.join(work, 'loaded.json');
  rmSync(loaded, { force: true });
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '1',
    XDG_CACHE_HOME: path.join(work, 'cache'),
    LOADED_OUT: loaded,
  };
  delete env.FORCE_COLOR;
  const result = spawnSync(process.execPath, ['-r', hook, BIN, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60000,
  });
  const modules = JSON.parse(readFileSync(loaded, 'utf8')) as string[];
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, made: modules.includes('main.cjs') };
}

/** File, rule and line of each finding of a JSON report. */
const findings = (json: string) =>
  (JSON.parse(json) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number }> }>).flatMap((f) =>
    f.messages.map((m) => [path.basename(f.filePath), m.ruleId, m.line]),
  );

/** Past the window in which a file's times cannot vouch for it (RACY_MS): files this young are never recorded. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2600));

test('the same --cache run over an unchanged site is replayed, byte for byte; an edit makes the next run in full', async () => {
  const root = tmpSite({
    'docs.json': CONFIG,
    'index.mdx': MINIMAL_PAGE + '\nSee [the guide](/guide).\n',
    'guide.mdx':
      MINIMAL_PAGE.replace('Welcome to the test site', 'The guide') + '\nSee [the missing page](/nowhere).\n',
  });
  await settle();
  const args = ['--cache', '--format', 'json', '.'];
  const first = run(args, root);
  expect(first.made).toBe(true);
  expect(first.code).toBe(1);
  expect(findings(first.stdout)).toEqual([['guide.mdx', 'site-broken-link', 10]]);
  // The cache file sits at the site root, written by the first run: the root is then checked by its names.
  expect(readdirSync(root)).toContain('.doclintcache');
  const second = run(args, root);
  expect(second).toEqual({ ...first, made: false });
  appendFileSync(path.join(root, 'index.mdx'), '\nAnd [another missing page](/elsewhere).\n');
  const third = run(args, root);
  expect(third.made).toBe(true);
  expect(findings(third.stdout)).toEqual([
    ['guide.mdx', 'site-broken-link', 10],
    ['index.mdx', 'site-broken-link', 12],
  ]);
  rmSync(root, { recursive: true, force: true });
}, 180_000);

test('runs that change files or read standard input are never replayed', async () => {
  const root = tmpSite({
    'docs.json': CONFIG,
    'index.mdx': MINIMAL_PAGE,
    'guide.mdx': '---\ntitle: Guide\n---\n\nText.\n',
  });
  await settle();
  for (const args of [
    ['--cache', '--fix', '.'],
    ['--cache', '--stdin', '--stdin-filename', 'index.mdx'],
  ]) {
    expect(run(args, root).made).toBe(true);
    expect(run(args, root).made).toBe(true);
  }
  rmSync(root, { recursive: true, force: true });
}, 180_000);
