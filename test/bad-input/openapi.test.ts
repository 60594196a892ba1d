// OpenAPI specs a CI gate must survive, in one site and one run of the real CLI with schema
// validation on and the network blocked: each spec gets its exact finding, nothing outside the
// root is read, nothing is fetched.
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSpecText } from '../../src/openapi/document.js';
import { OperationIndex } from '../../src/openapi/operations.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { FRONT, lintJson, siteWithOutside, type Found, type JsonRun } from './helpers.js';
import { NETWORK_GUARD, networkLog } from './network.js';

const ok = (extra = '') =>
  `openapi: 3.1.0\ninfo:\n  title: API\n  version: "1"\npaths:\n  /a:\n    get:\n      summary: A\n      responses:\n        "200":\n          description: ok\n${extra}`;
const bomb = [
  'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
  ...Array.from({ length: 11 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
]
  .map((l) => `x-${l}`)
  .join('\n');

const SPECS: Record<string, string> = {
  'empty.json': '',
  'empty.yaml': '',
  'deep.json': `{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {}, "x-deep": ${'['.repeat(10000)}${']'.repeat(10000)}}`,
  'deep.yaml': `${ok()}x-deep: ${'['.repeat(10000)}${']'.repeat(10000)}\n`,
  'bomb.yaml': `${ok()}${bomb}\n`,
  'cycle.yaml': `${ok()}components:\n  schemas:\n    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n    C:\n      properties:\n        self:\n          $ref: '#/components/schemas/C'\n`,
  'refs.yaml':
    'openapi: 3.1.0\ninfo:\n  title: API\n  version: "1"\npaths:\n' +
    "  /a:\n    $ref: 'https://example.com/paths.yaml#/a'\n" +
    "  /b:\n    $ref: '../../../../../../etc/passwd'\n" +
    "  /c:\n    $ref: '#/paths/%E0'\n" +
    "  /d:\n    $ref: '#/__proto__'\n" +
    '  /e:\n    get:\n      responses:\n        "200":\n          $ref: \'https://example.com/responses.yaml#/ok\'\n',
};

const GROUPS: Array<[string, string, string[]]> = [
  ...Object.keys(SPECS).map((f): [string, string, string[]] => [
    f,
    `specs/${f}`,
    f === 'refs.yaml' ? ['GET /a', 'GET /b', 'GET /c', 'GET /d', 'GET /e'] : ['GET /a'],
  ]),
  ['linked', 'specs/linked.yaml', ['GET /a']],
  ['dot-dot', '../outside.yaml', ['GET /a']],
  ['absolute', '/etc/passwd', ['GET /a']],
  ['remote', 'https://example.com/openapi.yaml', ['GET /a']],
];

function siteFiles(schema: boolean): Record<string, string> {
  const groups = [
    { group: 'Start', pages: ['index'] },
    ...GROUPS.map(([group, openapi, pages]) => ({ group, openapi, pages })),
  ];
  return {
    'docs.json': JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Test',
        colors: { primary: '#0A7A5E' },
        navigation: { groups },
      },
      null,
      2,
    ),
    'index.mdx': `${FRONT}## Start\n\nText.\n`,
    ...Object.fromEntries(Object.entries(SPECS).map(([f, t]) => [`specs/${f}`, t])),
    ...(schema
      ? { '.doclintrc.json': JSON.stringify({ rules: { 'nav-openapi-invalid': ['error', { schema: true }] } }) }
      : {}),
    '../outside.yaml': `${ok()}x-canary: outside the site\n`,
  };
}

function lintSite(schema: boolean): { root: string; run: JsonRun } {
  const { root } = siteWithOutside(siteFiles(schema));
  symlinkSync(path.join(root, '../outside.yaml'), path.join(root, 'specs/linked.yaml'));
  return { root, run: lintJson(root, ['.'], { env: NETWORK_GUARD.env(root) }) };
}

/** The line in docs.json where a group names its spec (`"openapi": …`). */
function openapiLine(_root: string, group: string): number {
  const lines = siteFiles(false)['docs.json']!.split('\n');
  const at = lines.findIndex((l) => l.includes(`"group": ${JSON.stringify(group)}`));
  return at + 1 + lines.slice(at).findIndex((l) => l.includes('"openapi"'));
}

const invalid = (line: number, message: string, severity = 2): Found => ({
  file: 'docs.json',
  line,
  column: 20,
  endLine: line,
  endColumn: 0,
  ruleId: 'nav-openapi-invalid',
  severity,
  message,
});

let withSchema: { root: string; run: JsonRun };
let plain: { root: string; run: JsonRun };

beforeAll(() => {
  withSchema = lintSite(true);
  plain = lintSite(false);
}, 180_000);

