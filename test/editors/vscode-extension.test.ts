import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * The VS Code extension (editors/vscode/extension.js) run against a stand-in of the `vscode` API
 * and of vscode-languageclient, on real folders: which servers it starts for the open files,
 * which files each one gets, and the "Restart server" command.
 */

interface FakeDocument {
  uri: { scheme: string; fsPath: string };
  languageId: string;
}
interface StartedClient {
  id: string;
  serverOptions: Record<string, unknown>;
  clientOptions: {
    initializationOptions?: Record<string, unknown>;
    middleware: Record<string, (...args: unknown[]) => unknown>;
    documentSelector: Array<{ pattern?: { base: string; pattern: string } }>;
  };
  stopped: boolean;
}

const uri = (fsPath: string) => ({ scheme: 'file', fsPath });
const doc = (fsPath: string, languageId = 'mdx'): FakeDocument => ({ uri: uri(fsPath), languageId });

function loadExtension(
  folders: string[],
  documents: FakeDocument[],
  settings: Record<string, unknown> = {},
  trust: { trusted: boolean } = { trusted: true },
) {
  const clients: StartedClient[] = [];
  const commands = new Map<string, () => Promise<void>>();
  const errors: string[] = [];
  const channels: Array<{ name: string; log: boolean }> = [];
  const listeners: Record<string, (arg: unknown) => void> = {};
  const vscode = {
    Uri: { file: uri },
    RelativePattern: class {
      constructor(
        readonly base: string,
        readonly pattern: string,
      ) {}
    },
    workspace: {
      get isTrusted() {
        return trust.trusted;
      },
      onDidGrantWorkspaceTrust: (f: (arg: unknown) => void) => ((listeners.trust = f), { dispose() {} }),
      textDocuments: documents,
      getWorkspaceFolder: (u: { fsPath: string }) => {
        const folder = folders
          .filter((f) => u.fsPath === f || u.fsPath.startsWith(f + path.sep))
          .sort((a, b) => b.length - a.length)[0];
        return folder ? { uri: uri(folder) } : undefined;
      },
      getConfiguration: () => ({ get: (key: string, fallback: unknown) => settings[key] ?? fallback }),
      onDidOpenTextDocument: (f: (arg: unknown) => void) => ((listeners.open = f), { dispose() {} }),
      onDidChangeWorkspaceFolders: (f: (arg: unknown) => void) => ((listeners.folders = f), { dispose() {} }),
      onDidChangeConfiguration: (f: (arg: unknown) => void) => ((listeners.config = f), { dispose() {} }),
    },
    window: {
      // The real API's two shapes: vscode-languageclient 11 logs through a LogOutputChannel's
      // error/warn/info and listens to its onDidChangeLogLevel, which a plain OutputChannel lacks.
      createOutputChannel: (name: string, options?: { log?: boolean }) => {
        channels.push({ name, log: options?.log === true });
        const plain = { name, appendLine() {}, append() {}, clear() {}, show() {}, hide() {}, dispose() {} };
        return options?.log === true
          ? {
              ...plain,
              logLevel: 2,
              trace() {},
              debug() {},
              info() {},
              warn() {},
              error() {},
              onDidChangeLogLevel: () => ({ dispose() {} }),
            }
          : plain;
      },
      showErrorMessage: (message: string) => void errors.push(message),
    },
    commands: { registerCommand: (id: string, fn: () => Promise<void>) => (commands.set(id, fn), { dispose() {} }) },
  };
  const languageClient = {
    TransportKind: { stdio: 0 },
    LanguageClient: class {
      readonly record: StartedClient;
      constructor(
        id: string,
        _name: string,
        serverOptions: Record<string, unknown>,
        clientOptions: StartedClient['clientOptions'],
      ) {
        this.record = { id, serverOptions, clientOptions, stopped: false };
        clients.push(this.record);
      }
      start() {
        return Promise.resolve();
      }
      stop() {
        this.record.stopped = true;
        return Promise.resolve();
      }
    },
  };
  const file = path.join(REPO, 'editors/vscode/extension.js');
  const realRequire = createRequire(file);
  const module = {
    exports: {} as { activate(context: { subscriptions: unknown[] }): Promise<void>; deactivate(): Promise<void> },
  };
  const load = (name: string) =>
    name === 'vscode' ? vscode : name === 'vscode-languageclient/node' ? languageClient : realRequire(name);
  new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(load, module, module.exports);
  return { extension: module.exports, clients, commands, errors, listeners, channels };
}

