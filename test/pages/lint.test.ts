import type { PageFacts } from '../../src/pages/facts.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { pagePlan, resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { ruleUrl } from '../../src/rule-kit/rule.js';
import { lintPage } from '../../src/engine/lint-page.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type PageSettings = { rules: Record<string, RuleSetting> };
const defaults: PageSettings = { rules: {} };
const lint = (text: string, settings: PageSettings = defaults, isSnippet = false, file = '/site/page.mdx') => {
  const effective = resolveSettings(settings.rules);
  const result = lintPage({ file, text, isSnippet }, pagePlan(effective));
  return { diagnostics: toDiagnostics(result.findings, builtinRegistry(), effective), facts: result.facts };
};
const brief = (ds: Diagnostic[]): string[] =>
  ds.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId} ${d.message}`).sort();

/** A page with one finding of every body rule. */
const MESSY = [
  '---',
  'title: Messy',
  'description: One finding per rule.',
  '---',
  '',
  '# Body h1',
  '',
  '#### Skipped {#skip}',
  '',
  '```',
  'language = none;',
  '```',
  '',
  '![screenshot.png](/s.png)',
  '',
  'Read [here](/x). Send an email, or an e-mail.',
  '',
  '<Notee>typo</Notee>',
  '',
  '<Card titel="x" href="/y" />',
  '',
].join('\n');

/** Facts without the URL offsets (which differ between line endings). */
function withoutUrlRanges(facts: PageFacts): PageFacts {
  return { ...facts, links: facts.links.map(({ urlRange: _urlRange, ...rest }) => rest) };
}

/** Every URL offset points at the URL in the text, and the MESSY page has some. */
function expectUrlRanges(text: string, facts: PageFacts): void {
  const ranged = facts.links.filter((l) => l.urlRange);
  expect(ranged.length).toBeGreaterThan(2);
  for (const link of ranged) expect(text.slice(...link.urlRange!)).toBe(link.url);
}

