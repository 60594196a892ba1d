import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/* What a hook prints: --no-notes keeps the warnings and hides the notes; usage slips get one line. */

/** A page with one warning (a self-closing card's description) and one note (a code block with no language). */
const PAGE = `${MINIMAL_PAGE}\n<Card title="Guides" description="Every guide" href="/index" />\n\n\`\`\`\nsome output\n\`\`\`\n`;

describe('--no-notes', () => {
  test('reports errors and warnings, hides the notes and says how many it hid', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': PAGE });
    const warning =
      '  10:22  warning  `description` of a `<Card>` with no body is not shown at all: the card shows its title and its body only; move the text into the body (`<Card title="…">text</Card>`)  page-component-attributes';
    expect(runCli(['--no-notes', '.'], { cwd: root })).toEqual({
      code: 0,
      stdout: ['', 'index.mdx', warning, '', '✖ 1 problem (0 errors, 1 warning) (--no-notes hid 1 note)', '', ''].join(
        '\n',
      ),
      stderr: '',
    });
    // Without it, the note is there.
    expect(runCli(['.'], { cwd: root }).stdout).toContain('✖ 1 problem (0 errors, 1 warning), 1 note\n');
    // The gate of a hook: the warning still counts.
    expect(runCli(['--no-notes', '--max-warnings', '0', '.'], { cwd: root })).toMatchObject({
      code: 1,
      stderr: 'doclint: 1 warning exceeds --max-warnings 0\n',
    });
    // --quiet hides both.
    expect(runCli(['--no-notes', '--quiet', '.'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
    const json = JSON.parse(runCli(['--no-notes', '--format', 'json', '.'], { cwd: root }).stdout) as Array<{
      messages: Array<{ ruleId: string }>;
    }>;
    expect(json.flatMap((f) => f.messages.map((m) => m.ruleId))).toEqual(['page-component-attributes']);
  });
});

describe('usage slips', () => {
  test.each([
    [
      ['--no-note', '.'],
      'doclint: unknown option --no-note; did you mean --no-notes? (run "doclint --help" for the options)\n',
    ],
    [['--format'], 'doclint: --format needs a value (run "doclint --help" for the options)\n'],
    [['--quiet=yes', '.'], 'doclint: --quiet takes no value (run "doclint --help" for the options)\n'],
    [
      ['score', '--min-scor', '50'],
      'doclint score: unknown option --min-scor; did you mean --min-score? (run "doclint score --help" for the options)\n',
    ],
    [
      ['rename', 'a.mdx', 'b.mdx', '--dryrun'],
      'doclint rename: unknown option --dryrun; did you mean --dry-run? (run "doclint rename --help" for the options)\n',
    ],
  ])('%j: one line, exit 2', (args, stderr) => {
    expect(runCli(args)).toEqual({ code: 2, stdout: '', stderr });
  });
});

describe('what a site is, said the same way', () => {
  test('--print-config shows a rule that is off by default as off, as `rules` and init do', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE });
    const rules = (
      JSON.parse(runCli(['--print-config', 'index.mdx'], { cwd: root }).stdout) as { rules: Record<string, unknown> }
    ).rules;
    expect(rules['page-spelling']).toBe('off');
    expect(runCli(['rules'], { cwd: root }).stdout).toMatch(/^page-spelling +page +off /m);
    // Configured, it shows what is configured.
    const configured = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      '.doclintrc.json': '{"rules":{"page-spelling":"warn"}}',
    });
    expect(
      (
        JSON.parse(runCli(['--print-config', 'index.mdx'], { cwd: configured }).stdout) as {
          rules: Record<string, unknown>;
        }
      ).rules['page-spelling'],
    ).toBe('warn');
  });

  test('llms-txt on a site with its own llms.txt prints that file and says so', () => {
    const own = '# Acme\n\n> What Acme is.\n\n- [Start](https://acme.dev/index.md)\n';
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE, 'llms.txt': own });
    expect(runCli(['llms-txt'], { cwd: root })).toEqual({
      code: 0,
      stdout: own,
      stderr:
        'doclint: llms-txt: the site serves its own llms.txt: printed as it is; the platform generates llms.txt only for a site without one\n',
    });
    // --full: the site has no llms-full.txt of its own, so the generated one.
    const full = runCli(['llms-txt', '--full'], { cwd: root });
    expect([full.code, full.stderr, full.stdout.startsWith('# Welcome to the test site')]).toEqual([0, '', true]);
  });
});
