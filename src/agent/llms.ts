import type { FactsReader } from '../llms/llms-txt.js';
import { servedGeneratedLlmsTxt } from '../llms/split.js';
import type { GeneratedPages } from '../model/generated.js';
import type { SiteModel } from '../model/site-model.js';
import { resolveSitePath } from '../model/targets.js';
import { LineIndex } from '../core/text.js';
import type { At } from '../core/diagnostic.js';

/*
 * What the agent checks read of llms.txt: the file the site serves (a custom `llms.txt` at the
 * site root, else the one the platform generates from the navigation), read once per site state
 * and shared by every `agent-llms-txt-*` rule, and its structure as the Agent-Friendly
 * Documentation Spec describes it (`# Title`, `> summary`, `## Section`, `- [name](url): notes`).
 */

export interface ServedLlmsTxt {
  /** A custom file at the site root (its absolute path), or the generated one. */
  custom: boolean;
  file?: string;
  text: string;
  /** Set when the custom file exists but cannot be read. */
  unreadable?: string;
  /**
   * The generated index is past the size the platform serves whole: `text` is its root index, which
   * links to `segments` scoped indexes under `/_llms/`; `wholeLength` is the whole index's length.
   */
  split?: { wholeLength: number; segments: number };
}

const served = new WeakMap<SiteModel, Promise<ServedLlmsTxt>>();

/** The llms.txt the site serves, computed once per site model. */
export function servedLlmsTxt(site: SiteModel, facts: FactsReader): Promise<ServedLlmsTxt> {
  let pending = served.get(site);
  if (!pending) {
    pending = (async (): Promise<ServedLlmsTxt> => {
      if (site.files.has('llms.txt')) {
        const file = site.absolute('llms.txt');
        const read = site.readText('llms.txt');
        if (!read.ok) return { custom: true, file, text: '', unreadable: read.code };
        return { custom: true, file, text: read.text.replace(/^\uFEFF/, '') };
      }
      const generated = await servedGeneratedLlmsTxt(site, facts);
      return { custom: false, text: generated.text, ...(generated.split && { split: generated.split }) };
    })();
    served.set(site, pending);
    // A failed generation (a site check stopped by its time limit) is not kept for the next rule.
    pending.catch(() => served.delete(site));
  }
  return pending;
}

export interface LlmsLink {
  name: string;
  url: string;
  description?: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface LlmsStructure {
  /** The first non-blank line is a `# ` heading. */
  title: boolean;
  /** A `> ` summary line. */
  summary: boolean;
  /** `## ` section headings. */
  sections: number;
  /** Links of list items (`- [name](url)`, tags such as `[Scope]`, an optional `: description`), in order. */
  links: LlmsLink[];
  /** Every markdown link of the file, list item or not. */
  anyLinks: number;
  lines: LineIndex;
}

/** A list item that is a link, `- [name](url)`, then tags such as `[Scope]`, then an optional `: description`. */
const LIST_LINK =
  /^(\s*[-*+]\s+)\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)(?:\s*\[(?:[^\]\\]|\\.)*\])*(?:\s*:\s*(.*))?$/;
const ANY_LINK = /\[(?:[^\]\\]|\\.)*\]\([^)\s]+\)/g;

/** The structure of an llms.txt (one pass over its lines; code blocks are skipped). */
export function readLlmsTxt(text: string): LlmsStructure {
  const lines = new LineIndex(text);
  const out: LlmsStructure = { title: false, summary: false, sections: 0, links: [], anyLinks: 0, lines };
  let first = true;
  let fence: string | undefined;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence) {
      if (
        fenceMatch &&
        fenceMatch[1]![0] === fence[0] &&
        fenceMatch[1]!.length >= fence.length &&
        raw.trim() === fenceMatch[1]
      )
        fence = undefined;
      return;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      return;
    }
    if (raw.trim() === '') return;
    if (first) {
      out.title = /^# \S/.test(raw);
      first = false;
    }
    if (/^>\s*\S/.test(raw)) out.summary = true;
    if (/^## \S/.test(raw)) out.sections++;
    out.anyLinks += raw.match(ANY_LINK)?.length ?? 0;
    const m = LIST_LINK.exec(raw);
    if (!m) return;
    const column = m[1]!.length + 1;
    const link: LlmsLink = {
      name: m[2]!,
      url: m[3]!,
      line: i + 1,
      column,
      endLine: i + 1,
      endColumn: raw.trimEnd().length + 1,
    };
    if (m[4]?.trim()) link.description = m[4].trim();
    out.links.push(link);
  });
  return out;
}

