import { createRequire } from 'node:module';

/*
 * How the VS Code extension (editors/vscode) finds the doclint to start for an opened file, and
 * which running server a file belongs to: pure functions over a fake file system, on posix and
 * Windows paths.
 */

interface FileSystem {
  isFile(file: string): boolean;
  readFile(file: string): string | undefined;
  realpath(file: string): string;
}
type Launch = { kind: 'node'; script: string } | { kind: 'command'; command: string; shell: boolean };
type Resolved = { key: string; root: string; launch: Launch; source: string } | { error: string };
interface ServerModule {
  resolveServer(
    input: { file: string; workspaceFolder?: string; configured?: string; platform: string; trusted?: boolean },
    fs: FileSystem,
  ): Resolved;
  entryFromShim(text: string, shimFile: string, platform: string): string | undefined;
  ownerOf(file: string, roots: string[], platform: string): string | undefined;
}

const { resolveServer, entryFromShim, ownerOf } = createRequire(import.meta.url)(
  '../../editors/vscode/server.js',
) as ServerModule;

/** Files (path -> text) and symbolic links (path -> target). */
function fakeFs(files: Record<string, string>, links: Record<string, string> = {}): FileSystem {
  const resolve = (file: string) => links[file] ?? file;
  return {
    isFile: (file) => resolve(file) in files,
    readFile: (file) => files[resolve(file)],
    realpath: (file) => {
      if (!(resolve(file) in files)) throw new Error(`ENOENT: ${file}`);
      return resolve(file);
    },
  };
}

const PKG = JSON.stringify({ name: 'doclint', version: '0.1.0' });
/** The shims npm writes into node_modules/.bin (cmd-shim). */
const NPM_CMD = [
  '@ECHO off',
  'GOTO start',
  ':find_dp0',
  'SET dp0=%~dp0',
  'EXIT /b',
  ':start',
  'SETLOCAL',
  'CALL :find_dp0',
  '',
  'IF EXIST "%dp0%\\node.exe" (',
  '  SET "_prog=%dp0%\\node.exe"',
  ') ELSE (',
  '  SET "_prog=node"',
  '  SET PATHEXT=%PATHEXT:;.JS;=;%',
  ')',
  '',
  'endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\..\\doclint\\bin\\doclint.js" %*',
  '',
].join('\r\n');
const NPM_PS1 =
  '#!/usr/bin/env pwsh\n$basedir=Split-Path $MyInvocation.MyCommand.Definition -Parent\n\n$exe=""\n  & "$basedir/node$exe"  "$basedir/../doclint/bin/doclint.js" $args\n';
const PNPM_SH = [
  '#!/bin/sh',
  'basedir=$(dirname "$(echo "$0" | sed -e \'s,\\\\,/,g\')")',
  'if [ -z "$NODE_PATH" ]; then',
  '  export NODE_PATH="/home/u/site/node_modules/.pnpm/doclint@0.1.0/node_modules/doclint/bin/node_modules:/home/u/site/node_modules/.pnpm/node_modules"',
  'fi',
  'if [ -x "$basedir/node" ]; then',
  '  exec "$basedir/node"  "$basedir/../.pnpm/doclint@0.1.0/node_modules/doclint/bin/doclint.js" "$@"',
  'else',
  '  exec node  "$basedir/../.pnpm/doclint@0.1.0/node_modules/doclint/bin/doclint.js" "$@"',
  'fi',
  '',
].join('\n');

