import { readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/*
 * A stand-in for the `vscode` module, for running the extension with the real vscode-languageclient
 * in a test. It models the members of VS Code's API that the extension and the client use, with the
 * real API's shapes and behaviour; everything else is missing, as it would be from a VS Code that
 * lacks it: reading a member this stand-in does not model throws, naming it, so that a new use is
 * modelled on purpose (from VS Code's API documentation), never accepted blindly.
 *
 * Two shapes matter most: `window.createOutputChannel(name)` gives a plain OutputChannel (append,
 * appendLine, clear, show, hide, replace, dispose, name) and only `createOutputChannel(name, { log: true })`
 * a LogOutputChannel (trace/debug/info/warn/error, logLevel, onDidChangeLogLevel), as in VS Code.
 */

type Listener<T> = (event: T) => unknown;

export class Disposable {
  constructor(private readonly onDispose?: () => unknown) {}
  static from(...items: Array<{ dispose(): unknown }>): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.onDispose?.();
  }
}

export class EventEmitter<T> {
  private listeners: Array<Listener<T>> = [];
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.push(listener);
    return new Disposable(() => (this.listeners = this.listeners.filter((l) => l !== listener)));
  };
  fire(event: T): void {
    for (const listener of [...this.listeners]) listener(event);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query = '',
    readonly fragment = '',
  ) {}
  static file(fsPath: string): Uri {
    return new Uri('file', '', fsPath.split(path.sep).join('/'));
  }
  static parse(value: string): Uri {
    const match = /^([a-z][a-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/i.exec(value);
    if (!match) throw new Error(`[UriError]: cannot parse ${value}`);
    return new Uri(match[1]!, match[2] ?? '', decodeURIComponent(match[3] ?? ''), match[4] ?? '', match[5] ?? '');
  }
  get fsPath(): string {
    return this.path.split('/').join(path.sep);
  }
  with(change: { scheme?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(
      change.scheme ?? this.scheme,
      this.authority,
      change.path ?? this.path,
      change.query ?? this.query,
      change.fragment ?? this.fragment,
    );
  }
  toString(): string {
    const encoded = this.path
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    return `${this.scheme}://${this.authority}${encoded}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
  toJSON(): unknown {
    return { scheme: this.scheme, path: this.path };
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {
    if (line < 0 || character < 0) throw new Error('Illegal argument: line and character must be non-negative');
  }
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(
    startLine: number | Position,
    startCharacter: number | Position,
    endLine?: number,
    endCharacter?: number,
  ) {
    if (startLine instanceof Position && startCharacter instanceof Position) {
      [this.start, this.end] = [startLine, startCharacter];
    } else {
      this.start = new Position(startLine as number, startCharacter as number);
      this.end = new Position(endLine!, endCharacter!);
    }
  }
}

export class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range | Position,
  ) {}
}

export enum DiagnosticSeverity {
  Error = 0,
  Warning = 1,
  Information = 2,
  Hint = 3,
}

export enum LogLevel {
  Off = 0,
  Trace = 1,
  Debug = 2,
  Info = 3,
  Warning = 4,
  Error = 5,
}

export enum DiagnosticTag {
  Unnecessary = 1,
  Deprecated = 2,
}

export class DiagnosticRelatedInformation {
  constructor(
    readonly location: Location,
    readonly message: string,
  ) {}
}

export class Diagnostic {
  source?: string;
  code?: string | number | { value: string | number; target: Uri };
  relatedInformation?: DiagnosticRelatedInformation[];
  tags?: DiagnosticTag[];
  constructor(
    readonly range: Range,
    readonly message: string,
    readonly severity: DiagnosticSeverity = DiagnosticSeverity.Error,
  ) {}
}

export class CodeActionKind {
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly Refactor = new CodeActionKind('refactor');
  static readonly RefactorExtract = new CodeActionKind('refactor.extract');
  static readonly RefactorInline = new CodeActionKind('refactor.inline');
  static readonly RefactorMove = new CodeActionKind('refactor.move');
  static readonly RefactorRewrite = new CodeActionKind('refactor.rewrite');
  static readonly Source = new CodeActionKind('source');
  static readonly SourceOrganizeImports = new CodeActionKind('source.organizeImports');
  static readonly SourceFixAll = new CodeActionKind('source.fixAll');
  static readonly Notebook = new CodeActionKind('notebook');
  constructor(readonly value: string) {}
  append(part: string): CodeActionKind {
    return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
  contains(other: CodeActionKind): boolean {
    return this.value === other.value || other.value.startsWith(`${this.value}.`) || this.value === '';
  }
}

export class RelativePattern {
  readonly baseUri: Uri;
  constructor(
    readonly base: string,
    readonly pattern: string,
  ) {
    this.baseUri = Uri.file(base);
  }
}

export class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
  cancel(): void {
    if (this.token.isCancellationRequested) return;
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose(): void {
    this.emitter.dispose();
  }
}

/** Classes the client extends as it loads (its own subclasses of the API's items). */
class ApiItem {}

/** A text document as VS Code gives it: the file's text at open. */
export function textDocument(file: string, languageId: string) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  return {
    uri: Uri.file(file),
    fileName: file,
    languageId,
    version: 1,
    isClosed: false,
    isDirty: false,
    isUntitled: false,
    lineCount: lines.length,
    getText: () => text,
  };
}
export type TextDocument = ReturnType<typeof textDocument>;

/** A namespace of the API: the members given, and an error for any other member read. */
function namespace<T extends object>(name: string, members: T): T {
  name = name === 'vscode' ? 'vscode' : `vscode.${name}`;
  return new Proxy(members, {
    get(target, key) {
      if (typeof key === 'symbol' || key in target) return Reflect.get(target, key);
      // Not members of VS Code's API: asked by module interop and promise checks, undefined there too.
      if (key === '__esModule' || key === 'then') return undefined;
      throw new Error(`the vscode stand-in does not model ${name}.${key}: model it from VS Code's API first`);
    },
  });
}

