// YAML a CI gate must survive, in front matter, OpenAPI specs and `.doclintrc.yaml`: the shapes
// that were quadratic (many keys, many anchors and aliases) now read in linear time, and what goes
// past a bound (size, keys, anchors and aliases, merge-key copies) is one exact finding or error.
// Bounded time is shown by each run finishing under jest's timeout; no test times itself.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, findingsIn, FRONT, lintJson, type Found, type JsonRun } from './helpers.js';

const TITLE = 'title: Welcome to the test site\ndescription: What this site is for and where to start.\n';
const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n');

/** Front matter of `n` keys after the title and description (keys on lines 4 to n + 3). */
const manyKeys = (n: number) => `---\n${TITLE}${lines(n, (i) => `k${i}: ${i}`)}\n---\n\n## Start\n`;
/** `n` anchor/alias pairs: `a<i>: &a<i> v<i>` on line 4 + 2i, `b<i>: *a<i>` on the next. */
const anchorPairs = (n: number) => lines(n, (i) => `a${i}: &a${i} v${i}\nb${i}: *a${i}`);
/** 10 anchored texts of 20 KB, each used by 99 aliases: within every bound, 20 MB if expanded. */
const ALIASED = `---\n${TITLE}${lines(10, (i) => `t${i}: &t${i} ${String.fromCharCode(97 + i).repeat(20_000)}`)}\n${lines(990, (i) => `u${i}: *t${i % 10}`)}\n---\n\n## Start\n`;

const op = (p: string) =>
  `  ${p}:\n    get:\n      summary: Get ${p}\n      responses:\n        "200":\n          description: OK\n      description: Gets ${p}.\n`;
const SPEC_HEAD = 'openapi: 3.1.0\ninfo:\n  title: API\n  version: "1"\n';
const SPECS: Record<string, () => string> = {
  // 100,000 operations (6 MB): the paths map alone was 5·10⁹ key comparisons.
  'big.yaml': () =>
    `${SPEC_HEAD}paths:\n${lines(100_000, (i) => `  /items/${i}: {get: {responses: {"200": {description: OK}}}}`)}\n`,
  // 20,000 anchor/alias pairs in an extension (26 s before).
  'anchors.yaml': () =>
    `${SPEC_HEAD}paths:\n${op('/a')}x-pairs:\n${lines(20_000, (i) => `  a${i}: &a${i} v${i}\n  b${i}: *a${i}`)}\n`,
  // A map of 1,000 keys merged into 2,000 maps: 2,000,000 copies of 3 nodes each.
  'merge.yaml': () =>
    `${SPEC_HEAD}paths:\n${op('/a')}x-base: &base\n${lines(1_000, (i) => `  k${i}: ${i}`)}\nx-uses:\n${lines(2_000, (i) => `  u${i}: {<<: *base}`)}\n`,
  'self-merge.yaml': () => `${SPEC_HEAD}paths:\n${op('/a')}x-loop: &loop\n  inner:\n    <<: *loop\n`,
  'dup.yaml': () => `${SPEC_HEAD}paths:\n${op('/a')}${op('/a')}`,
  // 19 MB of YAML: past the YAML limit (a JSON spec may be larger).
  'large.yaml': () =>
    `${SPEC_HEAD}paths:\n${op('/a')}x-padding:\n${lines(560_000, (i) => `  k${i}: ${'x'.repeat(24)}`)}\n`,
};
const GROUPS: Array<[string, string[]]> = [
  ['big.yaml', ['GET /items/99999', 'GET /itemz/5']],
  ['anchors.yaml', ['GET /a']],
  ['merge.yaml', ['GET /a']],
  ['self-merge.yaml', ['GET /a']],
  ['dup.yaml', ['GET /a']],
  ['large.yaml', ['GET /a']],
];
const PAGES = ['index', 'keys', 'anchors', 'many-anchors', 'size', 'many-keys', 'dup', 'aliased'];

let root: string;
let run: JsonRun;
let docsJson: string;

