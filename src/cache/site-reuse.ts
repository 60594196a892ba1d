import path from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import { contentHash } from '../core/hash.js';
import { isInside, toPosix } from '../core/paths.js';
import type { PageFacts } from '../pages/facts.js';
import type { SiteModel } from '../model/site-model.js';
import type { KeptFindings, LintCache } from './cache.js';
import { baseKey, factsKey, siteKey } from './cache-keys.js';

/*
 * The cache around the site checks of a lint pass. The session hands over its work as units (the
 * docs.json rules, each site rule, all of them) and this decides, for each, whether the findings
 * of an earlier run stand or the work is done (and its findings kept): the session computes no key
 * and never reads or writes the cache. Without a cache, every unit is done.
 *
 * What a unit asked for while it ran goes into what is kept: findings of work that read git
 * history are kept with the repository's state (HEAD, shallow) and stand only while it is the
 * same; work that asked for the network (`context.external`, given or not) is never kept, and
 * the whole site's entry names such rules (`live`) for the session to run again each time. No
 * rule declares either: the keys follow what the rules did.
 */

/** What a unit of work asked for of the services whose answers change without the site changing. */
export interface Used {
  /** It read git history (`site.history()`). */
  history: boolean;
  /** Rules that asked for the network check (`context.external`), whether the run had it or not. */
  external: string[];
}

/** A unit of work: its findings, whether they are complete (only complete findings are kept), and what it used. */
export type Work = () => Promise<{ findings: Finding[]; complete: boolean; used?: Used }>;

/** The whole site's findings from the cache, but those of the rules to run again (`live`). */
export interface CachedSite {
  findings: Finding[];
  live: string[];
}

/** What the keys are made of: the site as the session sees it. */
export interface ReuseInputs {
  site: SiteModel;
  /** Text that stands for files instead of the disk. */
  overlays: ReadonlyMap<string, string | Buffer>;
  /** Each page's cache key (see the page pass). */
  pageKeys: () => Array<{ relative: string; hash: string }>;
  /** A page's facts (the page pass runs when they are not known). */
  facts: (relative: string) => Promise<PageFacts | undefined>;
  /** The repository's state (HEAD, shallow), asked only when kept findings read git history. */
  historyState: () => Promise<string>;
}

export class SiteReuse {
  /** Keys by the facts rules read: rules that read the same facts share one. */
  private readonly factKeys = new Map<string, Promise<string>>();
  /** The repository's state, asked once (and only when findings that depend on it are kept or looked up). */
  private historyState: Promise<string> | undefined;
  /** An entry used in this pass stood on the repository's state (the whole site's entry then does too). */
  private onHistory = false;

  private constructor(
    private readonly cache: LintCache | undefined,
    private readonly inputs: ReuseInputs,
    /** The part of every site key that is not pages (undefined: no cache). */
    private readonly base: string | undefined,
    /** The key of the whole site: docs.json, the inventory, every page's content. */
    private readonly key: string | undefined,
  ) {}

  /** The reuse of a lint pass (`cache` undefined: nothing is reused, everything is done). */
  static async open(cache: LintCache | undefined, inputs: ReuseInputs): Promise<SiteReuse> {
    if (!cache) return new SiteReuse(undefined, inputs, undefined, undefined);
    const base = baseKey(inputs.site, inputs.overlays, cache.file);
    return new SiteReuse(cache, inputs, base, siteKey(base, inputs.pageKeys()));
  }

  /** The findings of every site rule, as a whole-site run left them for this very site; else undefined. */
  async cachedSiteFindings(): Promise<CachedSite | undefined> {
    const entry = this.key !== undefined ? await this.stands(this.cache!.site(this.key)) : undefined;
    return entry && { findings: entry.diagnostics, live: entry.live ?? [] };
  }

  /**
   * Keeps the findings of every site rule of a whole-site run (when they are complete), but those
   * of the rules that asked for the network: their ids are kept instead.
   */
  async keepSiteFindings(findings: Finding[], complete: boolean, used: Used): Promise<void> {
    if (this.key === undefined || !complete) return;
    const live = new Set(used.external);
    const kept = live.size ? findings.filter((f) => !live.has(f.ruleId)) : findings;
    const history = used.history || this.onHistory;
    this.cache!.setSite(await this.entry(this.key, kept, { history, external: [] }, [...live]));
  }

  /** The docs.json rules' findings: reused while docs.json and its `$ref` files are unchanged. */
  async config(work: Work): Promise<Finding[]> {
    const config = this.inputs.site.config;
    const key = this.cache
      ? contentHash([...config.files].map(([file, source]) => `${file}\0${source.text}`).join('\0'))
      : undefined;
    const hit = key !== undefined ? await this.stands(this.cache!.config(key)) : undefined;
    if (hit) return hit.diagnostics;
    const { findings, complete, used } = await work();
    if (key !== undefined && complete && !used?.external.length)
      this.cache!.setConfig(await this.entry(key, findings, used));
    return findings;
  }

  /**
   * A site rule's findings. In a whole run, a rule that says which facts it reads (`fields`) is
   * keyed on those alone: an edit that changes none of them (prose) does not run it again.
   */
  async rule(
    id: string,
    fields: ReadonlyArray<keyof PageFacts> | undefined,
    whole: boolean,
    work: Work,
  ): Promise<Finding[]> {
    const names = fields?.join(',');
    const { base, inputs } = this;
    if (base !== undefined && whole && fields && names !== undefined && !this.factKeys.has(names))
      this.factKeys.set(names, factsKey(base, inputs.site, fields, this.cache, inputs.facts));
    const key = names !== undefined ? await this.factKeys.get(names) : undefined;
    const hit = key !== undefined ? await this.stands(this.cache!.check(id, key)) : undefined;
    if (hit) return hit.diagnostics;
    const { findings, complete, used } = await work();
    if (key !== undefined && complete && !used?.external.length)
      this.cache!.setCheck(id, await this.entry(key, findings, used));
    return findings;
  }

  /** What is kept under `key`: the findings, and the repository's state when the work read history. */
  private async entry(key: string, diagnostics: Finding[], used?: Used, live: string[] = []): Promise<KeptFindings> {
    return {
      key,
      diagnostics,
      ...(used?.history ? { history: await this.history() } : {}),
      ...(live.length ? { live } : {}),
    };
  }

  /** An entry that stands: its files are the site's, and the repository is as it was when it read history. */
  private async stands(entry: KeptFindings | undefined): Promise<KeptFindings | undefined> {
    if (!entry || !this.fromCache(entry.diagnostics)) return undefined;
    if (entry.history !== undefined) {
      if (entry.history !== (await this.history())) return undefined;
      this.onHistory = true;
    }
    return entry;
  }

  private history(): Promise<string> {
    return (this.historyState ??= this.inputs.historyState());
  }

  /**
   * Findings from the cache, when every file they name (related locations included) is a file of
   * this site: a cache never makes doclint report on, or fix, a file that is not the site's.
   */
  private fromCache(findings: Finding[] | undefined): Finding[] | undefined {
    if (!findings) return undefined;
    const { site } = this.inputs;
    const seen = new Map<string, boolean>();
    const known = (file: string) => {
      let ok = seen.get(file);
      if (ok === undefined) {
        ok =
          site.config.files.has(file) ||
          (isInside(site.root, file) && site.files.has(toPosix(path.relative(site.root, file))));
        seen.set(file, ok);
      }
      return ok;
    };
    return findings.every((f) => known(f.file) && (f.related ?? []).every((r) => known(r.file))) ? findings : undefined;
  }
}
