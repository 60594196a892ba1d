import path from 'node:path';
import { checkConfig } from '../../src/engine/config-check.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { tmpSite } from '../helpers/tmp-site.js';

async function load(files: Record<string, string>, root = '') {
  const dir = tmpSite(files);
  const siteRoot = path.join(dir, root);
  const doc = await loadDocsJson(path.join(siteRoot, 'docs.json'), siteRoot);
  const at = (file: string) => path.join(siteRoot, file);
  return {
    doc,
    at,
    found: (await checkConfig(doc)).syntax.map((d) => ({
      file: path.relative(siteRoot, d.file),
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      ruleId: d.ruleId,
      message: d.message,
    })),
  };
}

describe('docs.json $ref resolution', () => {
  test('a lone $ref is replaced by the referenced value, located in its own file', async () => {
    const { doc, at, found } = await load({
      'docs.json': '{\n  "name": "x",\n  "redirects": { "$ref": "./redirects.json" }\n}\n',
      'redirects.json': '[\n  { "source": "/a", "destination": "/b" }\n]\n',
    });
    expect(found).toEqual([]);
    expect(doc.value).toEqual({ name: 'x', redirects: [{ source: '/a', destination: '/b' }] });
    expect(doc.locate('/redirects/0/source')).toEqual({
      file: at('redirects.json'),
      start: 16,
      end: 20,
      keyStart: 6,
      keyEnd: 14,
    });
    // The ref itself keeps the key of the referring file.
    expect(doc.locate('/redirects')).toMatchObject({ file: at('docs.json'), keyStart: 19, keyEnd: 30 });
  });

  test('sibling keys are merged over the referenced object', async () => {
    const { doc, found } = await load({
      'docs.json': '{ "navigation": { "$ref": "nav.json", "global": { "anchors": [] } } }',
      'nav.json': '{ "tabs": [], "global": { "anchors": [1] } }',
    });
    expect(found).toEqual([]);
    expect(doc.value).toEqual({ navigation: { tabs: [], global: { anchors: [] } } });
  });

  test('a $ref to an array ignores sibling keys', async () => {
    const { doc, found } = await load({
      'docs.json': '{ "pages": { "$ref": "pages.json", "note": "x" } }',
      'pages.json': '["a", "b"]',
    });
    expect(found).toEqual([]);
    expect(doc.value).toEqual({ pages: ['a', 'b'] });
  });

  test('a trailing comma in an object is reported once, at the comma', async () => {
    const { found } = await load({ 'docs.json': '{"a": 1,}' });
    expect(found).toEqual([
      {
        file: 'docs.json',
        line: 1,
        column: 8,
        endLine: 1,
        endColumn: 9,
        ruleId: 'config-json',
        message: 'trailing comma before "}"; remove the comma',
      },
    ]);
  });

  test('nested refs resolve relative to the file that holds them', async () => {
    const { doc, at } = await load({
      'docs.json': '{ "navigation": { "$ref": "config/nav.json" } }',
      'config/nav.json': '{ "languages": [ { "$ref": "fr.json" } ] }',
      'config/fr.json': '{ "language": "fr" }',
    });
    expect(doc.value).toEqual({ navigation: { languages: [{ language: 'fr' }] } });
    expect(doc.locate('/navigation/languages/0/language')?.file).toBe(at('config/fr.json'));
  });

  test('a missing file a nested ref names: where it was looked for, and the folder its path is relative to', async () => {
    const { found } = await load({
      'docs.json': '{ "navigation": { "$ref": "config/nav.json" } }',
      'config/nav.json': '{ "languages": [ { "$ref": "fr.json" } ] }',
    });
    expect(found.map((f) => [f.file, f.message])).toEqual([
      [
        'config/nav.json',
        '"$ref" file not found: fr.json (config/fr.json from the site root); create the file, or fix the path (relative to the folder of config/nav.json)',
      ],
    ]);
  });

  test.each([
    [
      'a missing file',
      '{ "navigation": { "$ref": "nope.json" } }',
      '"$ref" file not found: nope.json; create the file, or fix the path (relative to the folder of docs.json)',
    ],
    [
      'a URL',
      '{ "navigation": { "$ref": "https://example.com/nav.json" } }',
      '"$ref" to a URL (https://example.com/nav.json) is not followed; doclint never fetches remote files',
    ],
    [
      'a path outside the site root',
      '{ "navigation": { "$ref": "../outside.json" } }',
      '"$ref" points outside the site root (../outside.json); doclint only reads files inside the site',
    ],
    [
      'an absolute path',
      '{ "navigation": { "$ref": "/etc/passwd" } }',
      '"$ref" points outside the site root (/etc/passwd); doclint only reads files inside the site',
    ],
    [
      'a JSON pointer',
      '{ "navigation": { "$ref": "#/foo" } }',
      '"$ref" to a JSON pointer (#/foo) is not supported in docs.json; point at a file',
    ],
  ])('a $ref to %s is a config-json error at the ref value', async (_name, text, message) => {
    const { found, doc } = await load({ 'site/docs.json': text, 'outside.json': '{}' }, 'site');
    const start = text.indexOf('"', text.indexOf('"$ref"') + 6);
    const end = text.indexOf('"', start + 1) + 1;
    expect(found).toEqual([
      { file: 'docs.json', line: 1, column: start + 1, endLine: 1, endColumn: end + 1, ruleId: 'config-json', message },
    ]);
    expect(doc.value).toEqual({ navigation: {} });
  });

  test('a $ref cycle is reported once, with the chain', async () => {
    const { found } = await load({
      'docs.json': '{ "navigation": { "$ref": "a.json" } }',
      'a.json': '{ "tabs": { "$ref": "b.json" } }',
      'b.json': '{ "x": { "$ref": "a.json" } }',
    });
    expect(found).toEqual([
      {
        file: 'b.json',
        line: 1,
        column: 18,
        endLine: 1,
        endColumn: 26,
        ruleId: 'config-json',
        message: '"$ref" cycle: docs.json -> a.json -> b.json -> a.json; remove the "$ref" that leads back',
      },
    ]);
  });

  test('a malformed referenced file is reported in that file', async () => {
    const { found } = await load({
      'docs.json': '{ "navigation": { "$ref": "nav.json" } }',
      'nav.json': '{ "tabs": [ }',
    });
    expect(found).toEqual([
      {
        file: 'nav.json',
        line: 1,
        column: 13,
        endLine: 1,
        endColumn: 14,
        ruleId: 'config-json',
        message: 'unexpected "}"; a value is expected here',
      },
    ]);
  });

  test('__proto__ keys are plain data, never prototypes', async () => {
    const { doc } = await load({ 'docs.json': '{ "__proto__": { "polluted": true }, "name": "x" }' });
    const value = doc.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  test('JSON nested deeper than the limit is an error, not a stack overflow', async () => {
    const text = '['.repeat(10000) + ']'.repeat(10000);
    const { found, doc } = await load({ 'docs.json': text });
    expect(found).toEqual(
      [
        {
          file: 'docs.json',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          ruleId: 'config-json',
          message: 'the JSON is nested more than 512 levels deep',
        },
      ].map((d) => ({ ...d, column: 513, endColumn: 514 })),
    );
    expect(doc.value).toBeUndefined();
  });

  // Plain JSON is read with the native parser and located only when asked; a file with a comment
  // goes through jsonc-parser. Both must build the same value and the same locations.
  describe('plain JSON and JSON with comments build the same value and locations', () => {
    const cases: Array<[string, Record<string, string>]> = [
      [
        'refs, siblings, nesting',
        {
          'docs.json':
            '{\n  "name": "x",\n  "navigation": { "$ref": "nav/nav.json", "global": { "anchors": [] } },\n  "redirects": { "$ref": "redirects.json", "ignored": 1 }\n}\n',
          'nav/nav.json':
            '{ "tabs": [{ "tab": "A", "pages": { "$ref": "./pages.json" } }], "global": { "anchors": [1] } }',
          'nav/pages.json': '["a", "b", { "group": "G", "pages": ["c"] }]',
          'redirects.json': '[{ "source": "/a", "destination": "/b" }]',
        },
      ],
      [
        'duplicate and prototype-named keys',
        { 'docs.json': '{ "name": "a", "__proto__": { "x": 1 }, "constructor": [], "name": "b", "10": 1, "2": 2 }' },
      ],
      ['a $ref that is not a string is a key', { 'docs.json': '{ "seo": { "$ref": 3, "indexing": "all" } }' }],
    ];
    test.each(cases)('%s', async (_name, files) => {
      const plain = await load(files);
      const commented = await load(Object.fromEntries(Object.entries(files).map(([f, t]) => [f, `${t}\n// note\n`])));
      expect(plain.found).toEqual([]);
      expect(commented.found.map((f) => f.message)).toEqual(
        Object.keys(files).map(() => 'comments are not allowed in JSON; remove the comment'),
      );
      expect(plain.doc.value).toEqual(commented.doc.value);
      expect(Object.keys(plain.doc.value as object)).toEqual(Object.keys(commented.doc.value as object));
      const rel = (doc: typeof plain.doc, root: string) =>
        [...doc.locations].map(([p, l]) => [p, { ...l, file: path.relative(root, l.file) }]);
      expect(rel(plain.doc, path.dirname(plain.at('docs.json')))).toEqual(
        rel(commented.doc, path.dirname(commented.at('docs.json'))),
      );
      expect(plain.doc.locations.size).toBeGreaterThan(3);
    });

    test('the files are listed in a stable order whatever order their reads finish in: docs.json, then by path', async () => {
      const { doc, at } = await load(cases[0]![1]);
      expect([...doc.files.keys()]).toEqual([
        at('docs.json'),
        at('nav/nav.json'),
        at('nav/pages.json'),
        at('redirects.json'),
      ]);
    });

    test('a problem in a $ref found on the plain path is still reported with its position', async () => {
      const { found, doc } = await load({ 'docs.json': '{ "name": "x",\n  "redirects": { "$ref": "missing.json" } }' });
      expect(found).toEqual([
        {
          file: 'docs.json',
          line: 2,
          column: 26,
          endLine: 2,
          endColumn: 40,
          ruleId: 'config-json',
          message:
            '"$ref" file not found: missing.json; create the file, or fix the path (relative to the folder of docs.json)',
        },
      ]);
      expect(doc.value).toEqual({ name: 'x', redirects: {} });
    });
  });
});
