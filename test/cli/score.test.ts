import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

const SITE = path.join(REPO, 'fixtures/sites/agent-readiness');

interface Card {
  score: number;
  grade: string;
  decidable: number;
  total: number;
  categories: Array<{
    id: string;
    score: number | null;
    checks: Array<{
      id: string;
      status: string;
      findings: number;
      rules: string[];
      locations: Array<{ file: string; line: number }>;
    }>;
  }>;
  fixes: Array<{ check: string; status: string }>;
}

describe('doclint score', () => {
  const json = runCli(['score', SITE, '--format', 'json']);
  const card = JSON.parse(json.stdout) as Card;
  const statuses = Object.fromEntries(card.categories.flatMap((c) => c.checks.map((k) => [k.id, k.status])));

  test('every check of the spec, each with its status from the fixture site', () => {
    expect(json.code).toBe(0);
    expect(statuses).toEqual({
      'llms-txt-exists': 'pass',
      'llms-txt-valid': 'pass',
      'llms-txt-size': 'pass',
      'llms-txt-links-resolve': 'fail',
      'llms-txt-links-markdown': 'pass',
      'llms-txt-directive-html': 'skip',
      'llms-txt-directive-md': 'skip',
      'markdown-url-support': 'skip',
      'content-negotiation': 'skip',
      'rendering-strategy': 'skip',
      'page-size-markdown': 'warn',
      'page-size-html': 'skip',
      'content-start-position': 'skip',
      'tabbed-content-serialization': 'pass',
      'section-header-quality': 'fail',
      'markdown-code-fence-validity': 'fail',
      'http-status-codes': 'skip',
      'redirect-behavior': 'warn',
      'llms-txt-coverage': 'fail',
      'markdown-content-parity': 'skip',
      'cache-header-hygiene': 'skip',
      'auth-gate-detection': 'skip',
      'auth-alternative-access': 'skip',
    });
  });

  test('agent-redirect-cross-host is off in a lint run (deliberate moves are noise there) and on for the score', () => {
    const ruleIds = (args: string[]) =>
      (
        JSON.parse(runCli(['--format', 'json', ...args, SITE]).stdout) as Array<{
          filePath: string;
          messages: Array<{ ruleId: string; line: number }>;
        }>
      ).flatMap((f) =>
        f.messages
          .filter((m) => m.ruleId === 'agent-redirect-cross-host')
          .map((m) => `${path.relative(SITE, f.filePath)}:${m.line}`),
      );
    expect(ruleIds([])).toEqual([]);
    const on = ruleIds(['--rule', 'agent-redirect-cross-host:info']);
    expect(on.length).toBeGreaterThan(0);
    expect(card.categories.flatMap((c) => c.checks).find((k) => k.id === 'redirect-behavior')!.findings).toBe(
      on.length,
    );
  });

  test('scores only the decidable checks: pass 100, warn 50, fail 0', () => {
    expect({ decidable: card.decidable, total: card.total, score: card.score, grade: card.grade }).toEqual({
      decidable: 11,
      total: 23,
      score: 55,
      grade: 'F',
    });
    expect(Object.fromEntries(card.categories.map((c) => [c.id, c.score]))).toEqual({
      'content-discoverability': 80,
      'markdown-availability': null,
      'page-size': 50,
      'content-structure': 33,
      'url-stability': 50,
      observability: 0,
      authentication: null,
    });
  });

  test('failures first among the fixes, and the findings behind each check', () => {
    expect(card.fixes.map((f) => `${f.status} ${f.check}`)).toEqual([
      'fail llms-txt-links-resolve',
      'fail section-header-quality',
      'fail markdown-code-fence-validity',
      'fail llms-txt-coverage',
      'warn page-size-markdown',
      'warn redirect-behavior',
    ]);
    const fence = card.categories.flatMap((c) => c.checks).find((k) => k.id === 'markdown-code-fence-validity')!;
    expect(fence.rules).toEqual(['agent-llms-txt-code-fence', 'page-code-fence']);
    expect(fence.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['guides/install.mdx:23']);
  });

  test('markdown for a pull request, and the terminal table', () => {
    const md = runCli(['score', SITE, '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout.split('\n').slice(0, 1)).toEqual(['### Agent readiness (from source): 55/100 (F)']);
    // Text from the site is escaped: shown as written, never as markup.
    expect(md.stdout).toContain(
      '| ❌ | `markdown-code-fence-validity` | code block opened with \\`\\`\\` at line 23 is never closed',
    );
    expect(md.stdout).toContain('leaves the site for blog.example.com');
    expect(md.stdout).toContain('`/blog\\` → \\`https:\u200b//blog.example.com/\\`');
    const text = runCli(['score', SITE]);
    expect(text.stdout.split('\n')[0]).toBe(`Agent readiness of ${SITE} (from source): 55/100 (F)`);
    expect(text.stdout).toContain('  SKIP  llms-txt-directive-html       needs the deployed site\n');
  });

  test('--min-score is a gate; bad usage exits 2 with one line', () => {
    expect(runCli(['score', SITE, '--min-score', '55']).code).toBe(0);
    expect(runCli(['score', SITE, '--min-score', '56']).code).toBe(1);
    const bad = runCli(['score', SITE, '--min-score', '101']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'doclint score: --min-score takes a whole number from 0 to 100 (got "101")\n',
    ]);
    const format = runCli(['score', SITE, '--format', 'sarif']);
    expect([format.code, format.stderr]).toEqual([
      2,
      'doclint score: unknown format "sarif"; use terminal, json or markdown\n',
    ]);
    const none = runCli(['score', '/nonexistent-site']);
    expect([none.code, none.stderr]).toEqual([2, 'doclint score: no such file or folder: /nonexistent-site\n']);
  });

  test('the HTML report has the scorecard section, with the number of doclint score', () => {
    const html = runCli([SITE, '--format', 'html']);
    // agent-redirect-cross-host is off in the lint run; the report's card runs it all the same, as `doclint score` does.
    expect(html.stdout).toContain('<h2 id="agent-readiness">Agent readiness: 55/100 (F)</h2>');
    expect(html.stdout).toContain('<tr data-check="llms-txt-coverage" data-status="fail">');
    expect(html.stdout).toContain('<tr data-check="redirect-behavior" data-status="warn">');
    expect(html.stdout).toContain(
      "The score of <code>doclint score</code>: every check's rules run, whatever the configuration turns off.</p>",
    );
  });

  test('a baseline never changes the score or a check, and the output says how many findings it suppresses', () => {
    const root = path.join(tmpSite({}), 'site');
    cpSync(SITE, root, { recursive: true });
    const recorded = runCli(['--suppress-all'], { cwd: root });
    expect(recorded.stderr).toBe(
      'doclint: doclint-suppressions.json now suppresses 4 warnings (4 rules in 2 files); later runs report only findings beyond these\n',
    );
    expect(existsSync(path.join(root, 'doclint-suppressions.json'))).toBe(true);
    // The lint run is clean now; the score is what it was.
    expect(runCli([], { cwd: root }).code).toBe(0);
    const after = JSON.parse(runCli(['score', root, '--format', 'json']).stdout) as Card & { suppressed: number };
    expect({ score: after.score, grade: after.grade }).toEqual({ score: 55, grade: 'F' });
    expect(Object.fromEntries(after.categories.flatMap((c) => c.checks.map((k) => [k.id, k.status])))).toEqual(
      statuses,
    );
    expect(after.suppressed).toBeGreaterThan(0);
    expect((card as Card & { suppressed: number }).suppressed).toBe(0);
    const n = after.suppressed;
    const line = `${n} of these findings are suppressed in lint runs by doclint-suppressions.json; the score counts them (a baseline never changes the score).`;
    const text = runCli(['score', root]);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      `Agent readiness of ${root} (from source): 55/100 (F)`,
      expect.stringMatching(/^Agent-Friendly Documentation Spec v0\.3\.0: computed from the 11 of/),
      line,
    ]);
    expect(runCli(['score', root, '--format', 'markdown']).stdout).toContain(`\n${line}\n`);
    expect(runCli(['score', root, '--min-score', '56']).code).toBe(1);
    const html = runCli([root, '--format', 'html']).stdout;
    expect(html).toContain('<h2 id="agent-readiness">Agent readiness: 55/100 (F)</h2>');
    expect(html).toContain(`; ${line.slice(0, -1)}.</p>`);
  });

  test('the generated llms.txt has a summary only when docs.json has a description', () => {
    const checkOf = (root: string) =>
      (
        JSON.parse(runCli(['score', root, '--format', 'json']).stdout) as Card & {
          categories: Array<{ checks: Array<{ id: string; summary: string; fix?: string }> }>;
        }
      ).categories
        .flatMap((c) => c.checks)
        .find((k) => k.id === 'llms-txt-valid')!;
    const without = checkOf(tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE }));
    expect(without).toMatchObject({
      status: 'warn',
      summary: 'the generated llms.txt has no `> summary` line: docs.json has no `description`',
      fix: 'give docs.json a `description`: the platform writes it as the `> summary` of the generated llms.txt',
    });
    const config = JSON.stringify({ ...JSON.parse(MINIMAL_CONFIG), description: 'What Test is for.' });
    expect(checkOf(tmpSite({ 'docs.json': config, 'index.mdx': MINIMAL_PAGE }))).toMatchObject({
      status: 'pass',
      summary: 'llms.txt has a title, a summary, sections and list links',
    });
  });
});