describe('lintPage', () => {
  test('every page rule is registered once, with its docs page', () => {
    const rules = builtinRegistry().rules('page');
    const ids = rules.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('page-heading-increment');
    for (const rule of rules) {
      expect(rule.meta.docsUrl).toBe(ruleUrl(rule.meta.id));
      expect(existsSync(path.join(root, 'docs/rules', `${rule.meta.id}.md`))).toBe(true);
    }
  });

  test('one parse, every rule: default severities, docs urls', () => {
    const { diagnostics } = lint(MESSY);
    expect(brief(diagnostics)).toEqual(
      [
        '6:1-6:10 warning page-no-body-h1 level-1 heading in the page body: the page title is the h1, so start body headings at `##`',
        '8:1-8:21 warning page-heading-increment heading level 4 skips levels 2 to 3 (the previous heading is level 1): use `##`',
        '10:1-10:4 warning page-code-language code block has no language: name it after the opening fence (```bash, ```json, ```python …)',
        '14:1-14:26 warning page-image-alt image alt text "screenshot.png" is a file name: describe what the image shows',
        '16:6-16:16 warning page-link-text link text "here" does not say where the link goes: use words that name the target',
        '16:39-16:45 warning page-terminology "e-mail": this page also writes "email"; use "email" throughout',
        '18:1-18:7 warning page-unknown-component `<Notee>` is not a known component, so the platform removes it and its content from the page: did you mean `<Note>`?',
        '20:7-20:16 warning page-component-attributes unknown attribute `titel` on `<Card>`: did you mean `title`?',
        '20:1-20:6 warning page-link-name `<Card>` links to `/y` but has no title and no text: a screen reader announces it by its address alone; add `title="…"`',
      ].sort(),
    );
    for (const d of diagnostics) {
      expect(d.url).toBe(ruleUrl(d.ruleId));
      expect(d.file).toBe('/site/page.mdx');
    }
  });

  test('configured severities and off; a rule off by default is on once configured', () => {
    const settings: PageSettings = {
      rules: {
        'page-code-language': { severity: 'error' },
        'page-no-body-h1': { severity: 'off' },
        'page-image-frame': { severity: 'warning' },
        'page-image-alt': { severity: 'info' },
      },
    };
    const { diagnostics } = lint(MESSY, settings);
    const byRule = new Map(diagnostics.map((d) => [d.ruleId, d.severity]));
    expect(byRule.get('page-code-language')).toBe('error');
    expect(byRule.has('page-no-body-h1')).toBe(false);
    expect(byRule.get('page-image-frame')).toBe('warning');
    expect(byRule.get('page-image-alt')).toBe('info');
    expect(byRule.get('page-link-text')).toBe('warning');
  });

  test('the same settings give the same results on every call (the plan is reused)', () => {
    const settings: PageSettings = {
      rules: { 'page-link-text': { severity: 'warning', options: { phrases: ['x'] } } },
    };
    const a = lint(MESSY, settings);
    const b = lint(MESSY, settings);
    const c = lint(MESSY, { rules: { 'page-link-text': { severity: 'warning', options: { phrases: ['x'] } } } });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.diagnostics.some((d) => d.ruleId === 'page-link-text')).toBe(false);
  });

  test('CRLF line endings: the same findings at the same positions', () => {
    expect(brief(lint(MESSY.replace(/\n/g, '\r\n')).diagnostics)).toEqual(brief(lint(MESSY).diagnostics));
    const crlf = MESSY.replace(/\n/g, '\r\n');
    expect(withoutUrlRanges(lint(crlf).facts)).toEqual(withoutUrlRanges(lint(MESSY).facts));
    // Each URL's offsets are those of the CRLF text.
    expectUrlRanges(crlf, lint(crlf).facts);
  });

  test('a BOM does not shift lines or columns', () => {
    expect(brief(lint(`\uFEFF${MESSY}`).diagnostics)).toEqual(brief(lint(MESSY).diagnostics));
    expect(withoutUrlRanges(lint(`\uFEFF${MESSY}`).facts)).toEqual(withoutUrlRanges(lint(MESSY).facts));
    // Offsets count the BOM: they are offsets of the file.
    expect(lint(`\uFEFF${MESSY}`).facts.links.map((l) => l.urlRange)).toEqual(
      lint(MESSY).facts.links.map((l) => l.urlRange && l.urlRange.map((n) => n + 1)),
    );
    expectUrlRanges(`\uFEFF${MESSY}`, lint(`\uFEFF${MESSY}`).facts);
  });

  test('a page that does not parse: one syntax error, front-matter findings, no body findings', () => {
    const { diagnostics, facts } = lint('---\ntitle: T\n---\n\n# h1\n\n<!-- c -->\n\n```\nx\n```\n');
    expect(brief(diagnostics)).toEqual([
      '1:1-1:4 warning page-frontmatter-required front matter has no `description`: add `description: …`',
      '7:1-7:5 error page-mdx-syntax HTML comments are not allowed in MDX; use {/* … */} instead of <!-- … -->',
    ]);
    expect(facts.syntaxError).toBe(true);
  });

  test('.md pages are parsed as MDX', () => {
    const { diagnostics } = lint(
      '---\ntitle: T\ndescription: D\n---\n\n<!-- c -->\n',
      defaults,
      false,
      '/site/readme.md',
    );
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['page-mdx-syntax']);
  });

  test('never throws: empty text, NUL bytes, binary content, lone CR, huge lines', () => {
    const inputs = [
      '',
      '\n\n',
      'a\u0000b\u0000\n',
      String.fromCharCode(...Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256)),
      '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR',
      '---\rtitle: T\rdescription: D\r---\r\r## Lone CR\r',
      `${'word '.repeat(200_000)}\n`,
      '{'.repeat(5000),
      '<'.repeat(5000),
      '---\n' + 'a: &a [*a]\n'.repeat(3) + '---\n',
    ];
    for (const text of inputs) {
      const result = lint(text);
      expect(Array.isArray(result.diagnostics)).toBe(true);
      for (const d of result.diagnostics) {
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.column).toBeGreaterThanOrEqual(1);
      }
    }
  });

  test('snippets: no front-matter requirement, no parent requirement', () => {
    const { diagnostics } = lint('<Step title="One">Included inside Steps by the page.</Step>\n', defaults, true);
    expect(diagnostics).toEqual([]);
  });
});