beforeAll(() => {
  docsJson = config(PAGES, {
    navigation: {
      groups: [
        { group: 'Start', pages: PAGES },
        ...GROUPS.map(([spec, pages]) => ({ group: spec, openapi: `specs/${spec}`, pages })),
      ],
    },
  });
  root = tmpSite({
    'docs.json': docsJson,
    'index.mdx': `${FRONT}## Start\n\nText.\n`,
    'keys.mdx': manyKeys(10_001),
    'anchors.mdx': `---\n${TITLE}${anchorPairs(2_000)}\n---\n\n## Start\n`,
    'many-anchors.mdx': `---\n${TITLE}${anchorPairs(20_000)}\n---\n\n## Start\n`,
    'size.mdx': `---\n${TITLE}notes: ${'n'.repeat(300 * 1024)}\n---\n\n## Start\n`,
    'many-keys.mdx': manyKeys(200_000),
    'dup.mdx': `---\n${TITLE}title: Again\n---\n\n## Start\n`,
    'aliased.mdx': ALIASED,
  });
  mkdirSync(path.join(root, 'specs'));
  for (const [name, make] of Object.entries(SPECS)) writeFileSync(path.join(root, 'specs', name), make());
  run = lintJson(root, ['.']);
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (
  file: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  ruleId: string,
  message: string,
  severity = 2,
): Found => ({
  file,
  line,
  column,
  endLine,
  endColumn,
  ruleId,
  severity,
  message,
});

describe('front matter', () => {
  test('the run finishes (exit 1), nothing on standard error', () => {
    expect([run.code, run.stderr]).toEqual([1, '']);
  });

  test('title, description and 9,999 more keys: an error at the 10,001st key, no field read', () => {
    expect(findingsIn(run, 'keys.mdx')).toEqual([
      at(
        'keys.mdx',
        10_002,
        1,
        10_002,
        2,
        'page-frontmatter',
        'front matter has more than 10,000 keys; none of its fields were read',
      ),
    ]);
  });

  test('2,000 anchor/alias pairs: an error at the 1,001st anchor or alias', () => {
    // a500's anchor is the 1,001st: a0's anchor, b0's alias, … a499's, b499's are the first 1,000.
    expect(findingsIn(run, 'anchors.mdx')).toEqual([
      at(
        'anchors.mdx',
        1_004,
        13,
        1_004,
        14,
        'page-frontmatter',
        'front matter has more than 1,000 anchors and aliases; none of its fields were read',
      ),
    ]);
  });

  test('300 KB of front matter, 200,000 keys (2.9 MB), 20,000 anchor/alias pairs (708 KB): too large to read, at the opening fence', () => {
    expect(findingsIn(run, 'size.mdx')).toEqual([
      at(
        'size.mdx',
        1,
        1,
        1,
        4,
        'page-frontmatter',
        'front matter is too large to read (301 KB; the limit is 256 KB); none of its fields were read',
      ),
    ]);
    expect(findingsIn(run, 'many-keys.mdx')).toEqual([
      at(
        'many-keys.mdx',
        1,
        1,
        1,
        4,
        'page-frontmatter',
        'front matter is too large to read (2,909 KB; the limit is 256 KB); none of its fields were read',
      ),
      // 200,000 lines: the page is read up to line 15,000 (the page budget, src/pages/hazard.ts).
      at(
        'many-keys.mdx',
        15_001,
        1,
        15_001,
        1,
        'page-mdx-syntax',
        'the page has more than 15,000 lines, more than doclint reads in reasonable time; the page is not read past line 15,000: split it into several pages',
      ),
    ]);
    expect(findingsIn(run, 'many-anchors.mdx')).toEqual([
      at(
        'many-anchors.mdx',
        1,
        1,
        1,
        4,
        'page-frontmatter',
        'front matter is too large to read (708 KB; the limit is 256 KB); none of its fields were read',
      ),
      at(
        'many-anchors.mdx',
        15_001,
        1,
        15_001,
        1,
        'page-mdx-syntax',
        'the page has more than 15,000 lines, more than doclint reads in reasonable time; the page is not read past line 15,000: split it into several pages',
      ),
    ]);
  });

  test('a duplicate key: the same error as before, at the repeated key', () => {
    expect(findingsIn(run, 'dup.mdx')).toEqual([
      at('dup.mdx', 4, 1, 4, 2, 'page-frontmatter', 'front matter is not valid YAML: Map keys must be unique'),
    ]);
  });

  test('990 aliases of 20 KB texts: read; no finding but the notes of its 1,000 keys of its own (ten, then one for the rest)', () => {
    const found = findingsIn(run, 'aliased.mdx');
    expect(found.filter((f) => f.ruleId !== 'page-frontmatter-unknown-key')).toEqual([]);
    const notes = found.filter((f) => f.ruleId === 'page-frontmatter-unknown-key');
    expect(notes.map((f) => [f.line, f.column, f.severity, f.message.split(' is not ')[0]])).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [4 + i, 1, 0, `front matter \`t${i}\``]),
      [
        14,
        1,
        0,
        "front matter has 990 more keys that are not platform fields (`u0`, `u1`, `u2`, …); if they are the team's own metadata, list them in this rule's `allow` option",
      ],
    ]);
  });
});

