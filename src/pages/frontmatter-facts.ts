import { setOwn } from '../core/json.js';
import { LineIndex } from '../core/text.js';
import type { PageInput } from './parsed.js';
import type { PageFacts } from './facts.js';
import { findFrontmatterBlock, parseFrontmatter, type FrontmatterField, type FrontmatterInfo } from './frontmatter.js';
import { extractHeadingIds } from './preprocess.js';

/** The facts of a page that come from its front matter alone. */
export type FrontmatterFacts = Pick<PageFacts, 'frontmatter' | 'title' | 'description' | 'hidden'>;

/** Longest front-matter text kept in the facts. */
const MAX_FACT_TEXT = 4096;

/** The front-matter facts of parsed front matter (as `extractFacts` writes them into a page's facts). */
export function frontmatterFields(fm: FrontmatterInfo): FrontmatterFacts {
  const data = fm.data;
  const facts: FrontmatterFacts = { hidden: data?.hidden === true };
  if (!data) return facts;
  facts.frontmatter = scalarFields(data, fm.fields);
  const title = scalarText(data.title);
  if (title !== undefined) facts.title = title;
  const description = scalarText(data.description);
  if (description !== undefined) facts.description = description;
  return facts;
}

/**
 * A page's front-matter facts without parsing the page as MDX: the same values as the facts of
 * its page pass (src/pages/parse.ts), which reads the same block at the start of the same text —
 * from the MDX tree when the page parses, with `findFrontmatterBlock` when it does not. Site rules
 * that read only these (titles for the navigation, llms.txt) need not parse every page.
 */
export function frontmatterFacts(input: PageInput): FrontmatterFacts {
  if (input.unreadable) return { hidden: false };
  return frontmatterFields(frontmatterOfText(input.text));
}

/**
 * Where each top-level field of a page's front matter is written (its key and its value), read
 * from the page's text as `frontmatterFacts` reads it: for a site rule that reports on a field of
 * another page's front matter without parsing the page.
 */
export function frontmatterFieldPlaces(text: string): ReadonlyMap<string, FrontmatterField> {
  return frontmatterOfText(text).fields;
}

function frontmatterOfText(page: string): FrontmatterInfo {
  const original = page.charCodeAt(0) === 0xfeff ? page.slice(1) : page;
  const { text } = extractHeadingIds(original, new LineIndex(original));
  return parseFrontmatter(findFrontmatterBlock(text)?.value, 1);
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * The front matter as the facts keep it: top-level fields whose values are text, numbers or
 * booleans (text cut at MAX_FACT_TEXT), written in place. Nested values and aliases (`*name`) —
 * where YAML expands — are left out, so the facts (and the cache) stay the size of what the page
 * says, never of what it expands to.
 */
function scalarFields(
  data: Record<string, unknown>,
  fields: ReadonlyMap<string, { alias?: true }>,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(data)) {
    // A field whose value is an alias (`*name`) copies text written elsewhere: a few hundred of
    // them would multiply a page's facts (and the cache) by as many.
    if (fields.get(key)?.alias) continue;
    // Defined, not assigned: a `__proto__` key stays a key.
    if (typeof value === 'string')
      setOwn(out, key, value.length > MAX_FACT_TEXT ? value.slice(0, MAX_FACT_TEXT) : value);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) setOwn(out, key, value);
  }
  return out;
}
