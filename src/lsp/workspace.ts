import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { sortAndDedupe, type Diagnostic } from '../core/diagnostic.js';
import { LineIndex } from '../core/text.js';
import { SiteSession } from '../engine/session.js';
import { suppressForEditor, SUPPRESSIONS_FILE } from '../commands/suppressions.js';
import { UserError } from '../core/errors.js';
import { resolveSettings, type EffectiveSettings, type RuleSetting } from '../config/settings.js';
import { notLoadedLine, resolveSiteSettings } from '../config/site-settings.js';
import { isPageFile } from '../site/inventory.js';
import { CONFIG_FILE, findSiteRoot } from '../site/load.js';
import { isInside, toPosix } from '../core/paths.js';
import { SOURCE, toLspDiagnostic } from './convert.js';
import { fileToUri, uriToFile } from './uri.js';

/** How long typing has to pause before a page is linted again. */
export const DEFAULT_DEBOUNCE_MS = 150;

/** Names of doclint's own configuration files: a change to one re-resolves the settings. */
export const SETTINGS_FILES = new Set(['.doclintrc.json', '.doclintrc.yaml', '.doclintrc.yml', 'doclint.config.json']);

/** What the workspace needs from the connection. */
export interface Host {
  publish(uri: string, diagnostics: LspDiagnostic[], version?: number): void;
  log(message: string): void;
  error(message: string): void;
}

export type SettingsResolver = (
  root: string,
  overrides: Record<string, RuleSetting>,
) => EffectiveSettings | Promise<EffectiveSettings>;

export interface WorkspaceOptions {
  /** The settings of a site (the same resolution as the CLI). Default: built-in defaults plus overrides. */
  settingsFor?: SettingsResolver;
  /** Rule overrides from the editor (`initializationOptions.rules`). */
  overrides?: Record<string, RuleSetting>;
  /** False: nothing the configuration names is imported (`--no-plugins`, an untrusted workspace). */
  plugins?: boolean;
  debounceMs?: number;
  /** Opens a session; tests replace it. */
  openSession?: (root: string, settings: EffectiveSettings, overlays: Map<string, string>) => Promise<SiteSession>;
}

/** What a document is to the linter. */
export type DocumentKind = 'page' | 'config' | 'robots';

/** The last diagnostics published for a document, kept for code actions. */
export interface Published {
  version: number;
  kind: DocumentKind | undefined;
  /** The text the findings' fix offsets refer to. */
  lines: LineIndex;
  items: Array<{ lsp: LspDiagnostic; source?: Diagnostic }>;
}

export interface OpenDocument {
  uri: string;
  file: string;
  doc: TextDocument;
  root: Promise<string | undefined>;
  /** The version last handed to the session as an overlay (-1: none). */
  synced: number;
  timer?: NodeJS.Timeout;
  /** A lint task is queued and has not started: another request joins it. */
  pending?: Promise<void>;
  published?: Published;
}

type FileChange = { file: string; type: 'created' | 'changed' | 'deleted' };

/** One site root: its session, and a queue that runs every task on that session in order. */
class SiteState {
  session: SiteSession | undefined;
  /** The site model must be reloaded (docs.json, $ref files, inventory, OpenAPI files changed). */
  dirty = false;
  settingsStale = false;
  /** Files closed in the editor, whose overlays must be dropped. */
  readonly dropped = new Set<string>();
  /** Files changed on disk since the last sync. */
  readonly invalid = new Map<string, FileChange['type']>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly root: string) {}

  enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

