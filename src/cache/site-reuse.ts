import path from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import { contentHash } from '../core/hash.js';
import { isInside, toPosix } from '../core/paths.js';
import type { PageFacts } from '../pages/facts.js';
import type { SiteModel } from '../model/site-model.js';
import type { LintCache } from './cache.js';
import { baseKey, factsKey, siteKey } from './cache-keys.js';

/*
 * The cache around the site checks of a lint pass. The session hands over its work as units (the
 * docs.json rules, each site rule, all of them) and this decides, for each, whether the findings
 * of an earlier run stand or the work is done (and its findings kept): the session computes no key
 * and never reads or writes the cache. Without a cache, every unit is done.
 */

/** A unit of work: its findings, and whether they are complete (only complete findings are kept). */
export type Work = () => Promise<{ findings: Finding[]; complete: boolean }>;

/** What the keys are made of: the site as the session sees it. */
export interface ReuseInputs {
  site: SiteModel;
  /** Text that stands for files instead of the disk. */
  overlays: ReadonlyMap<string, string | Buffer>;
  /** Each page's cache key (see the page pass). */
  pageKeys: () => Array<{ relative: string; hash: string }>;
  /** A page's facts (the page pass runs when they are not known). */
  facts: (relative: string) => Promise<PageFacts | undefined>;
  /** What else the findings depend on (the git history some rule reads), when anything. */
  extraKey?: () => Promise<string>;
}

export class SiteReuse {
  /** Keys by the facts rules read: rules that read the same facts share one. */
  private readonly factKeys = new Map<string, Promise<string>>();

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
    let base = baseKey(inputs.site, inputs.overlays, cache.file);
    if (inputs.extraKey) base = contentHash(`${base}${await inputs.extraKey()}`);
    return new SiteReuse(cache, inputs, base, siteKey(base, inputs.pageKeys()));
  }

  /** The findings of every site rule, as a whole-site run left them for this very site; else undefined. */
  cachedSiteFindings(): Finding[] | undefined {
    return this.key !== undefined ? this.fromCache(this.cache!.site(this.key)) : undefined;
  }

  /** Keeps the findings of every site rule of a whole-site run (when they are complete). */
  keepSiteFindings(findings: Finding[], complete: boolean): void {
    if (this.key !== undefined && complete) this.cache!.setSite(this.key, findings);
  }

  /** The docs.json rules' findings: reused while docs.json and its `$ref` files are unchanged. */
  async config(work: Work): Promise<Finding[]> {
    const config = this.inputs.site.config;
    const key = this.cache
      ? contentHash([...config.files].map(([file, source]) => `${file}\0${source.text}`).join('\0'))
      : undefined;
    const hit = key !== undefined ? this.fromCache(this.cache!.config(key)) : undefined;
    if (hit) return hit;
    const { findings, complete } = await work();
    if (key !== undefined && complete) this.cache!.setConfig(key, findings);
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
    const hit = key !== undefined ? this.fromCache(this.cache!.check(id, key)) : undefined;
    if (hit) return hit;
    const { findings, complete } = await work();
    if (key !== undefined && complete) this.cache!.setCheck(id, key, findings);
    return findings;
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