/** The level a measure reaches: `pass` below `warn`, `fail` above `fail` (both inclusive bounds as the spec has them). */
export function sizeLevel(value: number, warn: number, fail: number): 'pass' | 'warn' | 'fail' {
  return value > fail ? 'fail' : value >= warn ? 'warn' : 'pass';
}

/** The options of the rules that measure characters against the spec's levels (`sizeLevel`). */
export interface SizeOptions {
  warn?: number;
  fail?: number;
}

/** The options schema of a rule measuring `subject` ("a page", "the file") against the spec's levels. */
export function sizeOptionsSchema(subject: string) {
  return {
    type: 'object',
    properties: {
      warn: {
        type: 'integer',
        minimum: 1,
        description: `Characters from which ${subject} is reported as a note (default 50000).`,
      },
      fail: {
        type: 'integer',
        minimum: 1,
        description: `Characters past which ${subject} is reported as a warning (default 100000).`,
      },
    },
    additionalProperties: false,
  } as const;
}

/**
 * The levels of those rules (the spec's: a note from 50,000 characters, a warning past 100,000),
 * and their meta: the note as a kind of problem, and the options of the rules that measure pages.
 */
export const SIZE_LEVELS = {
  defaults: { warn: 50_000, fail: 100_000 },
  problems: {
    warn: { severity: 'info', description: 'between 50,000 and 100,000 characters (the spec\u2019s warn level)' },
  },
  optionsSchema: sizeOptionsSchema('a page'),
} as const;

/** A whole number with thousands separators: 52,301. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** A host of the site, with the path it is served under (`upstash.com` + `/docs`). */
export interface SiteHost {
  host: string;
  base: string;
}

