import { withSeverity } from '../helpers/severity.js';
import path from 'node:path';
import { sortAndDedupe } from '../../src/core/diagnostic.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { checkConfig } from '../../src/engine/config-check.js';
import { compact, config, lintConfig, writeSite, type Found } from './helpers.js';

const f = (file: string, line: number, column: number, endLine: number, endColumn: number, ruleId: string, severity: string, message: string): Found => ({
  file,
  line,
  column,
  endLine,
  endColumn,
  ruleId,
  severity,
  message,
});

describe('$ref split files: findings point into the file that holds the value', () => {
  const DOCS = [
    '{',
    '  "theme": "mint",',
    '  "name": "Acme",',
    '  "colors": { "primary": "#0A7A5E" },',
    '  "navigation": { "$ref": "nav/navigation.json" },',
    '  "integrations": { "$ref": "integrations.json", "gtm": { "tagId": "KJQ" } }',
    '}',
  ].join('\n');
  const NAV = ['{', '  "groups": [', '    { "group": "Start", "pages": ["index"] },', '    { "pages": ["orphan"], "expandd": true }', '  ]', '}'].join('\n');
  const INTEGRATIONS = ['{', '  "ga4": { "measurementId": "UA-1" },', '  "hotjar": { "$ref": "hotjar.json" }', '}'].join('\n');
  const HOTJAR = '{ "hjid": 1 }';

  test('positions in docs.json, in the referenced file and in a file it references', async () => {
    const { found, raw } = await lintConfig({ 'docs.json': DOCS, 'nav/navigation.json': NAV, 'integrations.json': INTEGRATIONS, 'hotjar.json': HOTJAR });
    expect(found).toEqual([
      f('docs.json', 6, 68, 6, 73, 'config-schema', 'error', 'integrations.gtm.tagId must begin with "G" (got "KJQ")'),
      f('hotjar.json', 1, 11, 1, 12, 'config-schema', 'error', 'integrations.hotjar.hjid must be a string (got number 1)'),
      f('integrations.json', 2, 29, 2, 35, 'config-schema', 'error', 'integrations.ga4.measurementId must begin with "G" (got "UA-1")'),
      // The hotjar object is the lone $ref: a missing field is reported at the key that holds the ref.
      f('integrations.json', 3, 3, 3, 11, 'config-schema', 'error', 'integrations.hotjar is missing "hjsv"'),
      f(path.join('nav', 'navigation.json'), 4, 5, 4, 6, 'config-schema', 'error', 'navigation.groups[1] is missing "group"'),
      f(
        path.join('nav', 'navigation.json'),
        4,
        28,
        4,
        37,
        'config-unknown-key',
        'warning',
        'unknown key "expandd" in navigation.groups[1]; did you mean "expanded"?',
      ),
    ]);
    // The rename fix edits the referenced file, at the key's offsets in that file.
    const unknown = raw.find((d) => d.ruleId === 'config-unknown-key')!;
    const at = NAV.indexOf('"expandd"');
    expect(unknown.suggestions).toEqual([{ desc: 'Rename the key to "expanded"', fix: { range: [at, at + '"expandd"'.length], text: '"expanded"' } }]);
  });

  test('a referenced file that makes the configuration valid gives no findings', async () => {
    const { found } = await lintConfig({
      'docs.json': DOCS.replace('"KJQ"', '"GTM-KJQ"'),
      'nav/navigation.json': NAV.replace(', "expandd": true', '').replace('{ "pages"', '{ "group": "More", "pages"'),
      'integrations.json': INTEGRATIONS.replace('UA-1', 'G-1'),
      'hotjar.json': '{ "hjid": "1", "hjsv": "6" }',
    });
    expect(found).toEqual([]);
  });

  test('an unknown key next to a $ref is reported in the file that has it', async () => {
    const text = config({ navigation: { $ref: 'navigation.json', extra: true } });
    const { found } = await lintConfig({ 'docs.json': text, 'navigation.json': '{ "pages": ["index"] }' });
    const line = text.split('\n').findIndex((l) => l.includes('"extra"')) + 1;
    expect(found).toEqual([f('docs.json', line, 5, line, 12, 'config-unknown-key', 'warning', 'unknown key "extra" in navigation; the platform ignores it')]);
  });
});

