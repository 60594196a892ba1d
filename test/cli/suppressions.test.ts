import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';

/** A copy of fixtures/sites/adoption (14 errors: 13 site-broken-link, 1 nav-page-missing; 6 warnings; 1 note). */
function site(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-suppress-'));
  cpSync(path.join(REPO, 'fixtures/sites/adoption'), root, { recursive: true });
  return root;
}

const errorsOf = (stdout: string) =>
  (
    JSON.parse(stdout) as Array<{
      filePath: string;
      messages: Array<{ ruleId: string; severity: number; line: number; column: number }>;
    }>
  ).flatMap((f) =>
    f.messages
      .filter((m) => m.severity === 2)
      .map((m) => `${path.basename(f.filePath)}:${m.line}:${m.column} ${m.ruleId}`),
  );

const append = (file: string, text: string) => writeFileSync(file, readFileSync(file, 'utf8') + text);

const UNUSED = (n: string, file = 'doclint-suppressions.json') =>
  `doclint: ${n} in ${file} no longer ${n.startsWith('1 ') ? 'occurs' : 'occur'}; run with --prune-suppressions to remove them, or --pass-on-unpruned-suppressions to ignore them:\n`;

describe('bulk suppressions (doclint-suppressions.json)', () => {
  test('--suppress-rule records one rule; a file with more errors than recorded reports all of them (ESLint)', () => {
    const root = site();
    const recorded = runCli(['--suppress-rule', 'site-broken-link', '-f', 'json', '.'], { cwd: root });
    expect(recorded.stderr).toBe(
      'doclint: doclint-suppressions.json now suppresses 13 errors and 1 warning (1 rule in 7 files); later runs report only findings beyond these\n',
    );
    expect(errorsOf(recorded.stdout)).toEqual(['docs.json:9:75 nav-page-missing']);
    expect(recorded.code).toBe(1);
    // index.mdx had 2 broken links; a third: which one is new cannot be told, so all three are reported.
    append(path.join(root, 'index.mdx'), '\n[Pricing](/pricing)\n');
    const after = runCli(['-f', 'json', '.'], { cwd: root });
    expect(errorsOf(after.stdout)).toEqual([
      'docs.json:9:75 nav-page-missing',
      'index.mdx:9:5 site-broken-link',
      'index.mdx:9:45 site-broken-link',
      'index.mdx:11:1 site-broken-link',
    ]);
    expect(after.code).toBe(1);
  });

  test('unused suppressions fail the run (exit 2) until pruned, unless --pass-on-unpruned-suppressions', () => {
    const root = site();
    expect(runCli(['--suppress-all', '.'], { cwd: root }).code).toBe(0);
    // Fix one of index.mdx's two broken links.
    const index = path.join(root, 'index.mdx');
    writeFileSync(index, readFileSync(index, 'utf8').replace('[tour](/tour)', 'tour'));
    const stale = runCli(['--quiet', '.'], { cwd: root });
    expect(stale).toEqual({
      code: 2,
      stdout: '',
      stderr: UNUSED('1 suppression') + '  index.mdx  site-broken-link  1 fewer than recorded\n',
    });
    // It passes, but says so (the pre-commit hook that lints the whole site runs with it).
    expect(runCli(['--quiet', '--pass-on-unpruned-suppressions', '.'], { cwd: root })).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'doclint: 1 suppression in doclint-suppressions.json no longer occurs (index.mdx site-broken-link); a whole-site run (CI) fails on it until pruned: run `npx doclint --prune-suppressions` and commit doclint-suppressions.json\n',
    });
    const pruned = runCli(['--quiet', '--prune-suppressions', '.'], { cwd: root });
    expect(pruned).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'doclint: doclint-suppressions.json now suppresses 13 errors and 5 warnings (5 rules in 8 files); later runs report only findings beyond these\n',
    });
    expect(JSON.parse(readFileSync(path.join(root, 'doclint-suppressions.json'), 'utf8'))['index.mdx']).toEqual({
      'site-broken-link': { count: 1 },
    });
    // Pruning also drops the entries of a page that is gone.
    const gone = path.join(root, 'reference/api.mdx');
    writeFileSync(gone, '---\ntitle: API\ndescription: API for the Adoption test site.\n---\n\n## Endpoints\n');
    expect(runCli(['--quiet', '.'], { cwd: root }).code).toBe(2);
    expect(runCli(['--quiet', '--prune-suppressions', '.'], { cwd: root }).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(path.join(root, 'doclint-suppressions.json'), 'utf8')))).not.toContain(
      'reference/api.mdx',
    );
  });

  test("a run over files (pre-commit) considers only the named files' entries, and does not fail on unused ones", () => {
    const root = site();
    expect(runCli(['--suppress-all', '.'], { cwd: root }).code).toBe(0);
    // quickstart.mdx's entries would be unused, but quickstart.mdx is not named.
    writeFileSync(
      path.join(root, 'quickstart.mdx'),
      '---\ntitle: Quickstart\ndescription: Quickstart for the Adoption test site.\n---\n\n## Steps\n',
    );
    expect(runCli(['--quiet', 'index.mdx', 'guides/install.mdx'], { cwd: root })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    append(path.join(root, 'guides/install.mdx'), '\n[Pricing](/pricing)\n');
    const named = runCli(['-f', 'json', 'index.mdx', 'guides/install.mdx'], { cwd: root });
    expect(errorsOf(named.stdout)).toEqual([
      'install.mdx:8:5 site-broken-link',
      'install.mdx:8:40 site-broken-link',
      'install.mdx:14:1 site-broken-link',
    ]);
    expect(named.code).toBe(1);
    // The writer who fixed quickstart.mdx's old findings is not stopped: the run says so, and passes.
    // From the folder above the site (a repository with the site in docs/), as a hook runs it.
    const above = path.dirname(root);
    const folder = path.basename(root);
    const note = runCli(['--quiet', `${folder}/quickstart.mdx`], { cwd: above });
    expect(note).toEqual({
      code: 0,
      stdout: '',
      stderr: `doclint: 2 suppressions in ${folder}/doclint-suppressions.json no longer occur (quickstart.mdx page-link-text, quickstart.mdx site-broken-link); a whole-site run (CI) fails on them until pruned: run \`npx doclint --prune-suppressions ${folder}\` and commit ${folder}/doclint-suppressions.json\n`,
    });
    // The whole-site run (CI) still fails until the baseline is pruned…
    const whole = runCli(['--quiet', '.'], { cwd: root });
    expect(whole.stderr).toBe(
      UNUSED('2 suppressions') +
        '  quickstart.mdx  page-link-text  1 fewer than recorded\n  quickstart.mdx  site-broken-link  3 fewer than recorded\n',
    );
    expect(whole.code).toBe(2);
    // …and passes once the note's command has run.
    const command = /run `npx doclint (.*)` and commit/.exec(note.stderr)![1]!.split(' ');
    expect(command).toEqual(['--prune-suppressions', folder]);
    runCli(command, { cwd: above });
    // (install.mdx's new broken links still fail it: exit 1, no longer 2.)
    const after = runCli(['--quiet', '.'], { cwd: root });
    expect(after.stderr).toBe('');
    expect(after.code).toBe(1);
  });

  test('a docs.json that does not parse: the site checks did not run, so their suppressions are kept (exit 1, not 2)', () => {
    const root = site();
    expect(runCli(['--suppress-all', '.'], { cwd: root }).code).toBe(0);
    const recorded = readFileSync(path.join(root, 'doclint-suppressions.json'), 'utf8');
    const docs = path.join(root, 'docs.json');
    const good = readFileSync(docs, 'utf8');
    writeFileSync(docs, good.replace('"name":', '"name" x:'));
    const KEPT =
      'doclint: suppressions kept: docs.json did not parse, so the site checks did not run (8 recorded entries not judged)\n';
    expect(runCli(['--quiet', '.'], { cwd: root })).toEqual({
      code: 1,
      stdout: [
        '',
        'docs.json',
        '  4:10  error  unexpected "x"; JSON strings and keys need double quotes  config-json',
        '',
        '✖ 1 problem (1 error, 0 warnings) (--quiet hid 1 note)',
        '',
        '',
      ].join('\n'),
      stderr: KEPT,
    });
    // Pruning then prunes nothing of what was not checked.
    const pruned = runCli(['--quiet', '--prune-suppressions', '.'], { cwd: root });
    // (Which of the kept entries are errors and which warnings cannot be told without their findings.)
    expect(pruned.stderr).toBe(
      'doclint: doclint-suppressions.json now suppresses 19 errors and warnings (5 rules in 8 files); later runs report only findings beyond these\n' +
        KEPT,
    );
    expect(pruned.code).toBe(1);
    expect(readFileSync(path.join(root, 'doclint-suppressions.json'), 'utf8')).toBe(recorded);
    // Fixed: every entry is judged again, and all still occur.
    writeFileSync(docs, good);
    expect(runCli(['--quiet', '.'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('a page that does not parse keeps its entries: its findings are missing, not fixed', () => {
    const root = site();
    expect(runCli(['--suppress-all', '.'], { cwd: root }).code).toBe(0);
    // An unclosed tag before the links: the page's links are not read.
    const index = path.join(root, 'index.mdx');
    writeFileSync(index, readFileSync(index, 'utf8').replace('## Start here\n', '## Start here\n\n<Note>\n'));
    const run = runCli(['-f', 'unix', '--prune-suppressions', '.'], { cwd: root });
    expect(run.stderr).toBe(
      [
        'doclint: doclint-suppressions.json now suppresses 19 errors and warnings (5 rules in 8 files); later runs report only findings beyond these',
        'doclint: suppressions kept: index.mdx was not checked (see its page-mdx-syntax finding) (1 recorded entry not judged)',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(readFileSync(path.join(root, 'doclint-suppressions.json'), 'utf8'))['index.mdx']).toEqual({
      'site-broken-link': { count: 2 },
    });
  });

  test('with the cache: a warm run suppresses as the cold one', () => {
    const root = site();
    expect(runCli(['--suppress-all', '--cache', '.'], { cwd: root }).code).toBe(0);
    const cold = runCli(['--cache', '-f', 'json', '.'], { cwd: root });
    const warm = runCli(['--cache', '-f', 'json', '.'], { cwd: root });
    expect(errorsOf(cold.stdout)).toEqual([]);
    expect(warm).toEqual(cold);
    expect(cold.code).toBe(0);
  });

  test('--suppressions-location: a folder or a file; keys are relative to its folder', () => {
    const root = site();
    const location = path.join(root, 'lint');
    expect(runCli(['--suppressions-location', 'lint/', '--quiet', '.'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: the suppressions file lint/doclint-suppressions.json does not exist; run with --suppress-all or --suppress-rule to create it\n',
    });
    expect(runCli(['--suppressions-location', 'lint/', '--suppress-all', '--quiet', '.'], { cwd: root }).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(path.join(location, 'doclint-suppressions.json'), 'utf8')))[0]).toBe(
      '../docs.json',
    );
    expect(
      runCli(['--suppressions-location', 'lint/doclint-suppressions.json', '--quiet', '.'], { cwd: root }),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
    // Without the option, the site root's file is used (there is none).
    expect(runCli(['--quiet', '.'], { cwd: root }).code).toBe(1);
  });

  test.each([
    [
      'not JSON',
      '{ "index.mdx": ',
      /^doclint: the suppressions file doclint-suppressions\.json is not valid JSON \(.*\); record it again with --suppress-all\n$/,
    ],
    [
      'an array',
      '[]',
      /^doclint: the suppressions file doclint-suppressions\.json: the top level must be an object of files; record it again with --suppress-all\n$/,
    ],
    [
      'a count that is not a whole number',
      '{ "index.mdx": { "site-broken-link": { "count": -1 } } }',
      /^doclint: the suppressions file doclint-suppressions\.json: "index\.mdx" → "site-broken-link" must be \{ "count": N \} with N a whole number above 0; record it again with --suppress-all\n$/,
    ],
    [
      'an absolute path',
      '{ "/etc/passwd": {} }',
      /^doclint: the suppressions file doclint-suppressions\.json: "\/etc\/passwd" must be a relative path with forward slashes; record it again with --suppress-all\n$/,
    ],
    [
      'too large',
      ' '.repeat(16 * 1024 * 1024 + 1),
      /^doclint: cannot read the suppressions file doclint-suppressions\.json: the file is too large \(16\.0 MB; the limit is 16\.0 MB\)\n$/,
    ],
  ])('a suppressions file that is %s: one line, exit 2', (_, content, message) => {
    const root = site();
    writeFileSync(path.join(root, 'doclint-suppressions.json'), content);
    const result = runCli(['.'], { cwd: root });
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });

  test.each([
    [
      ['--suppress-all', '--suppress-rule', 'site-broken-link', '.'],
      'doclint: --suppress-all and --suppress-rule exclude each other\n',
    ],
    [
      ['--suppress-all', '--prune-suppressions', '.'],
      'doclint: --suppress-all and --prune-suppressions exclude each other\n',
    ],
    [
      ['--suppress-rule', 'site-broken-links', '.'],
      'doclint: --suppress-rule: unknown rule "site-broken-links"; did you mean "site-broken-link"?\n',
    ],
    [
      ['--suppress-all', '--stdin', '--stdin-filename', 'index.mdx'],
      'doclint: --suppress-all, --suppress-rule and --prune-suppressions cannot be used with --stdin\n',
    ],
  ])('%j: exit 2', (args, stderr) => {
    const root = site();
    expect(runCli(args, { cwd: root, input: '' })).toEqual({ code: 2, stdout: '', stderr });
  });

  describe('the baseline follows the work', () => {
    const recorded = () => {
      const root = site();
      expect(runCli(['--suppress-all', '.'], { cwd: root }).code).toBe(0);
      return root;
    };
    const entries = (root: string) =>
      JSON.parse(readFileSync(path.join(root, 'doclint-suppressions.json'), 'utf8')) as Record<
        string,
        Record<string, { count: number }>
      >;

    test('doclint rename moves the recorded findings of the page with it', () => {
      const root = recorded();
      const before = entries(root)['guides/upgrade.mdx'];
      expect(before).toEqual({ 'page-link-text': { count: 1 }, 'site-broken-link': { count: 1 } });
      expect(runCli(['rename', 'guides/upgrade.mdx', 'guides/migrate.mdx'], { cwd: root })).toEqual({
        code: 0,
        stdout:
          'move guides/upgrade.mdx -> guides/migrate.mdx\n1 page moved, 2 edits in 1 file, redirect /guides/upgrade -> /guides/migrate added, 2 suppressions moved in doclint-suppressions.json\n',
        stderr: '',
      });
      const after = entries(root);
      expect([after['guides/upgrade.mdx'], after['guides/migrate.mdx']]).toEqual([undefined, before]);
      // The commit's gate passes: nothing new, nothing stale.
      expect(runCli(['--max-warnings', '0', '--quiet', '.'], { cwd: root })).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
    });

    test('--fix says how many fixes it applied and prunes what they removed from the baseline', () => {
      const root = recorded();
      expect(runCli(['--fix', '--quiet', '.'], { cwd: root })).toEqual({
        code: 0,
        stdout: '',
        stderr:
          'doclint: --fix applied 2 fixes in 2 files\n' +
          'doclint: --fix removed 1 recorded finding from doclint-suppressions.json (fixed, or no longer found); it now suppresses 14 errors and 4 warnings (4 rules in 8 files): commit it with the fixes\n',
      });
      expect(entries(root)['guides/install.mdx']).toEqual({ 'site-broken-link': { count: 2 } });
      expect(runCli(['--quiet', '.'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
    });

    test('an override that turns a rule off does not fail the run: one note with the command that prunes', () => {
      const root = recorded();
      writeFileSync(
        path.join(root, '.doclintrc.json'),
        JSON.stringify({ overrides: [{ files: ['guides/**'], rules: { 'site-broken-link': 'off' } }] }),
      );
      expect(runCli(['--quiet', '.'], { cwd: root })).toEqual({
        code: 0,
        stdout: '',
        stderr:
          'doclint: note: 4 suppressions in doclint-suppressions.json are of a rule the configuration now turns off (or to notes) for their files (guides/configure.mdx site-broken-link, guides/deploy.mdx site-broken-link, guides/install.mdx site-broken-link, … and 1 more); `doclint --prune-suppressions` on the site removes them\n',
      });
      expect(runCli(['--quiet', '--prune-suppressions', '.'], { cwd: root }).code).toBe(0);
      expect(
        Object.keys(entries(root)).filter((f) => f.startsWith('guides/') && entries(root)[f]!['site-broken-link']),
      ).toEqual([]);
      expect(runCli(['--quiet', '.'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
    });
  });
});
