import { isGeneratedFile } from '../core/generated-marker.js';
import { realRoot, readListedFile } from '../core/safe-read.js';
import { classifyCodeContent } from '../pages/code-content.js';
import { isAgentInstructionFile } from '../platform/files.js';
import { MAX_PAGE_BYTES } from '../engine/page-reader.js';
import { loadSite } from '../site/load.js';
import { navigationModel, type NavEntry } from '../site/navigation.js';
import { duplicateTitles } from '../rule-kit/navigation.js';
import { builtinRegistry } from '../config/registry.js';
import type { RuleMeta } from '../rule-kit/rule.js';
import { isOwnMetadataKey } from '../platform/frontmatter-keys.js';
import { decideDescriptions, type DescriptionCount, type DescriptionDecision } from './init-descriptions.js';

/*
 * What `doclint init` reads of a site's house style before it writes the configuration: whether
 * its pages frame their images, whether their code blocks name a language (and label output
 * `text`), and whether its hand-written pages set a description. A rule that asks for what the
 * site never does would report a house style, not a defect, on most of its pages, so init sets
 * those rules to match. It reads the page texts (not snippets) once, without parsing: fenced code
 * blocks are skipped, so an example of `<Frame>` in a code block is not a use of it.
 */

export interface SiteConventions {
  /** Pages read (snippets are not counted). */
  pages: number;
  /** Pages with a `<Frame>` element. */
  framePages: number;
  /** Markdown images and `<img>` elements outside code. */
  images: number;
  /** Of those, the ones inside a `<Frame>`. */
  framedImages: number;
  /** Fenced code blocks. */
  fences: number;
  /** Of those, the ones whose opening fence names no language. */
  fencesWithoutLanguage: number;
  /** Of those without a language, the ones that hold no code (output, a tree, prose) or may not (see classifyCodeContent). */
  bareWithoutCode: number;
  /** Fenced code blocks labelled as plain text (`text`, `txt`, `plaintext`, `plain`, `output`). */
  fencesLabelledText: number;
  /** Hand-written pages: not generated (folder or marker), not made from a spec (`openapi:`), not an instruction file for agents. */
  handWritten: number;
  /** Of those, the ones whose front matter sets a description that is not empty. */
  described: number;
  /** Generated pages (a `generated` folder or a marker comment), left out of the counts above. */
  generated: number;
  /** The hand-written pages and those that set a description, by folder (site-relative, `''` for the root; subfolders apart). */
  descriptionFolders: Map<string, DescriptionCount>;
  /** The top-level front-matter keys of the pages, with the number of pages that set each. */
  frontMatterKeys: Map<string, number>;
  /** Pages listed in the navigation, and those whose title an earlier page of their scope has, in another group or in the same. */
  titles: { listed: number; otherGroup: number; sameGroup: number };
}

/** A rule init sets for the site's conventions, and why (one line on screen). */
export interface ConventionSetting {
  rule: string;
  setting: 'off' | 'info' | 'warn';
  /** The rule's options, when the decision sets some. */
  options?: Record<string, unknown>;
  /** A folder's own decision (site-relative, forward slashes): an `overrides` entry for the files under it. */
  folder?: string;
  why: string;
}

/** Fewer code blocks than this say nothing of a convention: page-code-language is left as it is. */
const MIN_FENCES = 10;