describe('resolveServer: the nearest doclint from the opened file upwards', () => {
  const fs = fakeFs({
    '/repo/package.json': '{}',
    '/repo/node_modules/doclint/package.json': PKG,
    '/repo/node_modules/doclint/bin/doclint.js': '',
    '/repo/docs/package.json': '{}',
    '/repo/docs/node_modules/doclint/package.json': PKG,
    '/repo/docs/node_modules/doclint/bin/doclint.js': '',
    '/repo/docs/guides/intro.mdx': '',
    '/repo/blog/post.mdx': '',
    '/repo/other/node_modules/doclint/package.json': JSON.stringify({ name: 'not-doclint' }),
    '/repo/other/node_modules/doclint/bin/doclint.js': '',
    '/repo/other/page.mdx': '',
  });

  test('a nested package.json with its own doclint: that one, run with node, serving its folder', () => {
    expect(
      resolveServer({ file: '/repo/docs/guides/intro.mdx', workspaceFolder: '/repo', platform: 'linux' }, fs),
    ).toEqual({
      key: 'node:/repo/docs/node_modules/doclint/bin/doclint.js',
      root: '/repo/docs',
      launch: { kind: 'node', script: '/repo/docs/node_modules/doclint/bin/doclint.js' },
      source: '/repo/docs/node_modules/doclint',
    });
  });

  test("a file with no doclint in its own folder gets the repository root's", () => {
    expect(
      resolveServer({ file: '/repo/blog/post.mdx', workspaceFolder: '/repo', platform: 'linux' }, fs),
    ).toMatchObject({
      root: '/repo',
      launch: { kind: 'node', script: '/repo/node_modules/doclint/bin/doclint.js' },
    });
  });

  test('a node_modules/doclint that is another package is passed over', () => {
    expect(
      resolveServer({ file: '/repo/other/page.mdx', workspaceFolder: '/repo/other', platform: 'linux' }, fs),
    ).toMatchObject({ root: '/repo' });
  });

  test('a workspace folder opened below the install still finds it above (a docs folder of a monorepo)', () => {
    expect(
      resolveServer({ file: '/repo/docs/guides', workspaceFolder: '/repo/docs/guides', platform: 'linux' }, fs),
    ).toMatchObject({ root: '/repo/docs' });
  });

  test('multi-root: each workspace folder gets its own doclint', () => {
    const two = fakeFs({
      '/a/node_modules/doclint/package.json': PKG,
      '/a/node_modules/doclint/bin/doclint.js': '',
      '/a/index.mdx': '',
      '/b/node_modules/doclint/package.json': PKG,
      '/b/node_modules/doclint/bin/doclint.js': '',
      '/b/index.mdx': '',
    });
    const a = resolveServer({ file: '/a/index.mdx', workspaceFolder: '/a', platform: 'linux' }, two);
    const b = resolveServer({ file: '/b/index.mdx', workspaceFolder: '/b', platform: 'linux' }, two);
    expect([a, b].map((r) => ('key' in r ? [r.key, r.root] : r))).toEqual([
      ['node:/a/node_modules/doclint/bin/doclint.js', '/a'],
      ['node:/b/node_modules/doclint/bin/doclint.js', '/b'],
    ]);
  });

  test('only a .bin link (npm, yarn): its target, run with node', () => {
    const linked = fakeFs(
      { '/store/doclint/bin/doclint.js': '', '/site/index.mdx': '' },
      { '/site/node_modules/.bin/doclint': '/store/doclint/bin/doclint.js' },
    );
    expect(
      resolveServer({ file: '/site/index.mdx', workspaceFolder: '/site', platform: 'darwin' }, linked),
    ).toMatchObject({
      root: '/site',
      launch: { kind: 'node', script: '/store/doclint/bin/doclint.js' },
      source: '/site/node_modules/.bin/doclint',
    });
  });

  test("only a pnpm .bin shell script: the entry it names, run with node (not the script's PATH node)", () => {
    const pnpm = fakeFs({
      '/home/u/site/node_modules/.bin/doclint': PNPM_SH,
      '/home/u/site/node_modules/.pnpm/doclint@0.1.0/node_modules/doclint/bin/doclint.js': '',
      '/home/u/site/docs/index.mdx': '',
    });
    expect(
      resolveServer({ file: '/home/u/site/docs/index.mdx', workspaceFolder: '/home/u/site', platform: 'linux' }, pnpm),
    ).toMatchObject({
      root: '/home/u/site',
      launch: {
        kind: 'node',
        script: '/home/u/site/node_modules/.pnpm/doclint@0.1.0/node_modules/doclint/bin/doclint.js',
      },
    });
  });

  test('nothing installed: `doclint` on the PATH, for the workspace folder, without a shell', () => {
    expect(
      resolveServer(
        { file: '/site/index.mdx', workspaceFolder: '/site', platform: 'linux' },
        fakeFs({ '/site/index.mdx': '' }),
      ),
    ).toEqual({
      key: 'command:doclint:/site',
      root: '/site',
      launch: { kind: 'command', command: 'doclint', shell: false },
      source: 'PATH',
    });
  });
});

describe('resolveServer in an untrusted workspace: nothing of the workspace runs', () => {
  const fs = fakeFs({
    '/repo/node_modules/doclint/package.json': PKG,
    '/repo/node_modules/doclint/bin/doclint.js': '',
    '/repo/node_modules/.bin/doclint': '',
    '/repo/tools/doclint.js': '',
    '/home/u/bin/doclint.js': '',
    '/repo/index.mdx': '',
  });
  const untrusted = (configured?: string) =>
    resolveServer(
      { file: '/repo/index.mdx', workspaceFolder: '/repo', platform: 'linux', configured, trusted: false },
      fs,
    );
  const fromPath = {
    key: 'command:doclint:/repo',
    root: '/repo',
    launch: { kind: 'command', command: 'doclint', shell: false },
    source: 'PATH (untrusted workspace)',
  };

  test("the workspace's node_modules/doclint and its .bin are passed over: doclint on the PATH", () => {
    expect(untrusted()).toEqual(fromPath);
  });

  test('a doclint.path inside the workspace (relative or absolute) is passed over; one outside it is used', () => {
    expect(untrusted('tools/doclint.js')).toEqual(fromPath);
    expect(untrusted('/repo/tools/doclint.js')).toEqual(fromPath);
    expect(untrusted('/home/u/bin/doclint.js')).toMatchObject({
      launch: { kind: 'node', script: '/home/u/bin/doclint.js' },
    });
  });
});

