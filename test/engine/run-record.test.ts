import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  replayRun,
  writeRunRecord,
  type RecordableRun,
  type RunIdentity,
  type RunOutcome,
} from '../../src/cache/run-record.js';
import { tmpSite } from '../helpers/tmp-site.js';

let cacheHome: string;
let savedCacheHome: string | undefined;
beforeAll(() => {
  cacheHome = mkdtempSync(path.join(os.tmpdir(), 'doclint-records-'));
  savedCacheHome = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cacheHome;
});
afterAll(() => {
  if (savedCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedCacheHome;
  rmSync(cacheHome, { recursive: true, force: true });
});

const runs = () => path.join(cacheHome, 'doclint', 'runs');

/** A start time after which every file of the test is older than the racy window. */
const later = () => Date.now() + 10_000;

/** Past one tick of the file system's clock, so that a change after the record shows in the times. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

const OUTCOME: RunOutcome = {
  code: 1,
  stdout: 'index.mdx\n  1:1  error  A finding\n',
  stderr: 'doclint: warning: a note\n',
};

function setup(): { root: string; run: RecordableRun; id: RunIdentity } {
  const root = tmpSite({
    'docs.json': '{"name":"Test"}',
    'index.mdx': '# One\n',
    'guide/page.mdx': '# Two\n',
    'images/logo.png': 'png',
    '.doclintcache': 'doclint-cache 8 0\n',
  });
  const run: RecordableRun = {
    root,
    cacheFile: path.join(root, '.doclintcache'),
    probes: [
      { file: path.join(root, '.git'), what: 'existence' },
      { file: path.join(root, '.doclintrc.json'), what: 'content' },
      { file: path.join(root, 'doclint-suppressions.json'), what: 'content' },
    ],
  };
  return {
    root,
    run,
    id: { argv: ['--cache', '--format', 'stylish', root], cwd: root, build: '1000:1700000000000:42' },
  };
}

async function replay(id: RunIdentity): Promise<{ code: number | undefined; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const code = await replayRun(id, {
    stdout: { write: (chunk: Buffer) => (out.stdout += chunk.toString()) },
    stderr: { write: (chunk: Buffer) => (out.stderr += chunk.toString()) },
  });
  return { code, ...out };
}

async function recorded(): Promise<{ root: string; run: RecordableRun; id: RunIdentity }> {
  const made = setup();
  expect(await writeRunRecord(made.id, made.run, OUTCOME, later())).toBe(true);
  await tick();
  return made;
}

describe('a recorded run', () => {
  test('is replayed: what it printed, on each stream, and its exit code', async () => {
    const { id } = await recorded();
    expect(await replay(id)).toEqual({ code: 1, stdout: OUTCOME.stdout, stderr: OUTCOME.stderr });
    // As often as it is asked for.
    expect(await replay(id)).toEqual({ code: 1, stdout: OUTCOME.stdout, stderr: OUTCOME.stderr });
  });

  test('writes its report again where the run wrote it (outside the site)', async () => {
    const { root, run, id } = setup();
    const out = mkdtempSync(path.join(os.tmpdir(), 'doclint-report-'));
    const report = path.join(out, 'reports', 'doclint.json');
    expect(
      await writeRunRecord(
        id,
        run,
        { code: 0, stdout: '', stderr: '', report: { file: report, text: '[]\n' } },
        later(),
      ),
    ).toBe(true);
    expect(await replay(id)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(report, 'utf8')).toBe('[]\n');
    rmSync(out, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  test.each<[string, (root: string) => void]>([
    ['a page changes', (root) => writeFileSync(path.join(root, 'index.mdx'), '# One, longer\n')],
    ['a page is added to a folder', (root) => writeFileSync(path.join(root, 'guide/new.mdx'), '# New\n')],
    ['a file is removed', (root) => unlinkSync(path.join(root, 'images/logo.png'))],
    ['a folder is added', (root) => mkdirSync(path.join(root, 'more'))],
    ['a configuration file appears', (root) => writeFileSync(path.join(root, '.doclintrc.json'), '{}')],
    ['a suppressions file appears', (root) => writeFileSync(path.join(root, 'doclint-suppressions.json'), '{}')],
    ['the site becomes a repository', (root) => mkdirSync(path.join(root, '.git'))],
    ['the cache file is removed', (root) => unlinkSync(path.join(root, '.doclintcache'))],
    ['the site root is removed', (root) => rmSync(root, { recursive: true, force: true })],
  ])('is not replayed when %s', async (_name, change) => {
    const { root, id } = await recorded();
    change(root);
    expect(await replay(id)).toEqual({ code: undefined, stdout: '', stderr: '' });
    rmSync(root, { recursive: true, force: true });
  });

  test.each<[string, (id: RunIdentity) => RunIdentity]>([
    ['other arguments', (id) => ({ ...id, argv: [...id.argv, '--quiet'] })],
    ['another folder', (id) => ({ ...id, cwd: path.dirname(id.cwd) })],
    ['another build of doclint', (id) => ({ ...id, build: '1001:1700000000000:42' })],
  ])('is not replayed for %s', async (_name, other) => {
    const { root, id } = await recorded();
    expect(await replay(other(id))).toEqual({ code: undefined, stdout: '', stderr: '' });
    expect((await replay(id)).code).toBe(1);
    rmSync(root, { recursive: true, force: true });
  });

  test('is not replayed under another colour setting', async () => {
    const { root, id } = await recorded();
    const saved = process.env.NO_COLOR;
    process.env.NO_COLOR = saved === '1' ? '' : '1';
    try {
      expect((await replay(id)).code).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = saved;
    }
    expect((await replay(id)).code).toBe(1);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('a record is not used', () => {
  test('when someone else may write to it, or to its folder', async () => {
    rmSync(runs(), { recursive: true, force: true });
    const { root, id } = await recorded();
    const [name] = readdirSync(runs());
    chmodSync(path.join(runs(), name!), 0o664);
    expect((await replay(id)).code).toBeUndefined();
    chmodSync(path.join(runs(), name!), 0o600);
    expect((await replay(id)).code).toBe(1);
    chmodSync(runs(), 0o777);
    expect((await replay(id)).code).toBeUndefined();
    chmodSync(runs(), 0o700);
    rmSync(root, { recursive: true, force: true });
  });

  test('when it was cut short', async () => {
    const { root, id } = await recorded();
    expect((await replay(id)).code).toBe(1);
    for (const name of readdirSync(runs())) truncateSync(path.join(runs(), name), 100);
    expect((await replay(id)).code).toBeUndefined();
    rmSync(root, { recursive: true, force: true });
  });
});

describe('records', () => {
  test('are kept for the newest 64 commands', async () => {
    rmSync(runs(), { recursive: true, force: true });
    const { root, run, id } = setup();
    for (let i = 0; i < 66; i++)
      expect(
        await writeRunRecord({ ...id, argv: [...id.argv, `--rule=page-link-text:${i}`] }, run, OUTCOME, later()),
      ).toBe(true);
    expect(readdirSync(runs())).toHaveLength(64);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('a run is not recorded', () => {
  test('when a file of the site changed within the racy window before it (but the cache file it wrote itself)', async () => {
    const { root, run, id } = setup();
    rmSync(runs(), { recursive: true, force: true });
    expect(await writeRunRecord(id, run, OUTCOME, Date.now())).toBe(false);
    expect(
      readdirSync(cacheHome).includes('doclint') ? readdirSync(path.join(cacheHome, 'doclint')) : [],
    ).not.toContain('runs');
    rmSync(root, { recursive: true, force: true });
  });

  test('when its report is inside the site', async () => {
    const { root, run, id } = setup();
    const outcome = { ...OUTCOME, report: { file: path.join(root, 'report.json'), text: '[]' } };
    expect(await writeRunRecord(id, run, outcome, later())).toBe(false);
    rmSync(root, { recursive: true, force: true });
  });
});
