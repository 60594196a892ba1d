import { UserError } from '../core/errors.js';
import { buildLlmsIndex, type FactsReader, type LlmsOptions } from '../llms/llms-txt.js';
import { indexSegments, LLMS_SPLIT_THRESHOLD, servedGeneratedLlmsTxt, scopedLlmsTxt } from '../llms/split.js';
import type { SiteModel } from '../model/site-model.js';

/**
 * The generated llms.txt that `doclint llms-txt` prints: the index the platform serves (its root
 * index when the whole one is past LLMS_SPLIT_THRESHOLD characters, with a note saying so), or with
 * `segment` the scoped index of that first folder (`/_llms/<segment>.md`).
 */
export async function generatedIndex(
  site: SiteModel,
  facts: FactsReader,
  options: LlmsOptions & { segment?: string },
  note: (text: string) => void,
): Promise<string> {
  if (options.segment !== undefined) {
    const segment = options.segment.replace(/^\/+|\/+$/g, '');
    const index = await buildLlmsIndex(site, facts, options);
    const segments = [...indexSegments(index).keys()];
    if (!segments.includes(segment)) {
      const known = segments.length
        ? `the platform serves one for each first folder of the pages llms.txt lists: ${segments.slice(0, 10).join(', ')}${segments.length > 10 ? ', …' : ''}`
        : 'the pages llms.txt lists are all at the root of the site, so the platform serves none';
      throw new UserError(`--segment ${segment}: no /_llms/${segment}.md for this site; ${known}`);
    }
    return scopedLlmsTxt(index, segment);
  }
  const served = await servedGeneratedLlmsTxt(site, facts, options);
  if (served.split)
    note(
      `the generated index is ${served.split.wholeLength.toLocaleString('en-US')} characters, past the ${LLMS_SPLIT_THRESHOLD.toLocaleString('en-US')} the platform serves whole: printed is its root index, which links to ${served.split.segments} scoped index${served.split.segments === 1 ? '' : 'es'} under /_llms/ (print one with --segment NAME)`,
    );
  return served.text;
}