describe('resolveServer on Windows: never spawn a .cmd shim without a shell', () => {
  test('node_modules\\.bin\\doclint.cmd: the .js entry the shim runs, started with node', () => {
    const fs = fakeFs({
      'C:\\work\\site\\node_modules\\.bin\\doclint.cmd': NPM_CMD,
      'C:\\work\\site\\node_modules\\.bin\\doclint.ps1': NPM_PS1,
      'C:\\work\\site\\node_modules\\doclint\\bin\\doclint.js': '',
      'C:\\work\\site\\pages\\intro.mdx': '',
    });
    // No package.json in node_modules\doclint here: only the shim leads to it.
    expect(
      resolveServer(
        { file: 'C:\\work\\site\\pages\\intro.mdx', workspaceFolder: 'C:\\work\\site', platform: 'win32' },
        fs,
      ),
    ).toEqual({
      key: 'node:C:\\work\\site\\node_modules\\doclint\\bin\\doclint.js',
      root: 'C:\\work\\site',
      launch: { kind: 'node', script: 'C:\\work\\site\\node_modules\\doclint\\bin\\doclint.js' },
      source: 'C:\\work\\site\\node_modules\\.bin\\doclint.cmd',
    });
  });

  test('node_modules\\doclint itself: its bin\\doclint.js', () => {
    const fs = fakeFs({
      'C:\\work\\node_modules\\doclint\\package.json': PKG,
      'C:\\work\\node_modules\\doclint\\bin\\doclint.js': '',
      'C:\\work\\node_modules\\.bin\\doclint.cmd': NPM_CMD,
      'C:\\work\\docs\\a.mdx': '',
    });
    expect(
      resolveServer({ file: 'C:\\work\\docs\\a.mdx', workspaceFolder: 'C:\\work\\docs', platform: 'win32' }, fs),
    ).toMatchObject({
      root: 'C:\\work',
      launch: { kind: 'node', script: 'C:\\work\\node_modules\\doclint\\bin\\doclint.js' },
    });
  });

  test('a .cmd whose entry cannot be read: run with a shell, the only way Node.js spawns a .cmd', () => {
    const fs = fakeFs({
      'C:\\site\\node_modules\\.bin\\doclint.cmd': '@echo off\r\nsomething-else %*\r\n',
      'C:\\site\\a.mdx': '',
    });
    expect(
      resolveServer({ file: 'C:\\site\\a.mdx', workspaceFolder: 'C:\\site', platform: 'win32' }, fs),
    ).toMatchObject({
      launch: { kind: 'command', command: 'C:\\site\\node_modules\\.bin\\doclint.cmd', shell: true },
    });
  });

  test('nothing installed: `doclint` on the PATH with a shell (it is a doclint.cmd there)', () => {
    expect(
      resolveServer(
        { file: 'C:\\site\\a.mdx', workspaceFolder: 'C:\\site', platform: 'win32' },
        fakeFs({ 'C:\\site\\a.mdx': '' }),
      ),
    ).toMatchObject({
      root: 'C:\\site',
      launch: { kind: 'command', command: 'doclint', shell: true },
    });
  });
});

