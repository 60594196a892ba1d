// docs.json files a CI gate must survive, one site each, all in one run of the real CLI (with the
// network blocked in the child process): each gets its exact finding, and nothing outside the
// site root is read.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { validateConfig } from '../../src/schema/validate.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';
import { FRONT, lintJson, type Found, type JsonRun } from './helpers.js';
import { NETWORK_GUARD, networkLog } from './network.js';

const base = JSON.parse(MINIMAL_CONFIG) as Record<string, unknown>;
const good = JSON.stringify(base, null, 2);

const SITES: Record<string, Record<string, string | Buffer>> = {
  empty: { 'docs.json': '' },
  bom: { 'docs.json': `\ufeff${good}` },
  crlf: { 'docs.json': good.replace('"Test"', '42').replace(/\n/g, '\r\n') },
  cr: { 'docs.json': good.replace('"Test"', '42').replace(/\n/g, '\r') },
  'not-utf8': {
    'docs.json': Buffer.concat([
      Buffer.from('{\n  "name": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('",\n  '),
      Buffer.from([0xff]),
      Buffer.from('\n}\n'),
    ]),
  },
  deep: { 'docs.json': `{\n  "name": "Test",\n  "navigation": ${'['.repeat(10000)}${']'.repeat(10000)}\n}\n` },
  cycle: {
    'docs.json': JSON.stringify({ ...base, navigation: { $ref: 'nav/a.json' } }, null, 2),
    'nav/a.json': '{ "groups": { "$ref": "b.json" } }',
    'nav/b.json': '[{ "group": "Loop", "pages": { "$ref": "a.json" } }]',
  },
  escape: {
    'docs.json': JSON.stringify(
      {
        ...base,
        footer: { $ref: '../../../../../../../../etc/passwd' },
        navbar: { $ref: '/etc/passwd' },
        banner: { $ref: 'linked.json' },
        seo: { $ref: 'linked-dir/outside.json' },
        api: { $ref: 'https://example.com/api.json' },
        contextual: { $ref: '//example.com/c.json' },
      },
      null,
      2,
    ),
  },
  proto: {
    'docs.json':
      '{\n  "$schema": "https://mintlify.com/docs.json",\n  "theme": "mint",\n  "name": "Test",\n  "colors": { "primary": "#0A7A5E" },\n' +
      '  "navigation": { "groups": [{ "group": "Start", "pages": ["index"], "__proto__": { "polluted": true } }] },\n' +
      '  "__proto__": { "polluted": true },\n  "constructor": { "prototype": { "polluted": true } }\n}\n',
  },
};

let parent: string;
let run: JsonRun;

function site(name: string): Found[] {
  return run.findings
    .filter((f) => f.file.startsWith(`${name}/`))
    .map((f) => ({ ...f, file: f.file.slice(name.length + 1) }));
}

beforeAll(() => {
  parent = tmpSite({ 'outside.json': '{ "CANARY": "outside the site" }' });
  for (const [name, files] of Object.entries(SITES)) {
    const dir = path.join(parent, name);
    for (const [file, content] of Object.entries({ ...files, 'index.mdx': `${FRONT}## Start\n\nText.\n` })) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
  }
  // Inside the root by name, outside by real path.
  symlinkSync(path.join(parent, 'outside.json'), path.join(parent, 'escape/linked.json'));
  symlinkSync(parent, path.join(parent, 'escape/linked-dir'));
  run = lintJson(parent, Object.keys(SITES), { env: NETWORK_GUARD.env(parent) });
}, 180_000);

const schema = (
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  message: string,
  file = 'docs.json',
): Found => ({
  file,
  line,
  column,
  endLine,
  endColumn,
  ruleId: 'config-schema',
  severity: 2,
  message,
});
const json = (
  file: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  message: string,
): Found => ({
  file,
  line,
  column,
  endLine,
  endColumn,
  ruleId: 'config-json',
  severity: 2,
  message,
});

describe('bad docs.json files, one CLI run over nine sites', () => {
  test('the run finishes (exit 1) and touches no network', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(networkLog(parent)).toEqual([]);
  });

  test('empty', () => {
    expect(site('empty')).toEqual([
      json('docs.json', 1, 1, 1, 1, 'the file is empty; docs.json must hold a JSON object'),
    ]);
  });

  test('a byte order mark', () => {
    expect(site('bom')).toEqual([
      json('docs.json', 1, 1, 1, 2, 'the file starts with a byte order mark (BOM); save it as UTF-8 without BOM'),
    ]);
  });

  test.each(['crlf', 'cr'])('%s line breaks: the finding is on the right line', (name) => {
    expect(site(name)).toEqual([schema(4, 11, 4, 13, 'name must be a string (got number 42)')]);
  });

  test('bytes that are not UTF-8 outside a string: a syntax error where they are', () => {
    expect(site('not-utf8')).toEqual([
      json('docs.json', 3, 3, 3, 4, 'unexpected "\ufffd"; JSON strings and keys need double quotes'),
    ]);
  });

  test('nested 10,000 deep: refused before the parser can overflow', () => {
    expect(site('deep')).toEqual([json('docs.json', 3, 528, 3, 529, 'the JSON is nested more than 512 levels deep')]);
  });

  test('a $ref cycle across files', () => {
    expect(site('cycle')).toEqual([
      {
        file: 'index.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 4,
        ruleId: 'site-orphan-page',
        severity: 1,
        message: expect.stringMatching(/^`index` is not in the navigation/) as unknown as string,
      },
      schema(1, 30, 1, 50, 'navigation.groups[0].pages must be an array (got an object)', 'nav/b.json'),
      json(
        'nav/b.json',
        1,
        40,
        1,
        48,
        '"$ref" cycle: docs.json -> nav/a.json -> nav/b.json -> nav/a.json; remove the "$ref" that leads back',
      ),
    ]);
  });

  test('$refs out of the root (.., absolute, symbolic links) and to URLs: refused, nothing read', () => {
    expect(site('escape')).toEqual([
      json(
        'docs.json',
        19,
        13,
        19,
        49,
        '"$ref" points outside the site root (../../../../../../../../etc/passwd); doclint only reads files inside the site',
      ),
      json(
        'docs.json',
        22,
        13,
        22,
        26,
        '"$ref" points outside the site root (/etc/passwd); doclint only reads files inside the site',
      ),
      schema(24, 3, 24, 11, 'banner is missing "content"'),
      json(
        'docs.json',
        25,
        13,
        25,
        26,
        '"$ref" points outside the site root through a symbolic link (linked.json); doclint only reads files inside the site',
      ),
      json(
        'docs.json',
        28,
        13,
        28,
        38,
        '"$ref" points outside the site root through a symbolic link (linked-dir/outside.json); doclint only reads files inside the site',
      ),
      json(
        'docs.json',
        31,
        13,
        31,
        43,
        '"$ref" to a URL (https://example.com/api.json) is not followed; doclint never fetches remote files',
      ),
      schema(33, 3, 33, 15, 'contextual is missing "options"'),
      json(
        'docs.json',
        34,
        13,
        34,
        35,
        '"$ref" to a URL (//example.com/c.json) is not followed; doclint never fetches remote files',
      ),
    ]);
    expect(JSON.stringify(run.findings)).not.toContain('CANARY');
    expect(run.files.filter((f) => f.startsWith('escape/'))).toEqual(['escape/docs.json', 'escape/index.mdx']);
  });

  // Keys named like Object.prototype members: ajv's unevaluatedProperties takes them for known
  // ones, so they are looked for separately, and every lookup table is read with Object.hasOwn.
  test('__proto__ and constructor keys: unknown keys at every level, with plain messages', () => {
    expect(
      site('proto').map((f) => [f.line, f.column, f.endLine, f.endColumn, f.ruleId, f.severity, f.message]),
    ).toEqual([
      [
        6,
        70,
        6,
        81,
        'config-unknown-key',
        1,
        'unknown key "__proto__" in navigation.groups[0]; the platform ignores it',
      ],
      [7, 3, 7, 14, 'config-unknown-key', 1, 'unknown key "__proto__"; the platform ignores it'],
      [8, 3, 8, 16, 'config-unknown-key', 1, 'unknown key "constructor"; the platform ignores it'],
    ]);
  });
});

