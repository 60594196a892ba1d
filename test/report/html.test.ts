import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { html, HTML_SECTIONS, messageHtml } from '../../src/report/html.js';
import { diag, input, RULES, tmpFiles } from './helpers.js';
import { allRules } from '../../src/config/registry.js';
import { testIf } from '../helpers/needs.js';

const CHROMIUM = '/usr/bin/chromium';

const PAGE = [
  '---',
  'title: Intro',
  'description: The first page',
  '---',
  '',
  '## Start',
  '',
  'Read [here](/next) for more.',
  '',
  '<Note>',
  '  A note with <b>bold</b> & more',
  '</Note>',
  '',
  'Last line.',
].join('\n');

const CONFIG = '{\n  "name": "Site",\n  "theme": "mint",\n}\n';

/** A site on disk and hand-made findings in it: 2 errors, 3 warnings and 1 note in 2 of 3 files. */
function site(): { root: string; diagnostics: Diagnostic[]; files: string[] } {
  const root = tmpFiles({ 'docs.json': CONFIG, 'intro.mdx': PAGE, 'clean.mdx': '---\ntitle: Clean\n---\n' });
  const docs = path.join(root, 'docs.json');
  const intro = path.join(root, 'intro.mdx');
  const diagnostics = [
    diag({
      file: docs,
      ruleId: 'config-json',
      line: 3,
      column: 18,
      endLine: 3,
      endColumn: 19,
      message: 'trailing comma before "}"; remove the comma',
    }),
    diag({
      file: docs,
      ruleId: 'nav-openapi-invalid',
      severity: 'info',
      line: 2,
      column: 11,
      endLine: 2,
      endColumn: 17,
      message: 'remote OpenAPI file is not fetched',
    }),
    diag({
      file: intro,
      ruleId: 'page-link-text',
      severity: 'warning',
      line: 8,
      column: 6,
      endLine: 8,
      endColumn: 19,
      message: 'link text "here" is not descriptive',
    }),
    diag({
      file: intro,
      ruleId: 'config-json',
      line: 10,
      column: 1,
      endLine: 12,
      endColumn: 8,
      message: 'unclosed tag `<Note>`: add `</Note>` & retry',
    }),
    diag({
      file: intro,
      ruleId: 'page-link-text',
      severity: 'warning',
      line: 11,
      column: 18,
      endLine: 11,
      endColumn: 18,
      message: 'an empty finding <here>',
    }),
    diag({
      file: intro,
      ruleId: 'config-unknown-key',
      severity: 'warning',
      line: 14,
      column: 1,
      endLine: 14,
      endColumn: 5,
      message: 'last line',
    }),
  ].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { root, diagnostics, files: [path.join(root, 'clean.mdx'), docs, intro] };
}

