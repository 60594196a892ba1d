import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { version } from '../../src/cli/usage.js';
import { sarif } from '../../src/report/sarif.js';
import { diag, input, RULES, sample } from './helpers.js';
import { sarifValidator } from './sarif-schema.js';

const validate = sarifValidator();

function expectValid(text: string): SarifLog {
  const log = JSON.parse(text) as SarifLog;
  const ok = validate(log);
  if (!ok) throw new Error(`SARIF does not validate:\n${JSON.stringify(validate.errors, null, 2)}`);
  return log;
}

interface SarifLog {
  $schema: string;
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri: string; rules: Array<Record<string, any>> } };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: Array<Record<string, any>>;
  }>;
}

describe('sarif', () => {
  test('the schema rejects a broken log (the validator is live)', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    expect(validate({ version: '2.0.0', runs: [] })).toBe(false);
    const broken = JSON.parse(sarif(sample())) as SarifLog;
    broken.runs[0]!.results[0]!.level = 'fatal';
    broken.runs[0]!.tool.driver.rules[0]!.helpUri = 'not a uri';
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath).sort()).toEqual([
      '/runs/0/results/0/level',
      '/runs/0/tool/driver/rules/0/helpUri',
    ]);
  });

  test('validates against the SARIF 2.1.0 schema, with the tool, its rules and every result', () => {
    const log = expectValid(sarif(sample()));
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({
      name: 'doclint',
      version: version(),
      informationUri: 'https://github.com/doclint/doclint',
    });
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(run.tool.driver.rules[1]).toMatchObject({
      id: 'config-unknown-key',
      shortDescription: { text: 'Keys the platform knows.' },
      helpUri: 'https://github.com/doclint/doclint/blob/main/docs/rules/config-unknown-key.md',
      defaultConfiguration: { level: 'warning' },
    });
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///site/' } });
    expect(run.results).toEqual([
      {
        ruleId: 'config-json',
        ruleIndex: 0,
        level: 'error',
        message: { text: 'trailing comma before "}"; remove the comma' },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'docs.json', uriBaseId: '%SRCROOT%' },
              region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 6 },
            },
          },
        ],
      },
      expect.objectContaining({ ruleId: 'config-unknown-key', ruleIndex: 1, level: 'warning' }),
      expect.objectContaining({ ruleId: 'nav-openapi-invalid', ruleIndex: 3, level: 'note' }),
      expect.objectContaining({
        ruleId: 'page-link-text',
        ruleIndex: 2,
        level: 'warning',
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'guides/intro.mdx', uriBaseId: '%SRCROOT%' },
              region: { startLine: 12, startColumn: 1, endLine: 12, endColumn: 15 },
            },
          },
        ],
      }),
    ]);
  });

  test('a finding with a fix carries a SARIF fix: the deleted region by offset and the inserted text', () => {
    const d = diag({
      file: '/site/docs.json',
      ruleId: 'config-unknown-key',
      severity: 'warning',
      line: 2,
      column: 3,
      endLine: 2,
      endColumn: 11,
      fix: { range: [6, 14], text: '"colors"' },
    });
    const log = expectValid(sarif(input([d])));
    expect(log.runs[0]!.results[0]!.fixes).toEqual([
      {
        artifactChanges: [
          {
            artifactLocation: { uri: 'docs.json', uriBaseId: '%SRCROOT%' },
            replacements: [{ deletedRegion: { charOffset: 6, charLength: 8 }, insertedContent: { text: '"colors"' } }],
          },
        ],
      },
    ]);
  });

  test('paths are percent-encoded; files outside the working folder get an absolute file URI', () => {
    const inside = diag({ file: '/site/my guides/100%.mdx', ruleId: 'page-link-text' });
    const outside = diag({ file: '/elsewhere/x.mdx', ruleId: 'page-link-text' });
    const log = expectValid(sarif(input([inside, outside])));
    const locations = log.runs[0]!.results.map((r) => r.locations[0].physicalLocation.artifactLocation);
    expect(locations).toEqual([
      { uri: 'my%20guides/100%25.mdx', uriBaseId: '%SRCROOT%' },
      { uri: 'file:///elsewhere/x.mdx' },
    ]);
  });

  test('a finding without a usable position has no region; an unknown rule has no ruleIndex', () => {
    const d = diag({ file: '/site/docs.json', ruleId: 'not-a-rule', line: 0, column: 0, endLine: 0, endColumn: 0 });
    const log = expectValid(sarif(input([d])));
    const result = log.runs[0]!.results[0]!;
    expect(result.ruleIndex).toBeUndefined();
    expect(result.locations[0].physicalLocation.region).toBeUndefined();
  });

  test('messages with markup, quotes and newlines survive as JSON text', () => {
    const message = 'unclosed tag `<Note>`: add "</Note>" & try again\nsecond line';
    const log = expectValid(sarif(input([diag({ file: '/site/a.mdx', ruleId: 'page-link-text', message })])));
    expect(log.runs[0]!.results[0]!.message).toEqual({ text: message });
  });

  test('the working folder is the %SRCROOT% base, as a file URI ending in a slash', () => {
    const cwd = path.resolve('/tmp/some site');
    const log = expectValid(sarif(input([diag({ file: path.join(cwd, 'a.mdx'), ruleId: 'page-link-text' })], { cwd })));
    expect(log.runs[0]!.originalUriBaseIds['%SRCROOT%']!.uri).toBe(`${pathToFileURL(cwd).href}/`);
    expect(log.runs[0]!.results[0]!.locations[0].physicalLocation.artifactLocation.uri).toBe('a.mdx');
  });
});
