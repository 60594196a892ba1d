import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';

describe('doclint rules', () => {
  test('a table: id, kind, default severity, what it offers, one line of description', () => {
    const result = runCli(['rules']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    // The id column is as wide as the longest id (of the rule pages in docs/rules) and two spaces.
    const pages = readFileSync(path.join(REPO, 'docs/rules/README.md'), 'utf8').match(/^\| \[`[a-z0-9-]+`\]/gm) ?? [];
    const width = Math.max(...pages.map((p) => p.length - '| [``]'.length)) + 2;
    const row = (id: string, rest: string) => `${id.padEnd(width)}${rest}`;
    expect(lines[0]).toBe(row('rule', 'kind       default  offers            checks'));
    expect(lines).toContain(
      row(
        'config-unknown-key',
        'docs.json  warning  suggestions       Keys the platform does not know are ignored; they are usually misspellings.',
      ),
    );
    expect(lines).toContain(
      row(
        'page-terminology',
        'page       warning  fix               A page uses one term per concept (not "email" here and "e-mail" there).',
      ),
    );
    expect(lines).toContain(
      row(
        'site-broken-link',
        'site       error    suggestions       Internal links and images must point at existing pages, generated endpoint pages, anchors and files (redirects honoured).',
      ),
    );
    // A rule that is off by default says so.
    expect(lines).toContain(
      row(
        'agent-redirect-cross-host',
        'site       off      -                 No docs.json redirect sends readers to another host (agents may not follow cross-host redirects).',
      ),
    );
    // One line per rule page in docs/rules (README.md is the index), and the header.
    expect(lines.filter(Boolean)).toHaveLength(pages.length + 1);
  });

  test('--format json', () => {
    const result = runCli(['rules', '--format', 'json']);
    const rules = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    expect(rules.find((r) => r.id === 'page-heading-increment')).toEqual({
      id: 'page-heading-increment',
      kind: 'page',
      severity: 'warning',
      fixable: true,
      hasSuggestions: false,
      description:
        'Heading levels go down one at a time (no jump from ## to ####), markdown and `<h2>`–`<h6>`, also inside components.',
      url: 'https://github.com/doclint/doclint/blob/main/docs/rules/page-heading-increment.md',
    });
    expect(rules.map((r) => r.id)).toContain('nav-page-missing');
    expect(result.code).toBe(0);
  });

  test('an unknown format or a path: exit 2', () => {
    expect(runCli(['rules', '-f', 'sarif'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: doclint rules: unknown format "sarif"; use stylish (a table, the default) or json\n',
    });
    expect(runCli(['rules', 'docs'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: doclint rules takes no paths (got "docs")\n',
    });
  });
});

describe('doclint explain', () => {
  test("prints the rule's page from docs/rules, offline", () => {
    expect(runCli(['explain', 'site-orphan-page'])).toEqual({
      code: 0,
      stdout: readFileSync(path.join(REPO, 'docs/rules/site-orphan-page.md'), 'utf8'),
      stderr: '',
    });
  });

  test('a misspelt id gets a did-you-mean; an unknown one exit 2', () => {
    expect(runCli(['explain', 'page-link-txt'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: unknown rule "page-link-txt"; did you mean "page-link-text"? (`doclint rules` lists the rules)\n',
    });
    expect(runCli(['explain', '../../package'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: unknown rule "../../package" (`doclint rules` lists the rules)\n',
    });
    expect(runCli(['explain'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: doclint explain takes a rule id, for example `doclint explain site-broken-link` (`doclint rules` lists them)\n',
    });
  });
});
