// `--fix` must never lose a byte: files it cannot safely rewrite (read-only, not UTF-8, hard
// links) are left exactly as they were, with one message each; the exit code then follows the
// findings that remain. A file reached through a symbolic link is fixed in place of its target.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { writeAtomic } from '../../src/engine/fix.js';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT, siteWithOutside } from './helpers.js';
import { UserError } from '../../src/core/errors.js';

const PAGE = `${FRONT}## Mail\n\nAn e-mail and an email.\n`;
const FIXED = `${FRONT}## Mail\n\nAn email and an email.\n`;
/** The term finding is an error here, so that the exit code shows whether it remains. */
const AS_ERROR = ['--rule', 'page-terminology:error'];

/** A site in `<base>/site`: `../` names land in a folder of the test's own. */
function site(extra: Record<string, string | Buffer> = {}): string {
  return siteWithOutside({ 'docs.json': config(['index']), 'index.mdx': PAGE, ...extra }).root;
}

describe('--fix on files it must not rewrite', () => {
  test('control: a writable page is fixed and the run exits 0', () => {
    const root = site();
    const result = runCli(['--fix', ...AS_ERROR, '.'], { cwd: root });
    expect(result.stderr).toBe('doclint: --fix applied 1 fix in 1 file\n');
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(FIXED);
  });

  test('a read-only page: not fixed, one message, content and mode intact', () => {
    const root = site();
    const file = path.join(root, 'index.mdx');
    chmodSync(file, 0o444);
    const result = runCli(['--fix', ...AS_ERROR, '.'], { cwd: root });
    expect(result.stderr).toBe(`doclint: ${file} is read-only; not fixed\n`);
    expect(readFileSync(file, 'utf8')).toBe(PAGE);
    expect(lstatSync(file).mode & 0o777).toBe(0o444);
  });

  test('a page with bytes that are not UTF-8: not fixed (the bytes would become U+FFFD), file byte for byte intact', () => {
    const bytes = Buffer.concat([Buffer.from(PAGE), Buffer.from('Caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const root = site({ 'index.mdx': bytes });
    const file = path.join(root, 'index.mdx');
    const result = runCli(['--fix', ...AS_ERROR, '.'], { cwd: root });
    expect(result.stderr).toBe(
      `doclint: ${file} is not valid UTF-8; not fixed (writing it would replace the invalid bytes)\n`,
    );
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  test('a page with another hard link: not fixed (replacing it would separate the links)', () => {
    const root = site();
    const file = path.join(root, 'index.mdx');
    linkSync(file, path.join(root, '..', 'hardlink.mdx'));
    const result = runCli(['--fix', ...AS_ERROR, '.'], { cwd: root });
    expect(result.stderr).toBe(`doclint: ${file} has other hard links; not fixed (replacing it would separate them)\n`);
    expect(readFileSync(file, 'utf8')).toBe(PAGE);
  });

  // The report and exit code come from the fixed text in memory, also for a file whose fix could
  // not be written: the finding that remains on disk is not shown and the run exits 0. Needs the
  // change to src/commands/lint.ts described in the report (report a failed file's findings from
  // before the fixes).
  test('a fix that cannot be written: the findings that remain are reported and set the exit code', () => {
    const root = site();
    const file = path.join(root, 'index.mdx');
    chmodSync(file, 0o444);
    const result = runCli(['--fix', ...AS_ERROR, '.'], { cwd: root });
    expect(result.stdout).toContain('"e-mail": this page also writes "email"; use "email" throughout');
    expect(result.code).toBe(1);
  });

  test('a docs.json that is a symbolic link inside the site: the target is fixed, the link kept', () => {
    const root = site();
    const shared = path.join(root, 'shared.json');
    writeFileSync(shared, config(['index'], { favicn: '/favicon.svg' }));
    renameSync(path.join(root, 'docs.json'), path.join(root, 'docs.json.orig'));
    symlinkSync(shared, path.join(root, 'docs.json'));
    const result = runCli(['--fix', '--fix-suggestions', '.'], { cwd: root });
    expect(result.stderr).toBe('doclint: --fix applied 2 fixes in 2 files\n');
    expect(lstatSync(path.join(root, 'docs.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(root, 'docs.json'))).toBe(shared);
    expect(JSON.parse(readFileSync(shared, 'utf8'))).toHaveProperty('favicon', '/favicon.svg');
  });

  test('a docs.json that is a symbolic link out of the site: a one-line error, nothing read or written', () => {
    const root = site();
    const shared = path.join(root, '..', 'shared.json');
    const text = config(['index'], { favicn: '/favicon.svg', secret: 'sk_live_0123456789' });
    writeFileSync(shared, text);
    renameSync(path.join(root, 'docs.json'), path.join(root, 'docs.json.orig'));
    symlinkSync(shared, path.join(root, 'docs.json'));
    const result = runCli(['--fix', '.'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'doclint: cannot read docs.json: it leads outside the site root (a symbolic link); doclint only reads files inside the site\n',
    );
    expect(result.stdout).toBe('');
    expect(readFileSync(shared, 'utf8')).toBe(text);
  });
});

describe('writeAtomic refuses, in-process', () => {
  test('each refusal is a one-line refusal (reported like a file that changed) and leaves no temp file', async () => {
    const root = tmpSite({ 'a.mdx': 'old' });
    const file = path.join(root, 'a.mdx');
    chmodSync(file, 0o400);
    await expect(writeAtomic(file, 'old', 'new')).rejects.toThrow(new UserError(`${file} is read-only; not fixed`));
    expect(readFileSync(file, 'utf8')).toBe('old');
    chmodSync(file, 0o644);
    writeFileSync(file, Buffer.from([0x6f, 0xff]));
    await expect(writeAtomic(file, Buffer.from([0x6f, 0xff]).toString('utf8'), 'new')).rejects.toThrow(
      'is not valid UTF-8',
    );
    expect(readFileSync(file).equals(Buffer.from([0x6f, 0xff]))).toBe(true);
  });
});

describe('--fix writes only regular files inside the site (src/core/place.ts), in-process', () => {
  // A page the site read can be swapped before its fix is written (a link, a FIFO): the write
  // checks the path again, and refuses in one line with nothing written and no wait.
  const mkfifo = (file: string) => execFileSync('mkfifo', [file]);

  test('a page that is now a link to a file outside the site, with the same text: refused, the outside file intact', async () => {
    const { base, root } = siteWithOutside({ 'docs.json': config(['index']), '../outside.mdx': 'old' });
    const file = path.join(root, 'index.mdx');
    symlinkSync('../outside.mdx', file);
    await expect(writeAtomic(file, 'old', 'new', { root })).rejects.toThrow(
      new UserError(
        `${file} leads outside the site through a symbolic link (to ${path.join(base, 'outside.mdx')}); nothing was written`,
      ),
    );
    expect(readFileSync(path.join(base, 'outside.mdx'), 'utf8')).toBe('old');
  });

  test('a page in a folder that now links outside the site: refused', async () => {
    const { base, root } = siteWithOutside({ 'docs.json': config(['index']), '../elsewhere/page.mdx': 'old' });
    symlinkSync('../elsewhere', path.join(root, 'guides'));
    const file = path.join(root, 'guides/page.mdx');
    await expect(writeAtomic(file, 'old', 'new', { root })).rejects.toThrow(
      new UserError(
        `${file} leads outside the site through a symbolic link (to ${path.join(base, 'elsewhere/page.mdx')}); nothing was written`,
      ),
    );
    expect(readdirSync(path.join(base, 'elsewhere'))).toEqual(['page.mdx']);
    expect(readFileSync(path.join(base, 'elsewhere/page.mdx'), 'utf8')).toBe('old');
  });

  test('a page that is now a FIFO, or a link to one: refused before it is opened (no hang)', async () => {
    const root = tmpSite({ 'docs.json': config(['index']) });
    const file = path.join(root, 'index.mdx');
    mkfifo(file);
    await expect(writeAtomic(file, 'old', 'new', { root })).rejects.toThrow(
      new UserError(`${file} is not a regular file (a FIFO, device or socket); nothing was written`),
    );
    const linked = path.join(root, 'linked.mdx');
    symlinkSync('index.mdx', linked);
    await expect(writeAtomic(linked, 'old', 'new', { root })).rejects.toThrow(
      new UserError(`${linked} is not a regular file (a FIFO, device or socket); nothing was written`),
    );
    expect(readdirSync(root).sort()).toEqual(['docs.json', 'index.mdx', 'linked.mdx']);
  });

  test('a page that is now a link to a device, or to nothing: refused', async () => {
    const root = tmpSite({ 'docs.json': config(['index']) });
    const file = path.join(root, 'index.mdx');
    symlinkSync('/dev/zero', file);
    await expect(writeAtomic(file, 'old', 'new', { root })).rejects.toThrow(
      new UserError(`${file} leads outside the site through a symbolic link (to /dev/zero); nothing was written`),
    );
    const dangling = path.join(root, 'gone.mdx');
    symlinkSync('nowhere.mdx', dangling);
    await expect(writeAtomic(dangling, 'old', 'new', { root })).rejects.toThrow(
      new UserError(`${dangling} is a symbolic link that leads to no file; nothing was written`),
    );
    expect(existsSync(path.join(root, 'nowhere.mdx'))).toBe(false);
  });

  test('through the CLI: a page swapped for a link out of the site between lint and write is one line; the run goes on', async () => {
    const { base, root } = siteWithOutside({
      'docs.json': config(['index']),
      'index.mdx': PAGE,
      '../outside.mdx': PAGE,
    });
    const { lint } = await import('../../src/commands/lint.js');
    const file = path.join(root, 'index.mdx');
    let swapped = false;
    const run = await lint({
      paths: [root],
      cwd: root,
      fix: 'write',
      onProgress: () => {
        if (swapped) return;
        swapped = true;
        rmSync(file);
        symlinkSync('../outside.mdx', file);
      },
    });
    expect(swapped).toBe(true);
    expect(run.fixed.map((f) => f.error)).toEqual([
      `${file} leads outside the site through a symbolic link (to ${path.join(base, 'outside.mdx')}); nothing was written`,
    ]);
    expect(readFileSync(path.join(base, 'outside.mdx'), 'utf8')).toBe(PAGE);
  });
});