function install(dir: string) {
  mkdirSync(path.join(dir, 'node_modules/doclint/bin'), { recursive: true });
  writeFileSync(path.join(dir, 'node_modules/doclint/package.json'), JSON.stringify({ name: 'doclint' }));
  writeFileSync(path.join(dir, 'node_modules/doclint/bin/doclint.js'), '');
}

describe('the VS Code extension', () => {
  const base = tmpSite({
    'a/index.mdx': '',
    'a/docs.json': '{}',
    'a/docs/page.mdx': '',
    'a/docs/docs.json': '{}',
    'b/index.mdx': '',
    'b/docs.json': '{}',
    'b/notes.txt': '',
    'c/.vscode/settings.json': '{}',
    'c/README.md': '',
  });
  const [a, nested, b, c] = [
    path.join(base, 'a'),
    path.join(base, 'a/docs'),
    path.join(base, 'b'),
    path.join(base, 'c'),
  ];
  install(a);
  install(nested);
  // A doclint on the PATH (for the folders with none of their own): the extension looks for it before starting it.
  const bin = path.join(base, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, process.platform === 'win32' ? 'doclint.cmd' : 'doclint'), '', { mode: 0o755 });
  const savedPath = process.env.PATH;
  beforeAll(() => {
    process.env.PATH = [bin, savedPath].join(path.delimiter);
  });
  afterAll(() => {
    process.env.PATH = savedPath;
  });

  test('one server per doclint the open files need (nested and multi-root), started with node or from the PATH', async () => {
    const { extension, clients, commands, channels } = loadExtension(
      [a, b],
      [
        doc(path.join(a, 'index.mdx')),
        doc(path.join(nested, 'page.mdx')),
        doc(path.join(nested, 'docs.json'), 'json'),
        doc(path.join(b, 'index.mdx')),
        doc(path.join(b, 'notes.txt'), 'plaintext'),
      ],
    );
    await extension.activate({ subscriptions: [] });
    expect(clients.map((c) => c.serverOptions)).toEqual([
      { module: path.join(a, 'node_modules/doclint/bin/doclint.js'), args: ['lsp'], transport: 0 },
      { module: path.join(nested, 'node_modules/doclint/bin/doclint.js'), args: ['lsp'], transport: 0 },
      { command: 'doclint', args: ['lsp', '--stdio'], options: { shell: process.platform === 'win32' } },
    ]);
    expect(clients.map((c) => c.clientOptions.documentSelector[0]!.pattern!.base)).toEqual([a, nested, b]);
    expect([...commands.keys()]).toEqual(['doclint.restartServer']);
    expect(channels).toEqual([{ name: 'doclint', log: true }]);
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'editors/vscode/package.json'), 'utf8')) as {
      contributes: { commands: Array<{ command: string }> };
    };
    expect(manifest.contributes.commands.map((c) => c.command)).toEqual(['doclint.restartServer']);
  });

  test('a file reaches only the server of the deepest root holding it, and so do its diagnostics', async () => {
    const { extension, clients } = loadExtension(
      [a],
      [doc(path.join(a, 'index.mdx')), doc(path.join(nested, 'page.mdx'))],
    );
    await extension.activate({ subscriptions: [] });
    const [outer, inner] = clients.map((c) => c.clientOptions.middleware);
    const forwarded: string[] = [];
    const next = (d: FakeDocument) => void forwarded.push(d.uri.fsPath);
    await outer!.didOpen!(doc(path.join(nested, 'page.mdx')), next);
    await outer!.didOpen!(doc(path.join(a, 'index.mdx')), next);
    await inner!.didChange!({ document: doc(path.join(nested, 'page.mdx')) }, (e: { document: FakeDocument }) =>
      next(e.document),
    );
    await inner!.didSave!(doc(path.join(a, 'index.mdx')), next);
    expect(forwarded).toEqual([path.join(a, 'index.mdx'), path.join(nested, 'page.mdx')]);
    const shown: string[] = [];
    outer!.handleDiagnostics!(uri(path.join(nested, 'docs.json')), [], (u: { fsPath: string }) =>
      shown.push(`outer ${u.fsPath}`),
    );
    inner!.handleDiagnostics!(uri(path.join(nested, 'docs.json')), [], (u: { fsPath: string }) =>
      shown.push(`inner ${u.fsPath}`),
    );
    expect(shown).toEqual([`inner ${path.join(nested, 'docs.json')}`]);
  });

  test('"Restart server" stops every server and starts what the open files need again', async () => {
    const { extension, clients, commands } = loadExtension(
      [a, b],
      [doc(path.join(a, 'index.mdx')), doc(path.join(b, 'index.mdx'))],
    );
    await extension.activate({ subscriptions: [] });
    expect(clients.map((c) => c.stopped)).toEqual([false, false]);
    await commands.get('doclint.restartServer')!();
    expect(clients.map((c) => c.stopped)).toEqual([true, true, false, false]);
    expect(clients.slice(2).map((c) => c.id)).toEqual(clients.slice(0, 2).map((c) => c.id));
  });

  test("an untrusted workspace: doclint from the PATH with --no-plugins, never the workspace's own; trust granted restarts with it", async () => {
    const trust = { trusted: false };
    const { extension, clients, listeners } = loadExtension(
      [a],
      [doc(path.join(a, 'index.mdx'))],
      { path: 'node_modules/doclint/bin/doclint.js' },
      trust,
    );
    await extension.activate({ subscriptions: [] });
    expect(clients.map((c) => [c.serverOptions, c.clientOptions.initializationOptions])).toEqual([
      [
        {
          command: 'doclint',
          args: ['lsp', '--stdio', '--no-plugins'],
          options: { shell: process.platform === 'win32' },
        },
        { rules: {}, plugins: false },
      ],
    ]);
    trust.trusted = true;
    listeners.trust!(undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(clients.map((c) => c.stopped)).toEqual([true, false]);
    expect([clients[1]!.serverOptions, clients[1]!.clientOptions.initializationOptions]).toEqual([
      { module: path.join(a, 'node_modules/doclint/bin/doclint.js'), args: ['lsp'], transport: 0 },
      { rules: {} },
    ]);
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'editors/vscode/package.json'), 'utf8')) as {
      capabilities: { untrustedWorkspaces: { supported: unknown; restrictedConfigurations: string[] } };
    };
    expect(manifest.capabilities.untrustedWorkspaces.supported).toBe('limited');
    expect(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations).toEqual(['doclint.path']);
  });

  test('a JSON or Markdown file with no docs.json at or above it starts nothing', async () => {
    install(c);
    const { extension, clients, errors } = loadExtension(
      [c],
      [doc(path.join(c, '.vscode/settings.json'), 'json'), doc(path.join(c, 'README.md'), 'markdown')],
    );
    await extension.activate({ subscriptions: [] });
    expect(clients).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('restricted mode with no doclint on the PATH: one message saying what to do and which PATH was searched', async () => {
    const saved = process.env.PATH;
    process.env.PATH = [path.join(base, 'nowhere'), path.join(base, 'nor-here')].join(path.delimiter);
    try {
      const { extension, clients, errors } = loadExtension(
        [b],
        [doc(path.join(b, 'index.mdx')), doc(path.join(b, 'docs.json'), 'json')],
        {},
        { trusted: false },
      );
      await extension.activate({ subscriptions: [] });
      expect(clients).toEqual([]);
      expect(errors).toEqual([
        'doclint: this folder is in restricted mode, where doclint runs only from the PATH, and there is none on it. Trust the folder (to use its own node_modules/doclint), or install doclint on the PATH. ' +
          `Searched: ${process.env.PATH}`,
      ]);
    } finally {
      process.env.PATH = saved;
    }
  });

  test('a doclint.path that is not there: one error, no server', async () => {
    const { extension, clients, errors } = loadExtension(
      [a],
      [doc(path.join(a, 'index.mdx')), doc(path.join(nested, 'page.mdx'))],
      {
        path: 'tools/missing.js',
      },
    );
    await extension.activate({ subscriptions: [] });
    expect(clients).toEqual([]);
    expect(errors).toEqual([
      `doclint: doclint.path "tools/missing.js": there is no file ${path.join(a, 'tools/missing.js')}`,
    ]);
  });
});