describe('html', () => {
  test('one self-contained page: inline CSS, no script, no external resource', () => {
    const { root, diagnostics, files } = site();
    const page = html(input(diagnostics, { cwd: root, files }));
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<style>');
    expect(page).not.toMatch(/<script|<link\b|<img\b|<iframe|@import|url\(|\bsrc=/i);
    // The only links are rule documentation and anchors inside the page.
    const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    for (const href of hrefs)
      expect(href).toMatch(
        /^(#file-\d+|https:\/\/github\.com\/doclint\/doclint(\/blob\/main\/docs\/rules\/[a-z-]+\.md)?)$/,
      );
  });

  test('summary, per-rule and per-file counts', () => {
    const { root, diagnostics, files } = site();
    const page = html(input(diagnostics, { cwd: root, files }));
    expect(page).toContain(
      '<div class="card error" id="count-errors"><span class="n">2</span><span class="label">errors</span></div>',
    );
    expect(page).toContain(
      '<div class="card warning" id="count-warnings"><span class="n">3</span><span class="label">warnings</span></div>',
    );
    expect(page).toContain(
      '<div class="card info" id="count-notes"><span class="n">1</span><span class="label">note</span></div>',
    );
    expect(page).toContain(
      '<div class="card files" id="count-files"><span class="n">3</span><span class="label">files linted</span></div>',
    );
    expect(page).toContain(
      '<p class="verdict" id="verdict">2 errors, 3 warnings, 1 note; 2 of 3 files have findings.</p>',
    );
    expect(page).toContain(
      '<tr data-rule="config-json"><td class="pick"><input type="checkbox" id="rule-1" checked aria-label="show config-json"></td><td><a class="mono" href="https://github.com/doclint/doclint/blob/main/docs/rules/config-json.md">config-json</a><br><span class="desc">docs.json is well-formed JSON.</span></td><td class="num" data-error="2">2</td><td class="num zero" data-warning="0">0</td><td class="num zero" data-info="0">0</td></tr>',
    );
    expect(page).toContain(
      '<tr data-file="intro.mdx"><td><a class="mono" href="#file-2">intro.mdx</a></td><td class="num" data-error="1">1</td><td class="num" data-warning="3">3</td><td class="num zero" data-info="0">0</td></tr>',
    );
    expect(page).toContain('1 other file has no findings.');
  });

  test('code frames: two lines of context, the range marked, everything escaped', () => {
    const { root, diagnostics, files } = site();
    const page = html(input(diagnostics, { cwd: root, files }));
    // page-link-text at 8:6-8:19, lines 6 to 10 shown.
    const frame = page
      .split('<article class="finding warning r2" data-rule="page-link-text"')[1]!
      .split('</article>')[0]!;
    const rows = [
      ...frame.matchAll(
        /<span class="row( hit)?"><span class="ln"[^>]*>(\d+)<\/span>(.*?)<\/span>(?=<span class="row|<\/code>)/g,
      ),
    ].map((m) => [m[2], Boolean(m[1]), m[3]]);
    expect(rows).toEqual([
      ['6', false, '## Start'],
      ['7', false, ''],
      ['8', true, 'Read <mark>[here](/next)</mark> for more.'],
      ['9', false, ''],
      ['10', false, '&lt;Note&gt;'],
    ]);
    // A multi-line finding marks each of its lines; markup in the file is text.
    expect(page).toContain(
      '<span class="row hit"><span class="ln" style="width:5ch">11</span><mark>  A note with &lt;b&gt;bold&lt;/b&gt; &amp; more</mark></span>',
    );
    // An empty finding is a caret.
    expect(page).toContain('A note with &lt;b&gt;<span class="caret" title="here"></span>bold');
    // The last line of the file: context stops at the end.
    const last = page
      .split('<article class="finding warning r3" data-rule="config-unknown-key"')[1]!
      .split('</article>')[0]!;
    expect(last).toContain('<mark>Last</mark> line.');
    expect(last).not.toContain('>15<');
    // Messages are escaped; what they quote in backticks is code.
    expect(page).toContain(
      '<span class="msg">unclosed tag <code>&lt;Note&gt;</code>: add <code>&lt;/Note&gt;</code> &amp; retry</span>',
    );
    expect(page).toContain('an empty finding &lt;here&gt;');
  });

  test('backticks: each pair is a code span, escaped; a lone backtick stays text', () => {
    expect(messageHtml('use `<Tab>` & `a`')).toBe('use <code>&lt;Tab&gt;</code> &amp; <code>a</code>');
    expect(messageHtml('a ` lone <b>')).toBe('a ` lone &lt;b&gt;');
    expect(messageHtml('`x` then ` and `y` then `')).toBe('<code>x</code> then <code> and </code>y<code> then </code>');
    expect(messageHtml('`x` and `y')).toBe('<code>x</code> and `y');
    expect(messageHtml('``')).toBe('<code></code>');
  });

  test('filters by severity and by rule (form controls and CSS, no script); files collapse; sections in a list', () => {
    const { root, diagnostics, files } = site();
    const page = html(input(diagnostics, { cwd: root, files }));
    expect(page).toContain(
      [
        '<div class="filters" role="group" aria-label="Filters">',
        '<span class="title">Show</span>',
        '<label><input type="checkbox" id="show-error" checked> errors (2)</label>',
        '<label><input type="checkbox" id="show-warning" checked> warnings (3)</label>',
        '<label><input type="checkbox" id="show-info" checked> notes (1)</label>',
      ].join('\n'),
    );
    expect(page).toContain('main:has(#show-warning:not(:checked)) .finding.warning');
    // Rules are numbered in the CSS: no rule id is written into a style sheet.
    expect(page).toContain(
      '<style>main:has(#rule-1:not(:checked)) .finding.r1,\nmain:has(#rule-2:not(:checked)) .finding.r2,\nmain:has(#rule-3:not(:checked)) .finding.r3,\nmain:has(#rule-4:not(:checked)) .finding.r4 { display: none; }</style>',
    );
    expect(page).toContain(
      '<details class="file" id="file-2" open aria-label="intro.mdx">\n<summary><h3>intro.mdx</h3><span class="counts">1 error, 3 warnings</span></summary>',
    );
    // The findings first: the agent-readiness scorecard comes after them.
    expect(HTML_SECTIONS.map((f) => f.name)).toEqual([
      'summarySection',
      'filtersSection',
      'tablesSection',
      'findingsSection',
      'scorecard',
    ]);
    // Full width: no column cap.
    expect(page).toContain('main { margin: 0; padding: 24px 32px 64px; }');
  });

  test('the findings come before the agent-readiness scorecard; the verdict says how many of the files have findings', () => {
    const { root, diagnostics, files } = site();
    const page = html(input(diagnostics, { cwd: root, files, rules: [...RULES, ...allRules()] }));
    const findings = page.indexOf('<h2 id="findings">Findings</h2>');
    const scorecard = page.indexOf('<section aria-labelledby="agent-readiness" id="scorecard">');
    expect(findings).toBeGreaterThan(0);
    expect(scorecard).toBeGreaterThan(findings);
    expect(page).toContain('<span class="n">3</span><span class="label">files linted</span>');
    expect(page).toContain(
      '<p class="verdict" id="verdict">2 errors, 3 warnings, 1 note; 2 of 3 files have findings.</p>',
    );
    const error = diagnostics.find((d) => d.ruleId === 'config-json')!;
    const one = html(input([error], { cwd: root, files: [error.file] }));
    expect(one).toContain('<p class="verdict" id="verdict">1 error, 0 warnings; 1 of 1 file has findings.</p>');
  });

  test('an unreadable file has no code frame; the finding is still listed', () => {
    const d = diag({ file: '/nonexistent/doclint/a.mdx', ruleId: 'page-link-text', message: 'gone' });
    const page = html(input([d], { cwd: '/nonexistent/doclint' }));
    expect(page).toContain('<span class="msg">gone</span>');
    expect(page).not.toContain('<pre class="frame">');
  });

  test('a very long line is cut to a window around the finding', () => {
    const root = tmpFiles({ 'big.json': `{"a": "${'x'.repeat(5000)}", "b": 1}` });
    const d = diag({
      file: path.join(root, 'big.json'),
      ruleId: 'config-json',
      line: 1,
      column: 5011,
      endLine: 1,
      endColumn: 5014,
    });
    const page = html(input([d], { cwd: root }));
    const frame = page.split('<pre class="frame">')[1]!.split('</pre>')[0]!;
    expect(frame.length).toBeLessThan(600);
    expect(frame).toContain('<mark>&quot;b&quot;</mark>: 1}');
    expect(frame).toContain('<span class="cut">…</span>');
  });

  test('a clean run says so', () => {
    const page = html(input([], { files: ['/site/docs.json', '/site/index.mdx'], rules: RULES }));
    expect(page).toContain('No problems found in 2 files (1 page).');
    expect(page).not.toContain('By rule');
  });

  testIf(existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium)`)(
    'headless Chromium renders the counts, the tables and escaped markup as text',
    () => {
      const { root, diagnostics, files } = site();
      const report = path.join(root, 'report.html');
      writeFileSync(report, html(input(diagnostics, { cwd: root, files })));
      const profile = mkdtempSync(path.join(os.tmpdir(), 'doclint-chromium-'));
      try {
        const result = spawnSync(
          CHROMIUM,
          [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            `--user-data-dir=${profile}`,
            '--dump-dom',
            pathToFileURL(report).href,
          ],
          // Chromium writes beside its profile in the home folder (.pki, crash reports): a temporary one.
          { encoding: 'utf8', timeout: 90000, env: { ...process.env, HOME: profile } },
        );
        expect(result.error).toBeUndefined();
        const dom = result.stdout;
        expect(dom).toContain('</html>');
        const count = (id: string) => new RegExp(`id="count-${id}"><span class="n">(\\d+)</span>`).exec(dom)?.[1];
        expect([count('errors'), count('warnings'), count('notes'), count('files')]).toEqual(['2', '3', '1', '3']);
        expect(dom).toContain('2 errors, 3 warnings, 1 note; 2 of 3 files have findings.');
        expect([...dom.matchAll(/<tr data-rule="([a-z-]+)">/g)].map((m) => m[1])).toEqual([
          'config-json',
          'page-link-text',
          'config-unknown-key',
          'nav-openapi-invalid',
        ]);
        expect([...dom.matchAll(/<tr data-file="([^"]+)">/g)].map((m) => m[1])).toEqual(['docs.json', 'intro.mdx']);
        expect((dom.match(/<article /g) ?? []).length).toBe(6);
        // Had anything been left unescaped, the browser would have made elements of it.
        expect(dom).not.toMatch(/<(note|here|b)[\s>]/i);
        expect(dom).toContain('&lt;Note&gt;');
        expect(dom).toContain('<code>&lt;/Note&gt;</code>');
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
    120000,
  );

  /**
   * The report in Chromium with a probe appended (the report itself has no script): the probe
   * runs `act`, then writes what it measured into the page, which --dump-dom prints.
   */
  function probe(page: string, act: string, width = 1280, height = 900): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doclint-chromium-'));
    try {
      const report = path.join(dir, 'report.html');
      const script = `<script>${act};document.body.setAttribute('data-probe', JSON.stringify(window.measured));</script>`;
      writeFileSync(report, page.replace('</body>', `${script}</body>`));
      const result = spawnSync(
        CHROMIUM,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          `--user-data-dir=${path.join(dir, 'profile')}`,
          `--window-size=${width},${height}`,
          '--dump-dom',
          pathToFileURL(report).href,
        ],
        { encoding: 'utf8', timeout: 90000, env: { ...process.env, HOME: dir } },
      );
      const m = /data-probe="([^"]*)"/.exec(result.stdout);
      return m
        ? m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')
        : `no probe result: ${result.stderr.slice(0, 300)}`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  testIf(existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium)`)(
    'in Chromium: unticking a severity or a rule hides its findings; a closed file hides its own',
    () => {
      const { root, diagnostics, files } = site();
      const page = html(input(diagnostics, { cwd: root, files }));
      const visible = `[...document.querySelectorAll('article')].filter((a) => a.checkVisibility()).map((a) => a.dataset.severity + ':' + a.dataset.rule)`;
      expect(JSON.parse(probe(page, `window.measured = ${visible}`))).toEqual([
        'info:nav-openapi-invalid',
        'error:config-json',
        'warning:page-link-text',
        'error:config-json',
        'warning:page-link-text',
        'warning:config-unknown-key',
      ]);
      expect(
        JSON.parse(
          probe(page, `document.getElementById('show-warning').checked = false; window.measured = ${visible}`),
        ),
      ).toEqual(['info:nav-openapi-invalid', 'error:config-json', 'error:config-json']);
      // rule-1 is config-json (most errors first).
      expect(
        JSON.parse(probe(page, `document.getElementById('rule-1').checked = false; window.measured = ${visible}`)),
      ).toEqual([
        'info:nav-openapi-invalid',
        'warning:page-link-text',
        'warning:page-link-text',
        'warning:config-unknown-key',
      ]);
      expect(
        JSON.parse(probe(page, `document.getElementById('file-1').open = false; window.measured = ${visible}`)),
      ).toEqual([
        'warning:page-link-text',
        'error:config-json',
        'warning:page-link-text',
        'warning:config-unknown-key',
      ]);
    },
    300000,
  );

  testIf(existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium)`)(
    'in Chromium: with 300 files and 40 rules, the findings start within the first screen; the page is no wider than the window',
    () => {
      const many: Diagnostic[] = [];
      for (let i = 0; i < 300; i++)
        many.push(
          diag({
            file: `/nonexistent/site/guides/section-${i}/a-rather-long-page-name-${i}.mdx`,
            ruleId: `rule-${i % 40}`,
            message: `finding ${i} in \`code\``,
          }),
        );
      const page = html(input(many, { cwd: '/nonexistent/site', files: many.map((d) => d.file) }));
      const measured = JSON.parse(
        probe(
          page,
          `window.measured = [document.getElementById('findings').getBoundingClientRect().top, document.documentElement.scrollWidth, window.innerWidth]`,
          1280,
          900,
        ),
      ) as number[];
      expect(measured[0]).toBeLessThan(900);
      expect(measured[1]).toBeLessThanOrEqual(measured[2]!);
    },
    120000,
  );
});
