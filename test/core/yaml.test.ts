import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { parseYamlDocument, YamlLimitError, yamlToJS, type YamlLimits } from '../../src/core/yaml.js';

const WIDE: YamlLimits = { maxAliasCount: 100, maxAnchorsAndAliases: 10_000, maxKeys: 10_000, maxMergedNodes: 10_000 };

/** Documents of a few top-level keys: repeated keys, anchors, aliases (some unknown), merge keys, flow collections. */
const KEY = fc.constantFrom('a', 'b', 'c', '1', '"1"', "'a'", '~', 'null', '.nan', '<<', '[a]', '*a0', '&a3 k');
const value: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('x', '1', '1.0', 'true', '~', '""', '*a0', '*a1', '*a2', '*a9'),
    fc.tuple(fc.constantFrom('&a0', '&a1', '&a2'), tie('value')).map(([anchor, v]) => `${anchor} ${v}`),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    fc
      .array(fc.tuple(KEY, tie('value')), { maxLength: 3 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
    fc.constantFrom('*a0', '*a1', '[*a0, *a1]').map((source) => `{<<: ${source}}`),
  ),
})).value;
const documentText = fc
  .array(fc.tuple(KEY, value), { minLength: 1, maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}: ${v}`).join('\n'));

const errorsOf = (doc: { errors: Array<{ code: string; pos: [number, number]; message: string }> }) =>
  doc.errors.map((e) => ({ code: e.code, pos: e.pos, message: e.message }));
/**
 * Sorted: the library reports a duplicate key of a flow map after the errors inside its value;
 * here duplicates are placed among the parser's errors by their position.
 */
const inTextOrder = <T extends { pos: [number, number] }>(errors: T[]): T[] =>
  [...errors].sort((a, b) => a.pos[0] - b.pos[0]);

function outcome(run: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('parseYamlDocument and yamlToJS against the yaml library', () => {
  test.each([false, true])(
    'the same errors as uniqueKeys: true, and the same values as toJS (merge keys: %s)',
    (merge) => {
      fc.assert(
        fc.property(documentText, (text) => {
          const ours = parseYamlDocument(text, { merge });
          const theirs = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge });
          const other = (errors: ReturnType<typeof errorsOf>) => errors.filter((e) => e.code !== 'DUPLICATE_KEY');
          // The parser's own errors are the same; so are the duplicates, in a document with no other error
          // (in a broken one the library may place a duplicate elsewhere: only the first error is used).
          expect(other(errorsOf(ours))).toEqual(other(errorsOf(theirs)));
          if (other(errorsOf(theirs)).length === 0)
            expect(inTextOrder(errorsOf(ours))).toEqual(inTextOrder(errorsOf(theirs)));
          if (ours.errors.length) return;
          const mine = outcome(() => yamlToJS(ours, WIDE));
          // A merge of a map into itself is refused up front; the library recurses until its alias count stops it.
          if ('error' in mine && /into itself/.test(mine.error)) return;
          expect(mine).toEqual(outcome(() => theirs.toJS({ maxAliasCount: WIDE.maxAliasCount })));
        }),
        { numRuns: 4000, seed: 20240611 },
      );
    },
  );
});

describe('bounds', () => {
  const limits = (over: Partial<YamlLimits>): YamlLimits => ({ ...WIDE, ...over });
  const limitError = (text: string, over: Partial<YamlLimits>, merge = false): { message: string; offset: number } => {
    try {
      yamlToJS(parseYamlDocument(text, { merge }), limits(over));
    } catch (error) {
      if (error instanceof YamlLimitError) return { message: error.message, offset: error.offset };
      throw error;
    }
    throw new Error('no limit reached');
  };

  test('keys, counted map by map from the outside in: the error points at the first key past the bound', () => {
    expect(limitError('a: 1\nb: {c: 1, d: 2}\ne: 3\n', { maxKeys: 3 })).toEqual({
      message: 'has more than 3 keys',
      offset: 9,
    });
  });

  test('anchors and aliases together', () => {
    expect(limitError('a: &x 1\nb: *x\nc: *x\n', { maxAnchorsAndAliases: 2 })).toEqual({
      message: 'has more than 2 anchors and aliases',
      offset: 17,
    });
  });

  test('merge keys: the values they copy, counted through nested merges', () => {
    const text = 'base: &b {p: 1, q: 2, r: 3}\nmid: &m {<<: *b, s: 4}\nx: {<<: *m}\ny: {<<: *m}\n';
    // mid copies base (10 nodes: the map, 3 pairs of 3); x and y each copy mid (17, its merge of base again).
    expect(yamlToJS(parseYamlDocument(text, { merge: true }), limits({ maxMergedNodes: 44 }))).toEqual({
      base: { p: 1, q: 2, r: 3 },
      mid: { p: 1, q: 2, r: 3, s: 4 },
      x: { p: 1, q: 2, r: 3, s: 4 },
      y: { p: 1, q: 2, r: 3, s: 4 },
    });
    expect(limitError(text, { maxMergedNodes: 43 }, true)).toEqual({
      message: 'has merge keys (`<<`) that copy more than 43 values',
      offset: 0,
    });
  });

  test('a merge of a map into itself', () => {
    expect(limitError('a: &a {x: 1, y: {<<: *a}}\n', {}, true)).toEqual({
      message: 'has a merge key (`<<`) that merges a map into itself',
      offset: 6,
    });
  });
});

// Bounded time is shown by these finishing at all (under jest's timeout); no test times itself.
describe('shapes that were quadratic', () => {
  test('200,000 keys, one duplicated at the end: one error, at the duplicate', () => {
    const text = `${Array.from({ length: 200_000 }, (_, i) => `k${i}: v`).join('\n')}\nk7: again\n`;
    const doc = parseYamlDocument(text);
    expect(errorsOf(doc)).toEqual([
      { code: 'DUPLICATE_KEY', pos: [text.length - 10, text.length - 9], message: 'Map keys must be unique' },
    ]);
  });

  test('20,000 anchor/alias pairs', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `a${i}: &a${i} v${i}\nb${i}: *a${i}`).join('\n');
    const value = yamlToJS(parseYamlDocument(text), WIDE_ALIASES) as Record<string, string>;
    expect([value.a0, value.b0, value.b19999, Object.keys(value).length]).toEqual(['v0', 'v0', 'v19999', 40_000]);
  });

  test('400 anchored lists that hold an alias, beside 100,000 other keys', () => {
    const text = `a0: &a0 x\n${Array.from({ length: 400 }, (_, i) => `a${i + 1}: &a${i + 1} [*a0]\nb${i}: *a${i + 1}`).join('\n')}\n${Array.from({ length: 100_000 }, (_, i) => `p${i}: [1, 2, 3]`).join('\n')}\n`;
    const value = yamlToJS(parseYamlDocument(text), { ...WIDE_ALIASES, maxKeys: 200_000 }) as Record<string, unknown>;
    expect([value.b399, value.p99999]).toEqual([['x'], [1, 2, 3]]);
  });
});

const WIDE_ALIASES: YamlLimits = {
  maxAliasCount: 100_000,
  maxAnchorsAndAliases: 100_000,
  maxKeys: 100_000,
  maxMergedNodes: 0,
};