describe('--cache keeps what a page says, never what its aliases expand to', () => {
  test('the cache is smaller than the page and holds each text once; the warm run equals the cold one', () => {
    const cold = lintJson(root, ['--cache', 'aliased.mdx', 'index.mdx']);
    const cache = path.join(root, '.doclintcache');
    // 990 aliases of 20 KB texts would be 20 MB expanded (4 MB cut at 4 KB each).
    expect(statSync(cache).size).toBeLessThan(statSync(path.join(root, 'aliased.mdx')).size);
    // `t0` as written (cut at 4 KB), not again for each of its 99 aliases.
    expect(readFileSync(cache, 'utf8').split('a'.repeat(4096)).length - 1).toBe(1);
    const warm = lintJson(root, ['--cache', 'aliased.mdx', 'index.mdx']);
    expect(warm.findings).toEqual(cold.findings);
    expect([cold.code, warm.code]).toEqual([0, 0]);
  });
});

describe('OpenAPI specs in YAML', () => {
  const specLine = (spec: string) => {
    const all = docsJson.split('\n');
    const group = all.findIndex((l) => l.includes(`"group": "${spec}"`));
    return group + 2;
  };
  const named = (spec: string) =>
    run.findings.filter((f) => f.file === 'docs.json' && f.line >= specLine(spec) && f.line <= specLine(spec) + 4);

  test('100,000 operations: read; the references resolve, a typo gets its did-you-mean', () => {
    expect(named('big.yaml').map((f) => [f.ruleId, f.message])).toEqual([
      [
        'nav-endpoint-unresolved',
        '`GET /itemz/5`: no operation `GET /itemz/5` in `specs/big.yaml`; did you mean `GET /items/5`?',
      ],
    ]);
  });

  test('20,000 anchor/alias pairs: read, nothing to report', () => {
    expect(named('anchors.yaml')).toEqual([]);
    expect(findingsIn(run, 'specs/anchors.yaml')).toEqual([]);
  });

  test('merge keys that would copy 6,000,000 values: not read, one finding where the spec is named and one in it', () => {
    expect(named('merge.yaml').map((f) => f.message)).toEqual([
      'OpenAPI spec `specs/merge.yaml` cannot be parsed: it has merge keys (`<<`) that copy more than 1,000,000 values (specs/merge.yaml:1)',
    ]);
    expect(findingsIn(run, 'specs/merge.yaml')).toEqual([
      at(
        'specs/merge.yaml',
        1,
        1,
        1,
        2,
        'nav-openapi-invalid',
        'this OpenAPI spec cannot be used: it has merge keys (`<<`) that copy more than 1,000,000 values',
      ),
    ]);
  });

  test('a map merged into itself: refused at the map', () => {
    expect(findingsIn(run, 'specs/self-merge.yaml')).toEqual([
      at(
        'specs/self-merge.yaml',
        14,
        3,
        14,
        4,
        'nav-openapi-invalid',
        'this OpenAPI spec cannot be used: it has a merge key (`<<`) that merges a map into itself',
      ),
    ]);
  });

  test('a path written twice: the duplicate key, where it is', () => {
    expect(findingsIn(run, 'specs/dup.yaml')).toEqual([
      at(
        'specs/dup.yaml',
        13,
        3,
        13,
        4,
        'nav-openapi-invalid',
        'this OpenAPI spec cannot be used: invalid YAML: Map keys must be unique',
      ),
    ]);
  });

  test('19 MB of YAML: past the YAML limit, not parsed', () => {
    expect(named('large.yaml').map((f) => f.message)).toEqual([
      'OpenAPI spec `specs/large.yaml` cannot be parsed: it is too large to read as YAML (19.1 MB; the limit is 16 MB; a JSON spec may be larger) (specs/large.yaml:1)',
    ]);
  });
});

describe('.doclintrc.yaml', () => {
  const rc = (text: string) => {
    const site = tmpSite({
      'docs.json': config(['index']),
      'index.mdx': `${FRONT}## Start\n\nText.\n`,
      '.doclintrc.yaml': text,
    });
    try {
      return runCli(['.'], { cwd: site });
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  };

  test('65,000 rules (under 1 MB; the map was 2·10⁹ key comparisons): exit 2 at the first unknown rule', () => {
    const result = rc(`rules:\n${lines(65_000, (i) => `  r${i}: off`)}\n`);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      'doclint: .doclintrc.yaml:2:3: unknown rule "r0"\n',
    ]);
  });

  test('20,000 anchor/alias pairs: exit 2 at the 1,001st', () => {
    const result = rc(`${anchorPairs(20_000).replace(/^/gm, 'x-')}\n`);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      'doclint: .doclintrc.yaml:1001:15: the configuration cannot be read: it has more than 1,000 anchors and aliases\n',
    ]);
  });
});
