import { statSync } from 'node:fs';
import path from 'node:path';
import type { Place } from '../core/diagnostic.js';
import { isInside, toPosix } from '../core/paths.js';
import type { LintPass, SiteParts } from './site-parts.js';
import type { ConfigValidation } from '../schema/validate.js';
import type { DocsJson } from '../site/docs-json.js';
import { generatedPages, type GeneratedPages } from './generated.js';
import { navigationModel, type NavigationModel } from '../site/navigation.js';
import { RedirectTable } from '../site/redirects.js';
import type { PageEntry, Site } from '../site/site.js';
import { settleImporters } from '../site/inventory.js';
import { snippetInclusions } from '../platform/files.js';
import { siteSpecs, type SiteSpecs } from '../site/specs.js';
import type { EndpointReferences } from './endpoint-references.js';
import type { OpenapiUse } from './openapi-use.js';
import type { SiteHistory } from '../site/history.js';

/** Reads a site file's text as the session sees it (editor buffers first), or says why it cannot. */
export type SiteTextReader = (
  file: string,
) => { ok: true; text: string } | { ok: false; code: string; message: string };

export type { LintPass } from './site-parts.js';

export interface SiteModelOptions {
  read: SiteTextReader;
  /** Validate the specs endpoint references use against the OpenAPI schema (a rule's option; see `endpointReferences`). */
  specSchemaValidation?: boolean;
  /**
   * False for a file whose text, as `read` gives it, may differ from what the listing read (an
   * editor's buffer, a change on disk since): what the listing learnt of it does not stand.
   */
  listingStands?: (file: string) => boolean;
}

/**
 * The site as the rules see it, built once per site state by the session (which makes a new one
 * when docs.json, the file list or a spec changes — editor buffers included): the configuration,
 * the file inventory, and, computed on first use and kept, the navigation, the redirects, the
 * OpenAPI specs, the endpoint pages they generate, and per lint pass the specs in use and the
 * endpoint references resolved.
 */
export class SiteModel implements SiteParts {
  readonly root: string;
  readonly config: DocsJson;
  /** Every page and snippet, by site-relative path (`guides/intro.mdx`). */
  readonly pages: Map<string, PageEntry>;
  /** Pages by route (`guides/intro`), snippets excluded. */
  readonly routes: Map<string, PageEntry>;
  /** Every non-ignored file, site-relative with forward slashes. */
  readonly files: Set<string>;
  private navigationMemo: NavigationModel | undefined;
  private redirectsMemo: RedirectTable | undefined;
  private specsMemo: SiteSpecs | undefined;
  private generatedMemo: Promise<GeneratedPages> | undefined;
  private configValidationMemo: Promise<ConfigValidation> | undefined;
  private readonly endpointMemo = new WeakMap<LintPass, Promise<EndpointReferences>>();
  private readonly historyMemo = new WeakMap<LintPass, Promise<SiteHistory>>();
  private readonly historyAsks = new WeakMap<LintPass, number>();
  private readonly openapiMemo = new WeakMap<LintPass, Promise<OpenapiUse>>();

  constructor(
    readonly site: Site,
    private readonly options: SiteModelOptions,
  ) {
    this.root = site.root;
    this.config = site.config;
    this.pages = site.pages;
    this.routes = site.routes;
    this.files = site.files;
  }

  /**
   * The files that import a site-relative file (`snippets/a.mdx`), as read when the site was
   * listed (a file whose multi-line imports may name it is parsed first).
   */
  async importers(relative: string): Promise<readonly string[]> {
    const key = `/${relative.toLowerCase()}`;
    const { importers, pendingImports } = this.site;
    if (!importers) return [];
    return pendingImports ? settleImporters({ importers, pendingImports }, key) : (importers.get(key) ?? []);
  }

  /**
   * The names that the `<Snippet file>` elements of the site's pages and snippets include
   * (lowercased; see `snippetInclusions`): as the listing read them, else from the file's text.
   */
  includedSnippetNames(): Set<string> {
    const names = new Set<string>();
    for (const page of this.pages.values()) {
      let found =
        this.options.listingStands?.(page.file) === false ? undefined : this.site.inclusions?.get(page.relative);
      if (!found) {
        const read = this.readText(page.relative);
        if (!read.ok) continue;
        found = snippetInclusions(read.text);
      }
      for (const name of found) names.add(name);
    }
    return names;
  }

