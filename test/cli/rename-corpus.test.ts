import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkSite, corpusDir } from '../../scripts/rename-check.mjs';
import { testIf } from '../helpers/needs.js';

/**
 * `doclint rename` on a copy of a real site: the page linked from the most pages is renamed, then
 * a full lint reports nothing new and `git diff` shows only the move, changed paths and the
 * redirect. The corpus is at ../shared/corpus (in CI) when it is there; otherwise the test skips.
 */
const SITE = 'upstash__docs';
const corpus = corpusDir();
const reason = !corpus
  ? 'no corpus at ../shared/corpus'
  : !existsSync(path.join(corpus, SITE, 'docs.json'))
    ? `no ${SITE} in the corpus`
    : undefined;
testIf(reason)(
  `renaming the most-linked page of ${SITE}: nothing new in a full lint, only intended edits in git diff`,
  () => {
    const lines: string[] = [];
    const result = checkSite(SITE, { log: (line) => lines.push(line) });
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, page: 'qstash/overall/getstarted.mdx', linkedFrom: 17 });
    expect(result.after).toBe(result.before);
  },
  300_000,
);
