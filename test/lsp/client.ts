import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { REPO } from '../helpers/cli.js';

/**
 * How the tests start the server (arguments to node): `bin/doclint.js lsp --stdio`, as editors
 * run it, when the CLI dispatches the `lsp` command; else the server's own entry point.
 */
function serverCommand(): string[] {
  const cli = spawnSync(process.execPath, [path.join(REPO, 'bin/doclint.js'), 'lsp', '--help'], {
    encoding: 'utf8',
    timeout: 30000,
  });
  if (cli.status === 0 && cli.stdout.startsWith('Usage: doclint lsp'))
    return [path.join(REPO, 'bin/doclint.js'), 'lsp', '--stdio'];
  return [path.join(REPO, 'dist/src/lsp/bin.js'), '--stdio'];
}

export const SERVER_COMMAND = serverCommand();

export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface LspDiagnostic {
  range: LspRange;
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
}

export interface Publication {
  uri: string;
  version?: number;
  diagnostics: LspDiagnostic[];
}

interface Waiter {
  uri: string;
  predicate: (p: Publication) => boolean;
  resolve: (p: Publication) => void;
}

export function uriOf(file: string): string {
  return pathToFileURL(file).href;
}

/** Copies a fixture site into a fresh temp folder (tests rename and rewrite files). */
export function copySite(fixture: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-lsp-'));
  cpSync(path.join(REPO, fixture), root, { recursive: true });
  return root;
}

export interface StartOptions {
  /** Advertise dynamic registration of watched files (as VS Code does). */
  watchFiles?: boolean;
  initializationOptions?: unknown;
  /** Arguments to node that start the server (default SERVER_COMMAND: this repository's). */
  command?: string[];
}

/**
 * A real LSP client over the server's standard input and output (vscode-jsonrpc's node transport),
 * with the server as a child process, exactly as an editor runs it.
 */
export class LspClient {
  readonly publications: Publication[] = [];
  readonly registrations: unknown[] = [];
  readonly logs: string[] = [];
  private readonly waiters: Waiter[] = [];
  private readonly versions = new Map<string, number>();
  stderr = '';

  private constructor(
    readonly child: ChildProcess,
    readonly connection: MessageConnection,
  ) {}

  static async start(options: StartOptions = {}): Promise<LspClient> {
    const child = spawn(process.execPath, options.command ?? SERVER_COMMAND, {
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: REPO,
    });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const client = new LspClient(child, connection);
    child.stderr!.on('data', (chunk: Buffer) => (client.stderr += chunk.toString()));
    connection.onNotification('textDocument/publishDiagnostics', (p: Publication) => client.published(p));
    connection.onNotification('window/logMessage', (p: { message: string }) => void client.logs.push(p.message));
    connection.onRequest('client/registerCapability', (p: unknown) => {
      client.registrations.push(p);
      return null;
    });
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        workspace: { didChangeWatchedFiles: { dynamicRegistration: Boolean(options.watchFiles) } },
        textDocument: {
          publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true },
          synchronization: { didSave: true, dynamicRegistration: false },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
        },
      },
      initializationOptions: options.initializationOptions,
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  private published(p: Publication): void {
    this.publications.push(p);
    for (const w of [...this.waiters]) {
      if (w.uri === p.uri && w.predicate(p)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  }

  /** The next publication for `file` that satisfies `predicate` (registered before the action). */
  next(file: string, predicate: (p: Publication) => boolean = () => true): Promise<Publication> {
    return new Promise((resolve) => this.waiters.push({ uri: uriOf(file), predicate, resolve }));
  }

  /** The next publication for `file` made for its current version. */
  nextForVersion(file: string): Promise<Publication> {
    const version = this.versions.get(uriOf(file));
    return this.next(file, (p) => p.version === version);
  }

  open(file: string, text = readFileSync(file, 'utf8'), languageId = languageOf(file)): Promise<Publication> {
    const uri = uriOf(file);
    this.versions.set(uri, 1);
    const next = this.next(file, (p) => p.version === 1);
    void this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text },
    });
    return next;
  }

  /** Replaces the whole buffer (unsaved), as one incremental change covering the old text. */
  change(file: string, text: string, previous?: string): Promise<Publication> {
    const uri = uriOf(file);
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const next = this.next(file, (p) => p.version === version);
    const changes = previous === undefined ? [{ text }] : [{ range: wholeRange(previous), text }];
    void this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return next;
  }

  /** Sends raw incremental changes. */
  edit(file: string, changes: Array<{ range: LspRange; text: string }>): Promise<Publication> {
    const uri = uriOf(file);
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const next = this.next(file, (p) => p.version === version);
    void this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return next;
  }

  save(file: string): Promise<Publication> {
    const next = this.nextForVersion(file);
    void this.connection.sendNotification('textDocument/didSave', { textDocument: { uri: uriOf(file) } });
    return next;
  }

  close(file: string): Promise<Publication> {
    const next = this.next(file, (p) => p.diagnostics.length === 0 && p.version === undefined);
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf(file) } });
    return next;
  }

  watched(changes: Array<{ file: string; type: 1 | 2 | 3 }>): void {
    void this.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: changes.map((c) => ({ uri: uriOf(c.file), type: c.type })),
    });
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.connection.sendRequest(method, params) as Promise<T>;
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      const timer = setTimeout(() => {
        this.child.kill();
        resolve();
      }, 5000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.connection.dispose();
  }
}

export function languageOf(file: string): string {
  if (file.endsWith('.mdx')) return 'mdx';
  if (file.endsWith('.md')) return 'markdown';
  if (file.endsWith('.json')) return 'json';
  return 'plaintext';
}

export function wholeRange(text: string): LspRange {
  const lines = text.split(/\r\n|\r|\n/);
  return {
    start: { line: 0, character: 0 },
    end: { line: lines.length - 1, character: lines[lines.length - 1]!.length },
  };
}

/** A diagnostic reduced to what the tests compare: `line:char-line:char code severity message`. */
export function brief(d: LspDiagnostic): string {
  const r = d.range;
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ${String(d.code)} ${d.severity} ${d.message}`;
}