  /** True when the platform ignores a site-relative path (defaults and `.mintignore`). */
  isIgnored(relative: string): boolean {
    try {
      return this.site.ignores.ignores(relative);
    } catch {
      // the matcher throws on paths it cannot match (`./x`): those are not ignored
      return false;
    }
  }

  /** True when a site-relative path names a regular file on disk inside the site (ignored files included). */
  existsOnDisk(relative: string): boolean {
    const file = this.absolute(relative);
    if (!isInside(this.root, file)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  }

  /** Site-relative path of an absolute one, with forward slashes. */
  relative(file: string): string {
    return toPosix(path.relative(this.root, file));
  }

  /** Absolute path of a site-relative one. */
  absolute(relative: string): string {
    return path.join(this.root, relative);
  }

  /** Where a JSON pointer of the resolved docs.json was written (key or value). */
  place(pointer: string, on: 'key' | 'value' = 'value'): Place {
    return this.config.placeOf(pointer, on);
  }

  /** Reads a file of the site (inside the root, a regular file, size-bounded). */
  readText(relative: string): ReturnType<SiteTextReader> {
    const file = this.absolute(relative);
    if (!isInside(this.root, file)) return { ok: false, code: 'EOUTSIDE', message: 'it is outside the site root' };
    return this.options.read(file);
  }

  get navigation(): NavigationModel {
    return (this.navigationMemo ??= navigationModel(this.config));
  }

  get redirects(): RedirectTable {
    return (this.redirectsMemo ??= RedirectTable.from(this.config.value));
  }

  get specs(): SiteSpecs {
    return (this.specsMemo ??= siteSpecs(this.site, this.options.read));
  }

  /**
   * When each file of the site last changed, from git (or why that is not known: not a git
   * repository, a shallow clone), once per lint pass. Each request is counted (`historyAsked`):
   * the findings of a rule that asked depend on the repository's state, which the cache then keeps.
   */
  history(pass: LintPass): Promise<SiteHistory> {
    this.historyAsks.set(pass, (this.historyAsks.get(pass) ?? 0) + 1);
    let pending = this.historyMemo.get(pass);
    if (!pending)
      this.historyMemo.set(pass, (pending = import('../site/history.js').then((m) => m.readHistory(this.root))));
    return pending;
  }

  /** How many times `history` was asked for in the pass. */
  historyAsked(pass: LintPass): number {
    return this.historyAsks.get(pass) ?? 0;
  }

  /** Endpoint pages the local specs generate (their `href`s and summary slugs). */
  generated(): Promise<GeneratedPages> {
    return (this.generatedMemo ??= generatedPages(this));
  }

  /** docs.json against the platform's schema, as data: the rules that declare `readsConfigValidation` report it. */
  configValidation(): Promise<ConfigValidation> {
    return (this.configValidationMemo ??= import('../schema/validate.js').then((m) => m.validateConfig(this.config)));
  }

  /**
   * Every endpoint reference of the navigation and of the front matter of the pages in scope, with
   * what it resolves to, and the `openapi` values of docs.json whose specs they use (see
   * `EndpointReferences`), once per lint pass: several rules share it.
   */
  endpointReferences(pass: LintPass): Promise<EndpointReferences> {
    let pending = this.endpointMemo.get(pass);
    if (!pending) {
      pending = import('./endpoint-references.js').then((m) =>
        m.endpointReferences(this, pass, { schema: this.options.specSchemaValidation === true }),
      );
      this.endpointMemo.set(pass, pending);
    }
    return pending;
  }

  /**
   * Work of the site rules that reads no page (the validation of the specs docs.json names), for
   * the session to start while worker threads parse the pages. Never fails.
   */
  prepare(): Promise<void> {
    if (this.config.value === undefined) return Promise.resolve();
    return import('./openapi-use.js')
      .then(
        (m) => m.prepareOpenapi(this),
        () => undefined,
      )
      .catch(() => undefined);
  }

  /**
   * The OpenAPI files the site uses, validated in full, and the operations it generates pages for
   * (see `OpenapiUse`), once per lint pass: several rules share it.
   */
  openapiUse(pass: LintPass): Promise<OpenapiUse> {
    let pending = this.openapiMemo.get(pass);
    if (!pending) {
      pending = import('./openapi-use.js').then((m) => m.openapiUse(this, pass));
      this.openapiMemo.set(pass, pending);
    }
    return pending;
  }
}
