import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';
import { sarifValidator } from './sarif-schema.js';

/** The built CLI with each new format, on a site with one error and one warning. */
function brokenSite(): string {
  return tmpSite({
    'docs.json': MINIMAL_CONFIG,
    'index.mdx': `${MINIMAL_PAGE}\n[here](/index)\n\n[missing](/nowhere)\n`,
  });
}

describe('CLI report formats', () => {
  test('--format sarif: results relative to the working folder, every rule in the table', () => {
    const root = brokenSite();
    const result = runCli(['--format', 'sarif', '.'], { cwd: root });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string }> } };
        results: Array<{
          ruleId: string;
          level: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
        }>;
      }>;
    };
    const validate = sarifValidator();
    if (!validate(log)) throw new Error(`SARIF does not validate:\n${JSON.stringify(validate.errors, null, 2)}`);
    const run = log.runs[0]!;
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(
      expect.arrayContaining(['config-json', 'page-link-text', 'site-broken-link']),
    );
    expect(run.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ['page-link-text', 'warning', 'index.mdx'],
      ['site-broken-link', 'error', 'index.mdx'],
    ]);
  });

  test('--format junit: one testsuite per linted file', () => {
    const root = brokenSite();
    const result = runCli(['--format', 'junit', '.'], { cwd: root });
    expect(result.code).toBe(1);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite',
    }).parse(result.stdout) as {
      testsuites: { failures: string; testsuite: Array<{ name: string; failures: string }> };
    };
    expect(doc.testsuites.failures).toBe('2');
    expect(doc.testsuites.testsuite.map((s) => [s.name, s.failures]).sort()).toEqual([
      ['docs.json', '0'],
      ['index.mdx', '2'],
    ]);
  });

  test('--format gitlab: a Code Quality array', () => {
    const root = brokenSite();
    const result = runCli(['--format', 'gitlab', '.'], { cwd: root });
    expect(result.code).toBe(1);
    const issues = JSON.parse(result.stdout) as Array<{
      check_name: string;
      severity: string;
      location: { path: string };
    }>;
    expect(issues.map((i) => [i.check_name, i.severity, i.location.path])).toEqual([
      ['page-link-text', 'minor', 'index.mdx'],
      ['site-broken-link', 'major', 'index.mdx'],
    ]);
  });

  test('--format html -o writes one page with the counts and the code frames', () => {
    const root = brokenSite();
    const result = runCli(['--format', 'html', '-o', 'report.html', '.'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const page = readFileSync(path.join(root, 'report.html'), 'utf8');
    expect(page).toContain('id="count-errors"><span class="n">1</span>');
    expect(page).toContain('id="count-warnings"><span class="n">1</span>');
    expect(page).toContain('<mark>[missing](/nowhere)</mark>');
  });

  test('--format html with --stdin: the code frames quote the text linted, not the file on disk', () => {
    const root = brokenSite();
    const input = `${MINIMAL_PAGE}\nA first paragraph.\n\nSee [the guide](/gone) first.\n`;
    const result = runCli(['--format', 'html', '-o', 'report.html', '--stdin', '--stdin-filename', 'index.mdx'], {
      cwd: root,
      input,
    });
    expect([result.code, result.stdout, result.stderr]).toEqual([1, '', '']);
    const page = readFileSync(path.join(root, 'report.html'), 'utf8');
    expect(page.match(/<pre class="frame">[\s\S]*?<\/pre>/g)).toEqual([
      '<pre class="frame"><code>' +
        '<span class="row"><span class="ln" style="width:5ch">10</span>A first paragraph.</span>' +
        '<span class="row"><span class="ln" style="width:5ch">11</span></span>' +
        '<span class="row hit"><span class="ln" style="width:5ch">12</span>See <mark>[the guide](/gone)</mark> first.</span>' +
        '<span class="row"><span class="ln" style="width:5ch">13</span></span>' +
        '</code></pre>',
    ]);
    expect(page).not.toContain('[missing](/nowhere)');
  });
});