export interface ApiRecord {
  channels: Array<{ name: string; log: boolean; lines: string[] }>;
  errors: string[];
  diagnostics: Map<string, Diagnostic[]>;
  commands: Map<string, (...args: unknown[]) => unknown>;
}

export interface ApiOptions {
  folders: string[];
  documents: TextDocument[];
  settings?: Record<string, unknown>;
  trusted?: boolean;
}

/** The `vscode` module for one test: what the extension and the client did is in `record`. */
export function vscodeApi({ folders, documents, settings = {}, trusted = true }: ApiOptions) {
  const record: ApiRecord = { channels: [], errors: [], diagnostics: new Map(), commands: new Map() };
  const event = () => new EventEmitter<unknown>().event;
  const workspaceFolders = folders.map((folder, index) => ({
    uri: Uri.file(folder),
    name: path.basename(folder),
    index,
  }));
  const configuration = (section?: string) => ({
    get: (key: string, fallback?: unknown) => {
      const full = section ? `${section}.${key}` : key;
      return full in settings ? settings[full] : (settings[key.replace(/^doclint\./, '')] ?? fallback);
    },
    has: (key: string) => key in settings,
    inspect: () => undefined,
    update: () => Promise.resolve(),
  });

  function outputChannel(name: string, options?: { log?: boolean } | string) {
    const log = typeof options === 'object' && options.log === true;
    const entry = { name, log, lines: [] as string[] };
    record.channels.push(entry);
    const plain = {
      name,
      append: (text: string) => void entry.lines.push(text),
      appendLine: (line: string) => void entry.lines.push(line),
      replace: (text: string) => void (entry.lines = [text]),
      clear: () => void (entry.lines = []),
      show: () => undefined,
      hide: () => undefined,
      dispose: () => undefined,
    };
    if (!log) return plain;
    const level = (prefix: string) => (message: string | Error) =>
      void entry.lines.push(`[${prefix}] ${String(message instanceof Error ? message.message : message)}`);
    return {
      ...plain,
      logLevel: LogLevel.Info,
      onDidChangeLogLevel: event(),
      trace: level('trace'),
      debug: level('debug'),
      info: level('info'),
      warn: level('warning'),
      error: level('error'),
    };
  }

  /** VS Code's languages.match for the selectors the extension gives: 10 for a match, else 0. */
  function match(selector: unknown, document: TextDocument): number {
    const filters = (Array.isArray(selector) ? selector : [selector]) as Array<
      string | { scheme?: string; language?: string; pattern?: string | RelativePattern }
    >;
    let best = 0;
    for (const filter of filters) {
      if (typeof filter === 'string') {
        if (filter === document.languageId) best = Math.max(best, 10);
        continue;
      }
      if (filter.scheme && filter.scheme !== document.uri.scheme) continue;
      if (filter.language && filter.language !== document.languageId) continue;
      if (filter.pattern) {
        const [base, glob] =
          typeof filter.pattern === 'string' ? ['', filter.pattern] : [filter.pattern.base, filter.pattern.pattern];
        const relative = base ? path.relative(base, document.uri.fsPath) : document.uri.fsPath;
        if (relative.startsWith('..') || !picomatch(glob, { dot: true })(relative.split(path.sep).join('/'))) continue;
      }
      best = Math.max(best, 10);
    }
    return best;
  }

  const registration = () => new Disposable();
  const languages = namespace('languages', {
    match,
    createDiagnosticCollection: (name = 'doclint') =>
      namespace('DiagnosticCollection', {
        name,
        set: (uri: Uri | Array<[Uri, Diagnostic[]]>, diagnostics?: Diagnostic[]) => {
          const entries = Array.isArray(uri) ? uri : [[uri, diagnostics ?? []] as [Uri, Diagnostic[]]];
          for (const [u, d] of entries) record.diagnostics.set(u.fsPath, [...(d ?? [])]);
        },
        delete: (uri: Uri) => void record.diagnostics.delete(uri.fsPath),
        clear: () => record.diagnostics.clear(),
        forEach: () => undefined,
        get: (uri: Uri) => record.diagnostics.get(uri.fsPath),
        has: (uri: Uri) => record.diagnostics.has(uri.fsPath),
        dispose: () => undefined,
      }),
    registerCodeActionsProvider: registration,
    registerHoverProvider: registration,
    registerCompletionItemProvider: registration,
  });
  const api = {
    version: '1.139.1',
    Disposable,
    EventEmitter,
    Uri,
    Position,
    Range,
    Location,
    Diagnostic,
    DiagnosticSeverity,
    DiagnosticTag,
    DiagnosticRelatedInformation,
    LogLevel,
    CancellationTokenSource,
    CodeActionKind,
    RelativePattern,
    CompletionItem: class extends ApiItem {},
    CodeLens: class extends ApiItem {},
    DocumentLink: class extends ApiItem {},
    CodeAction: class extends ApiItem {},
    CallHierarchyItem: class extends ApiItem {},
    TypeHierarchyItem: class extends ApiItem {},
    SymbolInformation: class extends ApiItem {},
    InlayHint: class extends ApiItem {},
    CancellationError: class extends Error {},
    window: namespace('window', {
      createOutputChannel: outputChannel,
      showErrorMessage: (message: string) => (record.errors.push(message), Promise.resolve(undefined)),
      showWarningMessage: (message: string) => (record.errors.push(message), Promise.resolve(undefined)),
      showInformationMessage: () => Promise.resolve(undefined),
      activeTextEditor: undefined,
      visibleTextEditors: [],
      onDidChangeVisibleTextEditors: event(),
      onDidChangeActiveTextEditor: event(),
      tabGroups: namespace('tabGroups', { all: [], onDidChangeTabs: event(), onDidChangeTabGroups: event() }),
    }),
    workspace: namespace('workspace', {
      get isTrusted() {
        return trusted;
      },
      workspaceFolders,
      textDocuments: documents,
      notebookDocuments: [],
      getWorkspaceFolder: (uri: Uri) =>
        workspaceFolders
          .filter((f) => uri.fsPath === f.uri.fsPath || uri.fsPath.startsWith(f.uri.fsPath + path.sep))
          .sort((a, b) => b.uri.fsPath.length - a.uri.fsPath.length)[0],
      getConfiguration: configuration,
      createFileSystemWatcher: () =>
        namespace('FileSystemWatcher', {
          onDidCreate: event(),
          onDidChange: event(),
          onDidDelete: event(),
          dispose: () => undefined,
          ignoreCreateEvents: false,
        }),
      onDidOpenTextDocument: event(),
      onDidChangeTextDocument: event(),
      onDidCloseTextDocument: event(),
      onWillSaveTextDocument: event(),
      onDidSaveTextDocument: event(),
      onDidCreateFiles: event(),
      onDidRenameFiles: event(),
      onDidDeleteFiles: event(),
      onWillCreateFiles: event(),
      onWillRenameFiles: event(),
      onWillDeleteFiles: event(),
      onDidChangeWorkspaceFolders: event(),
      onDidChangeConfiguration: event(),
      onDidGrantWorkspaceTrust: event(),
      onDidOpenNotebookDocument: event(),
      onDidChangeNotebookDocument: event(),
      onDidSaveNotebookDocument: event(),
      onDidCloseNotebookDocument: event(),
    }),
    languages,
    commands: namespace('commands', {
      registerCommand: (id: string, handler: (...args: unknown[]) => unknown) => {
        record.commands.set(id, handler);
        return new Disposable(() => record.commands.delete(id));
      },
      executeCommand: () => Promise.resolve(undefined),
    }),
    env: namespace('env', {
      language: 'en',
      machineId: 'test',
      sessionId: 'test',
      appName: 'Visual Studio Code',
      uiKind: 1,
    }),
    extensions: namespace('extensions', { all: [], getExtension: () => undefined, onDidChange: event() }),
  };
  return { api: namespace('vscode', api as Record<string, unknown>), record };
}