function errorText(error: unknown): string {
  if (error instanceof UserError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * What a failure shows on the file: a problem of the site the user can fix (a `.mintignore` doclint
 * cannot read, say) as `site-error` with its one line; anything else as `internal-error`.
 */
function internalDiagnostic(error: unknown, root?: string): LspDiagnostic {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  if (error instanceof UserError) {
    const message = `doclint cannot lint this site: ${root ? error.describe(root) : error.message}`;
    return { range, severity: DiagnosticSeverity.Error, code: 'site-error', source: SOURCE, message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    range,
    severity: DiagnosticSeverity.Error,
    code: 'internal-error',
    source: SOURCE,
    message: `doclint could not lint this file: ${message}`,
  };
}

/**
 * The language server's state: open documents, one SiteSession per site root, and the rules for
 * what to re-lint when something changes. Every use of a session runs on that site's queue, so an
 * edit, a reload and a lint never interleave.
 */
export class Workspace {
  private readonly docs = new Map<string, OpenDocument>();
  private readonly sites = new Map<string, SiteState>();
  private readonly roots = new Map<string, Promise<string | undefined>>();
  private readonly debounceMs: number;
  private readonly settingsFor: SettingsResolver;
  private readonly openSession: NonNullable<WorkspaceOptions['openSession']>;
  private readonly overrides: Record<string, RuleSetting>;

  constructor(
    private readonly host: Host,
    options: WorkspaceOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.settingsFor =
      options.settingsFor ??
      (async (root, overrides) => {
        try {
          const resolved = await resolveSiteSettings(root, { overrides, plugins: options.plugins });
          const skipped = notLoadedLine(resolved.notLoaded);
          if (skipped) this.host.log(`doclint: ${root}: ${skipped}`);
          return resolved.settings;
        } catch (error) {
          // A broken configuration file must not stop the editor's diagnostics: defaults, and a log line.
          this.host.error(
            `doclint: ${error instanceof UserError ? error.message : String(error)}; using the default settings`,
          );
          return resolveSettings(overrides);
        }
      });
    this.overrides = options.overrides ?? {};
    // Pages are linted on the server's thread; one that looks slow goes to a worker thread, under the page time limit.
    this.openSession =
      options.openSession ??
      ((root, settings, overlays) => SiteSession.open(root, settings, overlays, { threads: 1, mainThreadFirst: true }));
  }

  // -------------------------------------------------------------------------------------------
  // Documents

  get(uri: string): OpenDocument | undefined {
    return this.docs.get(uri);
  }

  open(uri: string, languageId: string, version: number, text: string): void {
    const file = uriToFile(uri);
    if (!file) return; // untitled and virtual documents have no site
    const od: OpenDocument = {
      uri,
      file,
      doc: TextDocument.create(uri, languageId, version, text),
      root: this.rootOf(file),
      synced: -1,
    };
    const previous = this.docs.get(uri);
    if (previous) clearTimeout(previous.timer);
    this.docs.set(uri, od);
    void this.lint(od);
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): void {
    const od = this.docs.get(uri);
    if (!od) return;
    od.doc = TextDocument.update(od.doc, changes, version);
    this.schedule(od);
  }

  save(uri: string, text?: string): void {
    const od = this.docs.get(uri);
    if (!od) return;
    if (text !== undefined && text !== od.doc.getText()) {
      // The client's text wins; the version stays the client's.
      od.doc = TextDocument.create(od.doc.uri, od.doc.languageId, od.doc.version, text);
      od.synced = -1;
    }
    clearTimeout(od.timer);
    od.timer = undefined;
    void this.afterSave(od);
  }

  close(uri: string): void {
    const od = this.docs.get(uri);
    if (!od) return;
    clearTimeout(od.timer);
    this.docs.delete(uri);
    this.host.publish(uri, []);
    void od.root.then((root) => {
      if (!root) return;
      const site = this.site(root);
      site.dropped.add(od.file);
      return site.enqueue(async () => {
        if (!site.session) return;
        const { configChanged, changed } = await this.sync(site, site.session);
        if (configChanged || changed) this.relintSite(site.root);
      });
    });
  }

  /** Files created, changed or deleted on disk (`workspace/didChangeWatchedFiles`, or a save). */
  async filesChanged(input: FileChange[]): Promise<void> {
    let structural = false;
    let settings = false;
    const changes = input.map((change): FileChange => {
      if (path.basename(change.file) !== CONFIG_FILE || change.type === 'changed') return change;
      // Editors that save by writing a new file and renaming it report a docs.json that is still
      // there as deleted and created: that is a change of the same site, not a new or a lost one.
      const known = this.sites.has(path.dirname(change.file));
      const exists = existsSync(change.file);
      return known && exists ? { file: change.file, type: 'changed' } : change;
    });
    for (const { file, type } of changes) {
      const base = path.basename(file);
      if (base === CONFIG_FILE && type !== 'changed') structural = true;
      // The suppressions file changes what is shown as a configuration does.
      if (SETTINGS_FILES.has(base) || base === SUPPRESSIONS_FILE) settings = true;
    }
    if (structural) {
      // A docs.json appeared or went away: site roots may have moved.
      this.roots.clear();
      for (const od of this.docs.values()) od.root = this.rootOf(od.file);
      for (const { file, type } of changes) {
        if (type === 'deleted' && path.basename(file) === CONFIG_FILE) this.sites.delete(path.dirname(file));
      }
    }
    const touched = new Set<SiteState>();
    for (const site of this.sites.values()) {
      if (settings) {
        site.settingsStale = true;
        touched.add(site);
      }
      for (const { file, type } of changes) {
        if (!isInside(site.root, file)) continue;
        // The last word wins: a file deleted and created again in one batch counts as created.
        site.invalid.set(file, type);
        touched.add(site);
      }
    }
    if (structural) {
      for (const od of this.docs.values()) void this.lint(od);
      return;
    }
    // Catch the sessions up; re-lint the open documents only when something they depend on changed
    // (saving an open page, for one, changes nothing: it is linted from its buffer).
    await Promise.all(
      [...touched].map((site) =>
        site.enqueue(async () => {
          if (!site.session) return;
          const { configChanged, changed } = await this.sync(site, site.session);
          if (configChanged || changed) this.relintSite(site.root);
        }),
      ),
    );
  }

  /** Forgets everything (shutdown). */
  dispose(): void {
    for (const od of this.docs.values()) clearTimeout(od.timer);
    this.docs.clear();
    this.sites.clear();
  }

  // -------------------------------------------------------------------------------------------
  // Sessions

  private rootOf(file: string): Promise<string | undefined> {
    const dir = path.dirname(file);
    let root = this.roots.get(dir);
    if (!root) {
      root = findSiteRoot(dir).catch(() => undefined);
      this.roots.set(dir, root);
    }
    return root;
  }

  private site(root: string): SiteState {
    let site = this.sites.get(root);
    if (!site) this.sites.set(root, (site = new SiteState(root)));
    return site;
  }

  /**
   * The open documents whose text the site's session should see: inside the root and not in a
   * dot-folder (which the platform never publishes, so they must not join the inventory).
   */
  private docsIn(root: string): OpenDocument[] {
    return [...this.docs.values()].filter((od) => {
      if (!isInside(root, od.file)) return false;
      const rel = toPosix(path.relative(root, od.file));
      return rel !== '' && !rel.split('/').some((segment) => segment.startsWith('.'));
    });
  }

  /**
   * Runs `task` on the session of the site holding `uri` (opening the session on first use), after
   * the session has caught up with the editor's buffers and the disk. Undefined outside any site.
   */
  async withSession<T>(
    uri: string,
    task: (session: SiteSession, od: OpenDocument | undefined) => T | Promise<T>,
  ): Promise<T | undefined> {
    const od = this.docs.get(uri);
    const file = od?.file ?? uriToFile(uri);
    if (!file) return undefined;
    const root = await (od?.root ?? this.rootOf(file));
    if (!root) return undefined;
    const site = this.site(root);
    return site.enqueue(async () => {
      const session = await this.ensureSession(site);
      const { configChanged, changed } = await this.sync(site, session);
      if (configChanged || changed) this.relintSite(site.root);
      return task(session, this.docs.get(uri));
    });
  }

  private async ensureSession(site: SiteState): Promise<SiteSession> {
    if (site.session) return site.session;
    const overlays = new Map<string, string>();
    const docs = this.docsIn(site.root);
    for (const od of docs) overlays.set(od.file, od.doc.getText());
    const settings = await this.settingsFor(site.root, this.overrides);
    const session = await this.openSession(site.root, settings, overlays);
    for (const od of docs) od.synced = overlays.get(od.file) === od.doc.getText() ? od.doc.version : -1;
    site.dropped.clear();
    site.invalid.clear();
    site.dirty = false;
    site.settingsStale = false;
    site.session = session;
    return session;
  }

  private isConfigFile(session: SiteSession, file: string): boolean {
    return file === path.join(session.root, CONFIG_FILE) || session.site.config.files.has(file);
  }

  /**
   * Brings the session up to date: buffers that changed become overlays, closed buffers and files
   * changed on disk are forgotten, and the site model is reloaded when docs.json, one of its $ref
   * files or the inventory changed (page outcomes survive the reload).
   */
  private async sync(site: SiteState, session: SiteSession): Promise<{ configChanged: boolean; changed: boolean }> {
    let configChanged = false;
    let changed = false;
    for (const file of site.dropped) {
      if (this.docsIn(site.root).some((od) => od.file === file)) continue; // reopened meanwhile
      session.setOverlay(file, undefined);
      if (this.isConfigFile(session, file)) configChanged = true;
    }
    site.dropped.clear();
    for (const [file, type] of site.invalid) {
      const kind = this.classify(session, file);
      const open = this.docsIn(site.root).some((od) => od.file === file);
      // An open page or config file is linted from its buffer: its content on disk does not matter.
      if (type === 'changed' && open && (kind === 'page' || kind === 'config')) continue;
      changed = true;
      session.invalidate(file);
      if (kind === 'config') configChanged = true;
      // New or deleted files change the inventory; other files (OpenAPI specs, .mintignore,
      // robots.txt, $ref files) are read with the site model.
      if (type !== 'changed' || kind !== 'page') site.dirty = true;
    }
    site.invalid.clear();
    for (const od of this.docsIn(site.root)) {
      if (od.synced === od.doc.version) continue;
      session.setOverlay(od.file, od.doc.getText());
      od.synced = od.doc.version;
      if (this.isConfigFile(session, od.file)) configChanged = true;
    }
    if (site.settingsStale) {
      site.settingsStale = false;
      changed = true;
      try {
        session.setSettings(await this.settingsFor(site.root, this.overrides));
      } catch (error) {
        this.host.error(`doclint: cannot read the settings of ${site.root}: ${errorText(error)}`);
      }
    }
    if (configChanged || site.dirty) {
      // An edit of docs.json alone leaves the file list as it is.
      const inventory = site.dirty;
      site.dirty = false;
      await session.reloadSite({ inventory });
    }
    return { configChanged, changed };
  }

  classify(session: SiteSession, file: string): DocumentKind | undefined {
    const rel = toPosix(path.relative(session.root, file));
    if (!rel || rel.startsWith('../') || rel === '..' || path.isAbsolute(rel)) return undefined;
    if (this.isConfigFile(session, file)) return 'config';
    if (rel.split('/').some((segment) => segment.startsWith('.'))) return undefined;
    try {
      if (session.site.isIgnored(rel)) return undefined;
    } catch {
      return undefined;
    }
    if (isPageFile(rel)) return 'page';
    if (rel === 'robots.txt') return 'robots';
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Linting

  private schedule(od: OpenDocument): void {
    clearTimeout(od.timer);
    od.timer = setTimeout(() => {
      od.timer = undefined;
      void this.lint(od);
    }, this.debounceMs);
  }

  /** Re-lints every open document of a site (after docs.json or the disk changed). */
  private relintSite(root: string, except?: OpenDocument): void {
    for (const od of this.docsIn(root)) if (od !== except) void this.lint(od);
  }

  private async afterSave(od: OpenDocument): Promise<void> {
    const root = await od.root;
    if (!root || this.docs.get(od.uri) !== od) return void this.lint(od);
    const site = this.site(root);
    // A saved file that is not linted from its buffer (an OpenAPI file, robots.txt, .mintignore)
    // changed what the engine reads from disk: reload and re-lint the site's open documents.
    const kind = await site.enqueue(async () => {
      const session = await this.ensureSession(site).catch(() => undefined);
      return session ? this.classify(session, od.file) : undefined;
    });
    if (kind === 'config') {
      // Saving docs.json also re-reads the site's files: the way to catch up with pages renamed
      // outside an editor that does not report file changes.
      site.dirty = true;
      this.relintSite(root);
    } else if (kind === 'page') await this.lint(od);
    else await this.filesChanged([{ file: od.file, type: 'changed' }]);
  }

  /** Lints one open document and publishes its findings; requests made while one waits join it. */
  lint(od: OpenDocument): Promise<void> {
    if (od.pending) return od.pending;
    const pending = (async () => {
      const root = await od.root;
      if (this.docs.get(od.uri) !== od) return;
      if (!root) {
        od.pending = undefined;
        od.published = { version: od.doc.version, kind: undefined, lines: new LineIndex(''), items: [] };
        this.host.publish(od.uri, [], od.doc.version);
        return;
      }
      const site = this.site(root);
      await site.enqueue(async () => {
        od.pending = undefined;
        if (this.docs.get(od.uri) !== od) return;
        await this.lintNow(site, od);
      });
    })();
    od.pending = pending;
    return pending.finally(() => {
      if (od.pending === pending) od.pending = undefined;
    });
  }

  private async lintNow(site: SiteState, od: OpenDocument): Promise<void> {
    let session: SiteSession;
    let configChanged: boolean;
    let changed: boolean;
    try {
      session = await this.ensureSession(site);
      ({ configChanged, changed } = await this.sync(site, session));
    } catch (error) {
      this.host.error(`doclint: cannot load the site at ${site.root}: ${errorText(error)}`);
      this.publish(od, {
        version: od.doc.version,
        kind: undefined,
        lines: new LineIndex(''),
        items: [{ lsp: internalDiagnostic(error, site.root) }],
      });
      return;
    }
    // The version whose text the session saw (documents it keeps no overlay for: the current one).
    const version = od.synced >= 0 ? od.synced : od.doc.version;
    const kind = this.classify(session, od.file);
    let items: Published['items'] = [];
    if (kind) {
      try {
        const { diagnostics } = await session.lint((file) => file === od.file);
        items = sortAndDedupe(this.unsuppressed(site.root, diagnostics).filter((d) => d.file === od.file)).map((d) => ({
          lsp: toLspDiagnostic(d),
          source: d,
        }));
      } catch (error) {
        this.host.error(`doclint: linting ${od.file} failed: ${errorText(error)}`);
        items = [{ lsp: internalDiagnostic(error, site.root) }];
      }
    }
    // Whichever task catches the session up re-lints the other open documents.
    if (configChanged || changed) this.relintSite(site.root, od);
    // Edited while being linted: a newer lint is already scheduled.
    if (this.docs.get(od.uri) !== od || od.doc.version !== version) return;
    const text =
      kind === 'config' ? (session.site.config.files.get(od.file)?.text ?? od.doc.getText()) : od.doc.getText();
    this.publish(od, { version, kind, lines: new LineIndex(text), items });
  }

  /** The findings the site's suppressions file does not record (as on the command line); a bad file is logged and suppresses nothing. */
  private unsuppressed(root: string, diagnostics: Diagnostic[]): Diagnostic[] {
    try {
      return suppressForEditor(root, diagnostics);
    } catch (error) {
      this.host.error(`doclint: ${errorText(error)}`);
      return diagnostics;
    }
  }

  private publish(od: OpenDocument, published: Published): void {
    od.published = published;
    this.host.publish(
      od.uri,
      published.items.map((i) => i.lsp),
      published.version,
    );
  }

  /** URIs of the open documents (tests and benchmarks). */
  openUris(): string[] {
    return [...this.docs.keys()];
  }
}

export { fileToUri };