describe('malformed JSON through loadDocsJson (config-json)', () => {
  async function load(text: string | Buffer) {
    const root = writeSite({ 'docs.json': text });
    const doc = await loadDocsJson(path.join(root, 'docs.json'), root);
    const { syntax, validation } = await checkConfig(doc);
    return {
      // What a user sees: the engine sorts and drops exact duplicates.
      json: sortAndDedupe(withSeverity(syntax)).map((d) => compact(root, d)),
      schema: withSeverity(validation).map((d) => compact(root, d)),
      value: doc.value,
    };
  }
  const missing = (keys: string[], column = 1) =>
    keys.map((k) => f('docs.json', 1, column, 1, column + 1, 'config-schema', 'error', `docs.json is missing "${k}"`));

  test('a trailing comma: error at the comma; the rest is still validated', async () => {
    const r = await load('{\n  "theme": "mint",\n}');
    expect(r.json).toEqual([f('docs.json', 2, 18, 2, 19, 'config-json', 'error', 'trailing comma before "}"; remove the comma')]);
    expect(r.schema).toEqual(missing(['colors', 'name', 'navigation']));
  });

  test('a comment: error over the comment; the rest is still validated', async () => {
    const r = await load('{\n  // theme\n  "theme": "mint"\n}');
    expect(r.json).toEqual([f('docs.json', 2, 3, 2, 11, 'config-json', 'error', 'comments are not allowed in JSON; remove the comment')]);
    expect(r.schema).toEqual(missing(['colors', 'name', 'navigation']));
  });

  test('a truncated file: error at the end; nothing to validate', async () => {
    const r = await load('{\n  "theme": "mint",\n  "name": "A"');
    expect(r.json).toEqual([f('docs.json', 3, 14, 3, 14, 'config-json', 'error', 'unexpected end of file: a "}" is missing')]);
    expect(r.value).toBeUndefined();
    expect(r.schema).toEqual([]);
  });

  test('a byte order mark: error on it; a valid configuration after it has no schema findings', async () => {
    const r = await load(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(config())]));
    expect(r.json).toEqual([f('docs.json', 1, 1, 1, 2, 'config-json', 'error', 'the file starts with a byte order mark (BOM); save it as UTF-8 without BOM')]);
    expect(r.schema).toEqual([]);
  });

  test('a byte order mark before an invalid configuration: schema positions still match the text', async () => {
    const r = await load(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{ "theme": "mintt" }')]));
    expect(r.schema).toEqual([
      ...missing(['colors', 'name', 'navigation'], 2),
      f(
        'docs.json',
        1,
        13,
        1,
        20,
        'config-schema',
        'error',
        'theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma (got "mintt"); did you mean "mint"?',
      ),
    ]);
  });

  test('an empty file', async () => {
    const r = await load('');
    expect(r.json).toEqual([f('docs.json', 1, 1, 1, 1, 'config-json', 'error', 'the file is empty; docs.json must hold a JSON object')]);
    expect(r.schema).toEqual([]);
  });

  test('a file with only blank lines', async () => {
    const r = await load('\n\n');
    expect(r.json).toEqual([f('docs.json', 1, 1, 3, 1, 'config-json', 'error', 'the file is empty; docs.json must hold a JSON object')]);
    expect(r.schema).toEqual([]);
  });
});

describe('$ref reads docs configuration only, and no message quotes a value whose key names a credential', () => {
  test("a $ref to a tool's settings or a file named for credentials is not read", async () => {
    const text = config({ integrations: { $ref: 'package.json' }, seo: { $ref: 'config/service-account.json' } });
    const { found } = await lintConfig({
      'docs.json': text,
      'package.json': '{"name": "acme-docs", "publishConfig": {"_authToken": "npm_abcdefSECRET"}}',
      'config/service-account.json': '{"private_key": "-----BEGIN PRIVATE KEY-----"}',
    });
    const refused = (target: string) =>
      `"$ref" points at a file that is not docs configuration (${target}): a tool's settings or a file named for credentials is not read; move the part of docs.json into a file of its own`;
    expect(found.filter((d) => d.ruleId === 'config-json').map((d) => d.message)).toEqual([refused('package.json'), refused('config/service-account.json')]);
    expect(JSON.stringify(found)).not.toContain('SECRET');
    expect(JSON.stringify(found)).not.toContain('PRIVATE KEY');
  });

  test('a value at a key that looks like a credential is described, never quoted', async () => {
    const { found } = await lintConfig({
      'docs.json': config({ integrations: { $ref: 'integrations.json' } }),
      'integrations.json': '{"amplitude": {"apiKey": 1234567}, "mixpanel": {"projectToken": ["tok_live_abc"]}, "ga4": {"measurementId": "UA-1"}}',
    });
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'integrations.json:1:26 integrations.amplitude.apiKey must be a string (got a value not shown: its key names a credential)',
      'integrations.json:1:65 integrations.mixpanel.projectToken must be a string (got a value not shown: its key names a credential)',
      'integrations.json:1:109 integrations.ga4.measurementId must begin with "G" (got "UA-1")',
    ]);
  });
});