describe('resolveServer: the doclint.path setting', () => {
  const fs = fakeFs({
    '/ws/tools/doclint/bin/doclint.js': '',
    '/opt/doclint/bin/doclint.js': '',
    '/ws/docs/a.mdx': '',
    'C:\\ws\\node_modules\\.bin\\doclint.cmd': NPM_CMD,
    'C:\\ws\\node_modules\\doclint\\bin\\doclint.js': '',
    'C:\\ws\\a.mdx': '',
  });

  test('a .js entry relative to the workspace folder, or absolute', () => {
    expect(
      resolveServer(
        {
          file: '/ws/docs/a.mdx',
          workspaceFolder: '/ws',
          configured: 'tools/doclint/bin/doclint.js',
          platform: 'linux',
        },
        fs,
      ),
    ).toMatchObject({
      root: '/ws',
      launch: { kind: 'node', script: '/ws/tools/doclint/bin/doclint.js' },
      source: 'doclint.path',
    });
    expect(
      resolveServer(
        {
          file: '/ws/docs/a.mdx',
          workspaceFolder: '/ws',
          configured: '/opt/doclint/bin/doclint.js',
          platform: 'linux',
        },
        fs,
      ),
    ).toMatchObject({
      launch: { kind: 'node', script: '/opt/doclint/bin/doclint.js' },
    });
  });

  test('a .cmd shim on Windows: its entry, with node', () => {
    expect(
      resolveServer(
        {
          file: 'C:\\ws\\a.mdx',
          workspaceFolder: 'C:\\ws',
          configured: 'node_modules\\.bin\\doclint.cmd',
          platform: 'win32',
        },
        fs,
      ),
    ).toMatchObject({
      launch: { kind: 'node', script: 'C:\\ws\\node_modules\\doclint\\bin\\doclint.js' },
    });
  });

  test('a command name: on the PATH (with a shell on Windows only)', () => {
    expect(
      resolveServer(
        { file: '/ws/docs/a.mdx', workspaceFolder: '/ws', configured: 'my-doclint', platform: 'linux' },
        fs,
      ),
    ).toMatchObject({
      launch: { kind: 'command', command: 'my-doclint', shell: false },
    });
    expect(
      resolveServer(
        { file: 'C:\\ws\\a.mdx', workspaceFolder: 'C:\\ws', configured: 'my-doclint', platform: 'win32' },
        fs,
      ),
    ).toMatchObject({
      launch: { kind: 'command', command: 'my-doclint', shell: true },
    });
  });

  test('a path that is not there, or relative with no workspace folder: an error to show, nothing started', () => {
    expect(
      resolveServer(
        { file: '/ws/docs/a.mdx', workspaceFolder: '/ws', configured: 'missing/doclint.js', platform: 'linux' },
        fs,
      ),
    ).toEqual({
      error: 'doclint.path "missing/doclint.js": there is no file /ws/missing/doclint.js',
    });
    expect(
      resolveServer({ file: '/elsewhere/a.mdx', configured: 'tools/doclint/bin/doclint.js', platform: 'linux' }, fs),
    ).toEqual({
      error: 'doclint.path "tools/doclint/bin/doclint.js" is relative, and the file is in no workspace folder',
    });
  });
});

describe('entryFromShim', () => {
  test.each([
    [
      'npm .cmd',
      NPM_CMD,
      'C:\\p\\node_modules\\.bin\\doclint.cmd',
      'win32',
      'C:\\p\\node_modules\\doclint\\bin\\doclint.js',
    ],
    [
      'npm .ps1',
      NPM_PS1,
      'C:\\p\\node_modules\\.bin\\doclint.ps1',
      'win32',
      'C:\\p\\node_modules\\doclint\\bin\\doclint.js',
    ],
    [
      'pnpm sh',
      PNPM_SH,
      '/p/node_modules/.bin/doclint',
      'linux',
      '/p/node_modules/.pnpm/doclint@0.1.0/node_modules/doclint/bin/doclint.js',
    ],
    [
      'an absolute path',
      '#!/bin/sh\nexec node "/opt/doclint/bin/doclint.js" "$@"\n',
      '/p/node_modules/.bin/doclint',
      'linux',
      '/opt/doclint/bin/doclint.js',
    ],
    [
      'no .js named (package.json is not one)',
      '#!/bin/sh\nexec doclint-native --config "$basedir/package.json" "$@"\n',
      '/p/node_modules/.bin/doclint',
      'linux',
      undefined,
    ],
  ])('%s', (_name, text, shim, platform, expected) => {
    expect(entryFromShim(text, shim, platform)).toBe(expected);
  });
});

describe('ownerOf: one server per file, the deepest root holding it', () => {
  test('nested roots', () => {
    const roots = ['/repo', '/repo/docs', '/other'];
    expect(
      ['/repo/docs/a.mdx', '/repo/blog/b.mdx', '/repo/docs-old/c.mdx', '/other/x.json', '/nowhere/y.mdx'].map((f) =>
        ownerOf(f, roots, 'linux'),
      ),
    ).toEqual(['/repo/docs', '/repo', '/repo', '/other', undefined]);
  });

  test('Windows paths compare without case', () => {
    expect(ownerOf('C:\\Work\\Docs\\a.mdx', ['c:\\work', 'c:\\work\\docs'], 'win32')).toBe('c:\\work\\docs');
    expect(ownerOf('/Work/Docs/a.mdx', ['/work/docs'], 'linux')).toBeUndefined();
  });
});