describe('in-process: no prototype pollution, nothing read outside the root', () => {
  test('__proto__ / constructor keys in docs.json and its $ref files leave Object.prototype alone', async () => {
    const root = path.join(parent, 'proto');
    writeFileSync(
      path.join(root, 'nav.json'),
      '{ "__proto__": { "polluted": 1 }, "constructor": { "prototype": { "polluted": 1 } }, "pages": ["index"] }',
    );
    writeFileSync(
      path.join(root, 'docs.json'),
      readFileSync(path.join(root, 'docs.json'), 'utf8').replace(
        '"navigation": {',
        '"navigation": { "global": { "$ref": "nav.json" },',
      ),
    );
    const session = await SiteSession.open(root, resolveSettings({}));
    await session.lint(() => true, { whole: true });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  });

  test('loadDocsJson asks its reader for no file outside the root', async () => {
    const root = path.join(parent, 'escape');
    const asked: string[] = [];
    await loadDocsJson(path.join(root, 'docs.json'), root, async (file) => {
      asked.push(file);
      return readFileSync(file, 'utf8');
    });
    expect(asked).toEqual([path.join(root, 'docs.json')]);
  });

  test('validateConfig on a 10,000-deep value built from $ref files does not overflow', async () => {
    // Each file is shallow; together they are deep (a chain of 600 files, 2 levels each).
    const dir = tmpSite({});
    for (let i = 0; i < 600; i++)
      writeFileSync(path.join(dir, `r${i}.json`), i === 599 ? '[]' : `{ "x": [{ "$ref": "r${i + 1}.json" }] }`);
    writeFileSync(
      path.join(dir, 'docs.json'),
      JSON.stringify({ ...base, navigation: { groups: [{ group: 'G', pages: [], x: { $ref: 'r0.json' } }] } }),
    );
    const doc = await loadDocsJson(path.join(dir, 'docs.json'), dir);
    expect(() => validateConfig(doc)).not.toThrow();
  });
});
