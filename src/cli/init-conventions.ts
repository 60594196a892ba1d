import { realRoot, readListedFile } from '../core/safe-read.js';
import { MAX_PAGE_BYTES } from '../engine/page-reader.js';
import { loadInventory } from '../site/inventory.js';
import { builtinRegistry } from '../engine/registry.js';
import type { RuleMeta } from '../rule-kit/rule.js';

/*
 * What `doclint init` reads of a site's house style before it writes the configuration: whether
 * its pages frame their images, and whether their code blocks name a language. A rule that asks
 * for what the site never does would report a house style, not a defect, on most of its pages, so
 * init sets those rules to match. It reads the page texts (not snippets) once, without parsing:
 * fenced code blocks are skipped, so an example of `<Frame>` in a code block is not a use of it.
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
}

/** A rule init sets for the site's conventions, and why (one line on screen). */
export interface ConventionSetting {
  rule: string;
  setting: 'off' | 'info' | 'warn';
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

function emptyConventions(): SiteConventions {
  return { pages: 0, framePages: 0, images: 0, framedImages: 0, fences: 0, fencesWithoutLanguage: 0 };
}

/** Adds one page's text to the counts. */
export function surveyPage(text: string, into: SiteConventions): void {
  into.pages++;
  // The page without its fenced code blocks and inline code (line breaks kept), counting the fences.
  const prose: string[] = [];
  let open: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const m = FENCE_LINE.exec(line);
    if (open) {
      if (m && m[1]![0] === open[0] && m[1]!.length >= open.length && m[2]!.trim() === '') open = undefined;
      prose.push('');
    } else if (m && !(m[1]![0] === '`' && m[2]!.includes('`'))) {
      open = m[1]!;
      into.fences++;
      if (m[2]!.trim() === '') into.fencesWithoutLanguage++;
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

/** Reads every page of the site (snippets left out) as the page pass does: inside the site, at most its size limit. */
export async function surveySite(root: string): Promise<SiteConventions> {
  const inventory = await loadInventory(root);
  const real = realRoot(root);
  const out = emptyConventions();
  for (const entry of inventory.pages.values()) {
    if (entry.isSnippet) continue;
    const read = readListedFile(entry.file, { root: real, maxBytes: MAX_PAGE_BYTES });
    if (read.ok) surveyPage(read.buffer.toString('utf8'), out);
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

/**
 * The rules to set for these conventions. The image-frame rule (off by default) is turned on where
 * at least half of the images are framed, and written off elsewhere; the code-block language rule
 * is turned off where most code blocks name no language, and down to notes where a quarter or more
 * do (on a site with at least ten code blocks).
 */
export function conventionSettings(c: SiteConventions): ConventionSetting[] {
  const out: ConventionSetting[] = [];
  const frames = houseStyleRule('imageFrames');
  const languages = houseStyleRule('fenceLanguages');
  if (c.images > 0) {
    if (c.framedImages * 2 >= c.images)
      out.push({
        rule: frames,
        setting: 'warn',
        why: `on (warn) — ${c.framedImages} of ${c.images} images are in a <Frame>: unframed screenshots are reported`,
      });
    else if (c.framePages === 0) out.push({ rule: frames, setting: 'off', why: `off — no page uses <Frame> (0 of ${c.pages} pages)` });
    else
      out.push({
        rule: frames,
        setting: 'off',
        why: `off — few images are in a <Frame> (${c.framedImages} of ${c.images}; ${c.framePages} of ${c.pages} pages use it)`,
      });
  }
  if (c.fences >= MIN_FENCES) {
    const bare = c.fencesWithoutLanguage;
    if (bare * 2 > c.fences) out.push({ rule: languages, setting: 'off', why: `off — most code blocks name no language (${bare} of ${c.fences})` });
    else if (bare * 4 >= c.fences)
      out.push({
        rule: languages,
        setting: 'info',
        why: `info — many code blocks name no language (${bare} of ${c.fences}): notes, which never fail a run`,
      });
  }
  return out;
}