/** An opening or closing fence line: a run of 3+ backticks or tildes after container markers and indentation. */
const FENCE_LINE = /^[ \t>]*(`{3,}|~{3,})(.*)$/;

/** Where a `<Frame`, a `</Frame>`, a markdown image (`![`) or an `<img` starts. */
const TOKENS = /<Frame\b|<\/Frame\s*>|!\[|<img\b/g;

/** The next index of `char` at or after `from` (text.length when none), remembered so that a scan from left to right stays linear. */
function nextOf(text: string, char: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found !== text.length && found < from) {
      found = text.indexOf(char, from);
      if (found === -1) found = text.length;
    }
    return found;
  };
}

export function emptyConventions(): SiteConventions {
  return {
    pages: 0,
    framePages: 0,
    images: 0,
    framedImages: 0,
    fences: 0,
    fencesWithoutLanguage: 0,
    bareWithoutCode: 0,
    fencesLabelledText: 0,
    handWritten: 0,
    described: 0,
    generated: 0,
    descriptionFolders: new Map(),
    frontMatterKeys: new Map(),
    titles: { listed: 0, otherGroup: 0, sameGroup: 0 },
  };
}

/** Languages that say a block is plain text. */
const TEXT_LANGUAGES = new Set(['text', 'txt', 'plaintext', 'plain', 'output']);

/** The front matter's block at the top of a page (undefined when none). */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** A top-level field with a value that is not empty (`description: ""` and `description:` are empty). */
const SET_FIELD = (key: string) => new RegExp(`^${key}:[ \\t]*(?!(?:""|''|~|null)?[ \\t]*(?:#.*)?$)\\S`, 'm');
const DESCRIPTION = SET_FIELD('description');
/** The `title` line of a front matter. */
const TITLE = /^title:[ \t]*(.*)$/m;
/** A top-level key of the front matter (`language:` at the start of a line; `og:image` is a meta tag, not matched). */
const TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?=[ \t]|\r?$)/gm;
/** A page made from a spec, or a link (`url`: its navigation entry opens another address): no description of its own is asked. */
const FROM_SPEC = SET_FIELD('(?:openapi|asyncapi|url)');

/**
 * Adds one page's text to the counts. `relative` (site-relative path): the page counts towards
 * the descriptions unless it is generated, made from a spec or an instruction file for agents.
 */
export function surveyPage(text: string, into: SiteConventions, relative = 'page.mdx'): void {
  into.pages++;
  const fm = FRONT_MATTER.exec(text)?.[1] ?? '';
  for (const key of new Set(Array.from(fm.matchAll(TOP_LEVEL_KEY), (m) => m[1]!)))
    into.frontMatterKeys.set(key, (into.frontMatterKeys.get(key) ?? 0) + 1);
  if (isGeneratedFile(relative, text)) into.generated++;
  else if (!isAgentInstructionFile(relative)) {
    if (!FROM_SPEC.test(fm)) {
      into.handWritten++;
      const folder = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '';
      const count = into.descriptionFolders.get(folder) ?? { handWritten: 0, described: 0 };
      into.descriptionFolders.set(folder, count);
      count.handWritten++;
      if (DESCRIPTION.test(fm)) {
        into.described++;
        count.described++;
      }
    }
  }
  // The page without its fenced code blocks and inline code (line breaks kept), counting the fences.
  const prose: string[] = [];
  let open: string | undefined;
  /** The content of the open block when it names no language. */
  let bare: string[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    const m = FENCE_LINE.exec(line);
    if (open) {
      if (m && m[1]![0] === open[0] && m[1]!.length >= open.length && m[2]!.trim() === '') {
        open = undefined;
        if (bare && classifyCodeContent(bare.join('\n')).kind !== 'code') into.bareWithoutCode++;
        bare = undefined;
      } else bare?.push(line);
      prose.push('');
    } else if (m && !(m[1]![0] === '`' && m[2]!.includes('`'))) {
      open = m[1]!;
      into.fences++;
      const language = m[2]!.trim().split(/[\s{]/, 1)[0]!.toLowerCase();
      if (language === '') {
        into.fencesWithoutLanguage++;
        bare = [];
      } else if (TEXT_LANGUAGES.has(language)) into.fencesLabelledText++;
      prose.push('');
    } else prose.push(line.replace(/`+[^`]*`+/g, ''));
  }
  const body = prose.join('\n');
  const tagEnd = nextOf(body, '>');
  const bracket = nextOf(body, ']');
  const lineEnd = nextOf(body, '\n');
  let depth = 0;
  let framed = false;
  for (const m of body.matchAll(TOKENS)) {
    const at = m.index;
    const token = m[0];
    if (token === '<Frame') {
      // `<Frame …>` opens a frame; `<Frame … />` frames nothing.
      const end = tagEnd(at);
      if (end === body.length) break;
      framed = true;
      if (body[end - 1] !== '/') depth++;
    } else if (token.startsWith('</')) depth = Math.max(0, depth - 1);
    else if (token === '![') {
      // An image when its `]` is followed by `(` or `[` on the same line.
      const close = bracket(at + 2);
      if (close >= lineEnd(at) || (body[close + 1] !== '(' && body[close + 1] !== '[')) continue;
      into.images++;
      if (depth > 0) into.framedImages++;
    } else {
      into.images++;
      if (depth > 0) into.framedImages++;
    }
  }
  if (framed) into.framePages++;
}

/** The `title` of a page's front matter, unquoted (undefined when none). */
function frontMatterTitle(text: string): string | undefined {
  const value = TITLE.exec(FRONT_MATTER.exec(text)?.[1] ?? '')?.[1]?.trim();
  return value?.replace(/^(["'])(.*)\1$/, '$2') || undefined;
}

/**
 * Reads every page of the site (snippets left out) as the page pass does: inside the site, at most
 * its size limit; and the titles of the pages its navigation lists.
 */
export async function surveySite(root: string): Promise<SiteConventions> {
  const site = await loadSite(root);
  const real = realRoot(root);
  const out = emptyConventions();
  const titles = new Map<string, string | undefined>();
  for (const entry of site.pages.values()) {
    if (entry.isSnippet) continue;
    const read = readListedFile(entry.file, { root: real, maxBytes: MAX_PAGE_BYTES });
    if (!read.ok) continue;
    const text = read.buffer.toString('utf8');
    surveyPage(text, out, entry.relative);
    titles.set(entry.relative, frontMatterTitle(text));
  }
  const pageOf = (entry: NavEntry) =>
    entry.route === undefined
      ? undefined
      : (site.routes.get(entry.route) ?? site.routes.get(`${entry.route}/index`))?.relative;
  const entries = navigationModel(site.config).entries;
  out.titles.listed = new Set(entries.map((e) => (e.kind === 'page' ? pageOf(e) : undefined)).filter(Boolean)).size;
  for (const d of duplicateTitles(entries, pageOf, (page) => titles.get(page))) {
    if (d.group === undefined) out.titles.otherGroup++;
    else out.titles.sameGroup++;
  }
  return out;
}

/** The rule that checks a house style (`meta.houseStyle`), by the registry. */
function houseStyleRule(style: NonNullable<RuleMeta['houseStyle']>): string {
  const meta = builtinRegistry()
    .withFlag('houseStyle')
    .find((m) => m.houseStyle === style);
  if (!meta) throw new Error(`no rule declares meta.houseStyle "${style}"`);
  return meta.id;
}

/** A share as a whole percentage, for the lines init prints. */
const percent = (part: number, whole: number) => `${Math.round((part * 100) / whole)} %`;

/**
 * The rules to set for these conventions, one decision each, with the counts that led to it:
 *
 * - image frames (off by default) on where at least half of the images are framed, or where the
 *   site has few images (under one per ten pages: a new site, which the writing guide asks to
 *   frame its screenshots from the start); off elsewhere;
 * - code-block languages off where most code blocks name no language, notes where a quarter or
 *   more do (at least ten blocks), on elsewhere; and the note on blocks that hold no code (name
 *   them `text`) left out where fewer blocks are labelled `text` than are left unlabelled;
 * - descriptions required where at least half of the hand-written pages set one; elsewhere
 *   only the title is, and the line says how many set one; decided folder by folder where the
 *   site's folders differ (see init-descriptions.ts);
 * - front-matter keys of the site's own (not platform fields, meta tags or misspellings) that
 *   MIN_KEY_PAGES pages or more set: allowed, as the metadata of its tooling;
 * - duplicate titles in different groups of a scope: not noted where MIN_SHARED_TITLES listed
 *   pages or more share the title of a page in another group (the site's way of titling pages).
 */
export function conventionSettings(c: SiteConventions): ConventionSetting[] {
  const out: ConventionSetting[] = [];
  const frames = houseStyleRule('imageFrames');
  const languages = houseStyleRule('fenceLanguages');
  const descriptions = houseStyleRule('descriptions');
  if (c.pages > 0) {
    const imagesOn = `${c.images} image${c.images === 1 ? '' : 's'} on ${c.pages} page${c.pages === 1 ? '' : 's'}`;
    if (c.images > 0 && c.framedImages * 2 >= c.images)
      out.push({
        rule: frames,
        setting: 'warn',
        why: `on (warn) — ${c.framedImages} of ${c.images} images are in a <Frame>: unframed screenshots are reported`,
      });
    else if (c.images * 10 < c.pages)
      out.push({
        rule: frames,
        setting: 'warn',
        why: `on (warn) — few images (${imagesOn}): each screenshot is framed from the start, as the writing guide asks`,
      });
    else if (c.framePages === 0)
      out.push({
        rule: frames,
        setting: 'off',
        why: `off — no page uses <Frame> (0 of ${c.pages} pages; ${imagesOn})`,
      });
    else
      out.push({
        rule: frames,
        setting: 'off',
        why: `off — few images are in a <Frame> (${c.framedImages} of ${c.images}; ${c.framePages} of ${c.pages} pages use it)`,
      });
  }
  if (c.fences >= MIN_FENCES) {
    const bare = c.fencesWithoutLanguage;
    // Blocks of output and the like are labelled `text` on this site less often than not: a note
    // asking for the label on each unlabelled one asks for a house style the site does not have.
    const quiet = c.bareWithoutCode > 0 && c.fencesLabelledText < c.bareWithoutCode;
    const options = quiet ? { reportText: false } : undefined;
    const labelled =
      c.fencesLabelledText === 0
        ? 'no block is labelled `text`'
        : `only ${c.fencesLabelledText} block${c.fencesLabelledText === 1 ? ' is' : 's are'} labelled \`text\``;
    const text = quiet
      ? `; ${labelled}, so the ${c.bareWithoutCode} without a language that hold no code (output, trees) are not noted`
      : c.bareWithoutCode > 0
        ? `; ${c.fencesLabelledText} labelled \`text\`, so the ${c.bareWithoutCode} without a language that hold no code are noted`
        : '';
    if (bare * 2 > c.fences)
      out.push({
        rule: languages,
        setting: 'off',
        why: `off — most code blocks name no language (${bare} of ${c.fences})`,
      });
    else if (bare * 4 >= c.fences)
      out.push({
        rule: languages,
        setting: 'info',
        options,
        why: `info — many code blocks name no language (${bare} of ${c.fences}): notes, which never fail a run${text}`,
      });
    else
      out.push({
        rule: languages,
        setting: 'warn',
        options,
        why: `on (warn) — ${c.fences - bare} of ${c.fences} code blocks name their language${text}`,
      });
  }
  out.push(...descriptionSettings(c, descriptions));
  const own = ownKeysSetting(c, houseStyleRule('frontmatterKeys'));
  if (own) out.push(own);
  if (c.titles.otherGroup >= MIN_SHARED_TITLES)
    out.push({
      rule: houseStyleRule('duplicateTitles'),
      setting: 'warn',
      options: { otherGroups: false },
      why: `pages of different groups may share a title — ${c.titles.otherGroup} of ${c.titles.listed} listed pages have the title of a page in another group of their tab (or version, language…): the site titles pages by their subject and lets the group tell them apart; two pages of one group with one title are still reported`,
    });
  return out;
}

/** `N of M hand-written pages (P %)`, with what the count leaves out. */
function describedCount(d: DescriptionDecision, site: boolean): string {
  const where = d.hasNested ? (site ? ' outside the folders below' : ' outside the folders below it') : '';
  return `${d.described} of ${d.handWritten} hand-written pages${where} (${percent(d.described, d.handWritten)})`;
}

/**
 * page-frontmatter-required: the site's decision, then each folder decided apart (an `overrides`
 * entry, after the entry of the folder it is in), each line with the counts that led to it.
 */
function descriptionSettings(c: SiteConventions, rule: string): ConventionSetting[] {
  const decisions = decideDescriptions(c.descriptionFolders);
  if (decisions.length === 0) return [];
  const left = c.generated > 0 ? `; ${c.generated} generated page${c.generated === 1 ? '' : 's'} left alone` : '';
  return decisions.map((d, i) => {
    const site = i === 0;
    const counts = d.handWritten === 0 ? '' : `${describedCount(d, site)} set a description`;
    if (site) {
      const why = d.required
        ? `on (warn), title and description required — ${counts || 'every hand-written page is in the folders below'}${left}`
        : `title required, description not — ${counts ? `only ${counts}` : 'every hand-written page is in the folders below'}: the site leaves descriptions out, so a page without one is its house style${left}`;
      return d.required
        ? { rule, setting: 'warn', why }
        : { rule, setting: 'warn', options: { required: ['title'] }, why };
    }
    return d.required
      ? {
          rule,
          setting: 'warn',
          options: { required: ['title', 'description'] },
          folder: d.folder,
          why: `title and description required — ${counts}`,
        }
      : {
          rule,
          setting: 'warn',
          options: { required: ['title'] },
          folder: d.folder,
          why: `title required, description not — only ${counts}: a page without one is the house style there`,
        };
  });
}

/** Listed pages with the title of a page in another group of their scope, from which that is the site's way of titling pages. */
export const MIN_SHARED_TITLES = 10;

/** A key of the site's own set on this many pages at least is its tooling's metadata, not a slip. */
export const MIN_KEY_PAGES = 5;

/**
 * Keys other documentation tools read for something the platform sets another way (`image` for
 * the social image is `og:image`, `draft` is `hidden`, `slug` is the file's path): a page that sets
 * one expects what does not happen, however many pages do. Never allowed.
 */
const FOREIGN_FIELDS = new Set(['image', 'slug', 'permalink', 'draft', 'unlisted', 'sidebar_label']);

/** At most this many keys named on the line init prints (all are in `allow`). */
const SHOWN_KEYS = 5;

/** page-frontmatter-unknown-key: the site's own keys that many pages set, allowed; undefined when there are none. */
function ownKeysSetting(c: SiteConventions, rule: string): ConventionSetting | undefined {
  const keys = [...c.frontMatterKeys]
    .filter(([key, pages]) => pages >= MIN_KEY_PAGES && isOwnMetadataKey(key) && !FOREIGN_FIELDS.has(key))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return undefined;
  const shown = keys.slice(0, SHOWN_KEYS).map(([key, pages]) => `\`${key}\` (${pages} pages)`);
  const more = keys.length > SHOWN_KEYS ? ` and ${keys.length - SHOWN_KEYS} more` : '';
  return {
    rule,
    setting: 'info',
    options: { allow: keys.map(([key]) => key).sort() },
    why: `the site's own keys allowed — ${shown.join(', ')}${more}: not fields of the platform, each set on ${MIN_KEY_PAGES} pages or more, so metadata its tooling reads; a key on fewer pages is still noted`,
  };
}