function parseHost(written: string): SiteHost | undefined {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?(?:\/\/)?([^/?#]+)([^?#]*)/i.exec(written.trim());
  if (!m) return undefined;
  return { host: m[1]!.toLowerCase(), base: m[2]!.replace(/\/+$/, '') };
}

/**
 * The site's own hosts: those the rule's `hosts` option lists, and the host of docs.json's
 * `seo.metatags.canonical` (the address the site says it is served at), with their base paths.
 */
export function siteHosts(site: SiteModel, hosts: readonly string[] = []): SiteHost[] {
  const config = site.config.value as { seo?: { metatags?: { canonical?: unknown } } } | undefined;
  const canonical = config?.seo?.metatags?.canonical;
  const written = [...hosts, ...(typeof canonical === 'string' && /^https?:\/\//i.test(canonical) ? [canonical] : [])];
  return written.flatMap((h) => parseHost(h) ?? []);
}

/** One host, written with or without `www.` (`www.example.com` serves what `example.com` does). */
function sameHost(a: string, b: string): boolean {
  return a.replace(/^www\./, '') === b.replace(/^www\./, '');
}

/**
 * The site's own hosts for the links of an llms.txt: those `siteHosts` knows; else, when docs.json
 * names none (no `seo.metatags.canonical`, no `hosts` option), each host of the file's absolute
 * links whose paths land on the site's pages for most of its links (at least two), with the base
 * path that makes them land (none, or their most common first folder: `example.com/docs`).
 */
export function llmsSiteHosts(
  site: SiteModel,
  generated: GeneratedPages,
  links: readonly LlmsLink[],
  hosts: readonly string[] = [],
): SiteHost[] {
  const known = siteHosts(site, hosts);
  if (known.length) return known;
  const byHost = new Map<string, string[]>();
  for (const link of links) {
    const m = /^https?:\/\/([^/?#]+)([^?#]*)/i.exec(link.url);
    if (!m) continue;
    const host = m[1]!.toLowerCase();
    byHost.set(host, [...(byHost.get(host) ?? []), m[2]!]);
  }
  const found: SiteHost[] = [];
  for (const [host, paths] of byHost) {
    const firsts = new Map<string, number>();
    for (const p of paths) {
      const first = /^\/([^/]+)\//.exec(p)?.[1];
      if (first) firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    const common = [...firsts].sort((a, b) => b[1] - a[1])[0]?.[0];
    let best: { base: string; landed: number } | undefined;
    for (const base of common === undefined ? [''] : ['', `/${common}`]) {
      let landed = 0;
      for (const p of paths) {
        const sitePath = siteLinkPath(`//${host}${p}`, [{ host, base }]);
        const target = sitePath ? resolveSitePath(site, generated, sitePath) : undefined;
        // Straight to a page or file: a catch-all redirect would take any path.
        if (target && !target.via) landed++;
      }
      if (!best || landed > best.landed) best = { base, landed };
    }
    if (best && best.landed >= 2 && best.landed * 2 > paths.length) found.push({ host, base: best.base });
  }
  return found;
}

/**
 * The site path a link of llms.txt points at (no leading `/`, no `#anchor` or `?query`), or
 * undefined for a link to another site: relative links, and absolute ones on one of the site's
 * own hosts (under its base path).
 */
export function siteLinkPath(url: string, hosts: readonly SiteHost[] = []): string | undefined {
  let p = url;
  const absolute = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)(.*)$/i.exec(url);
  if (absolute) {
    const host = absolute[2]!.toLowerCase();
    const rest = absolute[3]!;
    const own = hosts.find(
      (h) => sameHost(h.host, host) && (h.base === '' || rest === h.base || rest.startsWith(`${h.base}/`)),
    );
    if (!own) return undefined;
    p = rest.slice(own.base.length);
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  p = p
    .split('#')[0]!
    .split('?')[0]!
    .replace(/^\.?\/+/, '');
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

/** Where a finding about the served llms.txt goes: a span of the custom file, else docs.json's `navigation`, which the generated file is made from. */
export function llmsAt(
  served: ServedLlmsTxt,
  span?: { line: number; column: number; endLine: number; endColumn: number },
): At {
  if (served.custom && served.file)
    return { file: served.file, ...(span ?? { line: 1, column: 1, endLine: 1, endColumn: 1 }) };
  return { pointer: '/navigation', on: 'key' };
}

/**
 * Whether the served llms.txt is in a run's scope: the custom file, or docs.json for the generated
 * one (its findings go there). A run over pages alone reads no other page for it.
 */
export function llmsTxtInScope(site: SiteModel, inScope: (file: string) => boolean): boolean {
  return inScope(site.files.has('llms.txt') ? site.absolute('llms.txt') : site.config.rootFile);
}

/**
 * The custom llms.txt of the site when a run should check it: in scope and readable. Undefined
 * when the site serves the generated one (the rules that check only what a writer wrote skip it).
 */
export async function customLlmsTxt(
  site: SiteModel,
  inScope: (file: string) => boolean,
  facts: FactsReader,
): Promise<(ServedLlmsTxt & { file: string }) | undefined> {
  // Without a custom file, the generated one is not needed.
  if (!llmsTxtInScope(site, inScope) || !site.files.has('llms.txt')) return undefined;
  const served = await servedLlmsTxt(site, facts);
  if (!served.custom || served.unreadable || !served.file || !inScope(served.file)) return undefined;
  return served as ServedLlmsTxt & { file: string };
}

/** The `hosts` option of the rules that read links of llms.txt. */
export const HOSTS_OPTION = {
  type: 'array',
  items: { type: 'string' },
  description: 'The site\u2019s own hosts (`docs.example.com`): absolute links to them are checked like relative ones.',
} as const;