describe('bad OpenAPI specs, one CLI run (schema validation on)', () => {
  test('the run finishes (exit 1), fetches nothing and reads nothing outside the root', () => {
    for (const { root, run } of [withSchema, plain]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      expect(networkLog(root)).toEqual([]);
      expect(JSON.stringify(run.findings)).not.toContain('canary');
    }
  });

  test('each spec named in docs.json gets one finding where it is named', () => {
    const { root, run } = withSchema;
    const named = run.findings.filter((f) => f.file === 'docs.json').map((f) => ({ ...f, endColumn: 0 }));
    const line = (group: string) => openapiLine(root, group);
    expect(named).toEqual([
      invalid(line('empty.json'), 'OpenAPI spec `specs/empty.json` cannot be parsed: the file is empty'),
      invalid(line('empty.yaml'), 'OpenAPI spec `specs/empty.yaml` cannot be parsed: the file is empty'),
      invalid(
        line('deep.json'),
        'OpenAPI spec `specs/deep.json` cannot be parsed: the JSON is nested more than 512 levels deep (specs/deep.json:1)',
      ),
      invalid(
        line('deep.yaml'),
        'OpenAPI spec `specs/deep.yaml` cannot be parsed: invalid YAML: it is nested too deeply to be read (the YAML parser ran out of stack) (specs/deep.yaml:12)',
      ),
      invalid(
        line('bomb.yaml'),
        'OpenAPI spec `specs/bomb.yaml` cannot be parsed: invalid YAML: its aliases expand to too many values (an alias bomb; doclint reads up to 100,000) (specs/bomb.yaml:1)',
      ),
      invalid(
        line('refs.yaml'),
        'OpenAPI spec `specs/refs.yaml` does not pass OpenAPI validation: URI malformed; the platform renders the endpoint pages of an invalid spec blank',
      ),
      invalid(
        line('linked'),
        'OpenAPI spec `specs/linked.yaml` not found: the file does not exist; did you mean `specs/cycle.yaml`?',
      ),
      invalid(
        line('dot-dot'),
        'OpenAPI spec `../outside.yaml` not found: it is outside the site root; doclint only reads files inside the site',
      ),
      invalid(line('absolute'), 'OpenAPI spec `/etc/passwd` not found: the file does not exist'),
      invalid(
        line('remote'),
        'the OpenAPI spec `https://example.com/openapi.yaml` is remote: doclint never fetches URLs, so 1 navigation endpoint reference using it is not checked; commit the spec to the repository to have them checked',
        0,
      ),
    ]);
  });

  test('and a finding in the spec itself, at the place of the problem', () => {
    // nav-openapi-invalid's own findings in the specs (openapi-schema and openapi-ref report in them too).
    const inSpecs = withSchema.run.findings.filter(
      (f) => f.file.startsWith('specs/') && f.ruleId === 'nav-openapi-invalid',
    );
    const error = (file: string, line: number, column: number, endColumn: number, message: string): Found => ({
      file,
      line,
      column,
      endLine: line,
      endColumn,
      ruleId: 'nav-openapi-invalid',
      severity: 2,
      message,
    });
    expect(inSpecs).toEqual([
      error(
        'specs/bomb.yaml',
        1,
        1,
        1,
        'this OpenAPI spec cannot be used: invalid YAML: its aliases expand to too many values (an alias bomb; doclint reads up to 100,000)',
      ),
      error(
        'specs/deep.json',
        1,
        596,
        597,
        'this OpenAPI spec cannot be used: the JSON is nested more than 512 levels deep',
      ),
      error(
        'specs/deep.yaml',
        12,
        521,
        522,
        'this OpenAPI spec cannot be used: invalid YAML: it is nested too deeply to be read (the YAML parser ran out of stack)',
      ),
      error('specs/refs.yaml', 1, 1, 1, 'OpenAPI validation: URI malformed'),
    ]);
  });

  test('without schema validation, references out of the spec or to nothing are unresolved, not fetched', () => {
    const refs = plain.run.findings.filter((f) => f.ruleId === 'nav-endpoint-unresolved').map((f) => f.message);
    expect(refs).toEqual([
      '`GET /a`: `/a` cannot be read in `specs/refs.yaml`: its path item is an external $ref (https://example.com/paths.yaml#/a), which the platform does not follow',
      '`GET /b`: `/b` cannot be read in `specs/refs.yaml`: its path item is an external $ref (../../../../../../etc/passwd), which the platform does not follow',
      '`GET /c`: `/c` cannot be read in `specs/refs.yaml`: its path item $ref (#/paths/%E0) points at nothing',
      '`GET /d`: `/d` cannot be read in `specs/refs.yaml`: its path item $ref (#/__proto__) points at nothing',
    ]);
  });
});

describe('in-process', () => {
  test('a malformed %-escape or a prototype key in a $ref pointer resolves to nothing (it used to throw URIError)', () => {
    const parsed = parseSpecText(
      '/s/api.json',
      JSON.stringify({
        openapi: '3.1.0',
        paths: {
          '/c': { $ref: '#/paths/%E0' },
          '/d': { $ref: '#/constructor' },
          '/e': { $ref: '#/paths/~1f' },
          '/f': { get: {} },
        },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const index = new OperationIndex(parsed.document.value as Record<string, unknown>);
    expect(index.unreadable.map((u) => u.path)).toEqual(['/c', '/d']);
    expect(index.find('get', '/e')).toBeDefined();
  });

  test('the network guard of these tests works: a fetch in the guarded CLI process is refused and logged', () => {
    const dir = tmpSite({});
    const result = spawnSync(process.execPath, ['-e', "fetch('https://example.com/').catch(() => process.exit(3))"], {
      env: { ...process.env, ...NETWORK_GUARD.env(dir) },
      encoding: 'utf8',
    });
    expect(result.status).toBe(3);
    expect(networkLog(dir)).toEqual(['fetch https://example.com/']);
    writeFileSync(path.join(dir, '.network.log'), '');
    const socket = spawnSync(process.execPath, ['-e', "require('node:https').get('https://example.com/')"], {
      env: { ...process.env, ...NETWORK_GUARD.env(dir) },
      encoding: 'utf8',
    });
    expect(socket.status).not.toBe(0);
    expect(networkLog(dir)).toHaveLength(1);
  });
});
