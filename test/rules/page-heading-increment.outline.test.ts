import fc from 'fast-check';
import { applyFixes } from '../../src/engine/fix.js';
import { runRule } from '../helpers/rule-tester.js';

/*
 * The heading fix on generated outlines: whatever the page's headings (markdown and `<hN>`, any
 * levels, any skips), `--fix` leaves every heading with the parent it had — the nearest heading
 * before it of a lower level, or the page title — so siblings stay siblings and children stay
 * children; the page then has no skip left, and nothing but the heading markers changed.
 */

interface Heading {
  depth: number;
  jsx: boolean;
  words: string;
}

const headingArbitrary = fc.record({
  depth: fc.integer({ min: 1, max: 6 }),
  jsx: fc.boolean(),
  words: fc.constantFrom('Overview', 'Install', 'Options', 'Next steps', 'Limits', 'FAQ'),
});

function render(headings: Heading[], title: boolean): string {
  const body = headings
    .map((h, i) => (h.jsx ? `<h${h.depth}>${h.words} ${i}</h${h.depth}>` : `${'#'.repeat(h.depth)} ${h.words} ${i}`))
    .join('\n\nSome text.\n\n');
  return title ? `---\ntitle: Outline\ndescription: A generated outline.\n---\n\n${body}\n` : `${body}\n`;
}

/** The levels of the page's headings, read back from the text, in order. */
function levelsOf(text: string): number[] {
  return [...text.matchAll(/^(?:(#{1,6}) |<h([1-6])>)/gm)].map((m) => (m[1] ? m[1].length : Number(m[2])));
}

/** For each heading, the index of its parent (the nearest heading before it of a lower level), or -1 for the page title. */
function parents(levels: number[]): number[] {
  return levels.map((level, i) => {
    for (let j = i - 1; j >= 0; j--) if (levels[j]! < level) return j;
    return -1;
  });
}

/** The text with the heading markers taken out: what the fix must not touch. */
function words(text: string): string {
  return text.replace(/^#{1,6} /gm, '').replace(/<\/?h[1-6]>/g, '');
}

/** `--fix`: fixes applied pass after pass until none is left (at most 10 passes, as the command line). */
function fixAll(text: string, isSnippet: boolean): { text: string; remaining: number } {
  let current = text;
  for (let pass = 0; pass < 10; pass++) {
    const found = runRule('page-heading-increment', current, undefined, isSnippet);
    const { output, applied } = applyFixes(current, found);
    if (applied.length === 0) return { text: current, remaining: found.length };
    current = output;
  }
  return { text: current, remaining: runRule('page-heading-increment', current, undefined, isSnippet).length };
}

describe('page-heading-increment: the fix keeps the outline (generated outlines)', () => {
  test.each([
    ['pages', false],
    ['snippets', true],
  ])('%s: every heading keeps its parent, no skip is left, only heading markers change', (_name, isSnippet) => {
    fc.assert(
      fc.property(fc.array(headingArbitrary, { minLength: 1, maxLength: 12 }), (headings) => {
        const text = render(headings, !isSnippet);
        const before = levelsOf(text);
        const { text: fixed, remaining } = fixAll(text, isSnippet);
        const after = levelsOf(fixed);
        expect(after).toHaveLength(before.length);
        expect(parents(after)).toEqual(parents(before));
        expect(remaining).toBe(0);
        expect(words(fixed)).toBe(words(text));
      }),
      { seed: 20261123, numRuns: 400 },
    );
  });

  test('the generated outlines have skips to fix (so the property above is not empty)', () => {
    const text = render(
      [
        { depth: 2, jsx: false, words: 'Overview' },
        { depth: 4, jsx: true, words: 'Install' },
        { depth: 4, jsx: false, words: 'Options' },
        { depth: 3, jsx: false, words: 'Limits' },
      ],
      true,
    );
    const { text: fixed } = fixAll(text, false);
    expect(levelsOf(fixed)).toEqual([2, 3, 3, 3]);
    expect(parents(levelsOf(text))).toEqual([-1, 0, 0, 0]);
  });
});
