import type { SiteModel } from '../model/site-model.js';
import {
  buildLlmsIndex,
  markdownUrl,
  renderLlmsIndex,
  type FactsReader,
  type Line,
  type LlmsIndex,
  type LlmsOptions,
} from './llms-txt.js';

/*
 * The scoped indexes the platform serves beside llms.txt (its changelog of August 21, 2026: "Grouped
 * llms.txt indexes are now served per URL segment at /_llms/<segment>.md"), and the split of a
 * generated llms.txt too large to serve whole (its docs: a generated llms.txt "cannot exceed
 * 100,000 characters"): past that size, llms.txt is a root index that links to one scoped index per
 * first folder of the pages' routes, and lists the pages at the root of the site itself. The
 * platform's code that does this is not in its published packages (mint 4.2.941 has none); the
 * shape here is the one its docs and changelog describe.
 */

/** Characters past which the platform serves the generated llms.txt as a root index of scoped ones. */
export const LLMS_SPLIT_THRESHOLD = 100_000;

/** The first folder of a route (`guides` for `guides/intro`), or undefined for a page at the root. */
export function routeSegment(route: string | undefined): string | undefined {
  if (route === undefined) return undefined;
  const m = /^([^/]+)\//.exec(route.replace(/^\/+/, ''));
  return m ? m[1] : undefined;
}

/** Only the lines of `keep`, sections that keep none dropped. */
function filtered(index: LlmsIndex, keep: (line: Line) => boolean): LlmsIndex {
  return {
    ...index,
    sections: index.sections
      .map((s) => ({ title: s.title, lines: s.lines.filter(keep) }))
      .filter((s) => s.lines.length > 0),
    extra: index.extra.filter(keep),
  };
}

/** The first folders of the pages an index lists, in the order they first appear, with their page counts. */
export function indexSegments(index: LlmsIndex): Map<string, number> {
  const segments = new Map<string, number>();
  for (const line of [...index.sections.flatMap((s) => s.lines), ...index.extra]) {
    const segment = routeSegment(line.route);
    if (segment !== undefined) segments.set(segment, (segments.get(segment) ?? 0) + 1);
  }
  return segments;
}

/** The scoped index of one first folder (`/_llms/guides.md`): the pages under it, in their sections. */
export function scopedLlmsTxt(index: LlmsIndex, segment: string): string {
  const scoped = filtered(index, (line) => routeSegment(line.route) === segment);
  return renderLlmsIndex({ ...scoped, name: `${index.name}: ${segment}`, specLinks: [], optional: [] });
}

/**
 * The root index of a split llms.txt: the site's name and description, a `## Sections` list with a
 * link to each scoped index (`- [guides](/_llms/guides.md): 42 pages`), the pages at the root of
 * the site in their sections, then the specs and external links.
 */
export function rootLlmsTxt(index: LlmsIndex, options: LlmsOptions = {}): string {
  const segments = indexSegments(index);
  const root = filtered(index, (line) => routeSegment(line.route) === undefined);
  const links: Line[] = [...segments].map(([segment, pages]) => ({
    title: segment,
    url: markdownUrl(`_llms/${segment}`, options),
    description: `${pages} page${pages === 1 ? '' : 's'}`,
  }));
  return renderLlmsIndex({ ...root, sections: [{ title: 'Sections', lines: links }, ...root.sections] });
}

/** The llms.txt the platform serves when it generates one: the whole index, or its root index past the threshold. */
export interface GeneratedLlms {
  text: string;
  /** Set when the whole index is past LLMS_SPLIT_THRESHOLD: its length, and the scoped indexes the root links to. */
  split?: { wholeLength: number; segments: number };
}

/** The generated llms.txt as the platform serves it (split past LLMS_SPLIT_THRESHOLD characters). */
export async function servedGeneratedLlmsTxt(
  site: SiteModel,
  facts: FactsReader,
  options: LlmsOptions = {},
): Promise<GeneratedLlms> {
  const index = await buildLlmsIndex(site, facts, options);
  const whole = renderLlmsIndex(index);
  if (whole.length <= LLMS_SPLIT_THRESHOLD) return { text: whole };
  const segments = indexSegments(index).size;
  if (segments === 0) return { text: whole };
  return { text: rootLlmsTxt(index, options), split: { wholeLength: whole.length, segments } };
}
