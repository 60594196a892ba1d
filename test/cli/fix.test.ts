import { chmodSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

const CRLF = (lines: string[]) => lines.join('\r\n');

const ORIGINAL =
  '\ufeff' +
  CRLF([
    '---',
    'title: Fix me',
    'description: A page with fixable findings.',
    '---',
    '',
    '#### Deep   ',
    '',
    'An e-mail and an email. E-mail!',
    '',
    '```',
    'echo hi',
    '```',
    '',
    '![A satellite dish at dusk](/images/dish.svg)',
    '',
    '<Notee>Careful</Notee>',
    '',
    '<Card titel="Start" href="/index">The first page.</Card>',
    '',
  ]);

/** After `--fix`: safe fixes only (the renames of the misspelt component and attribute are suggestions). */
const FIXED =
  '\ufeff' +
  CRLF([
    '---',
    'title: Fix me',
    'description: A page with fixable findings.',
    '---',
    '',
    '## Deep   ',
    '',
    'An email and an email. Email!',
    '',
    '```bash',
    'echo hi',
    '```',
    '',
    '<Frame>![A satellite dish at dusk](/images/dish.svg)</Frame>',
    '',
    '<Notee>Careful</Notee>',
    '',
    '<Card titel="Start" href="/index">The first page.</Card>',
    '',
  ]);

/** After `--fix --fix-suggestions`: the suggestions applied too. */
const WITH_SUGGESTIONS = FIXED.replace('<Notee>Careful</Notee>', '<Note>Careful</Note>').replace('titel=', 'title=');

/** The site, with page-image-frame (off by default) turned on by its configuration. */
function site() {
  const root = tmpSite({
    'docs.json': MINIMAL_CONFIG,
    '.doclintrc.json': '{ "rules": { "page-image-frame": "warn" } }\n',
    'index.mdx': ORIGINAL,
    'images/dish.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  chmodSync(path.join(root, 'index.mdx'), 0o640);
  return root;
}

const FIXABLE = ['page-heading-increment', 'page-terminology', 'page-code-language', 'page-image-frame'];
const SUGGESTING = ['page-unknown-component', 'page-component-attributes'];

type JsonMessage = {
  ruleId: string;
  line: number;
  fix?: { range: [number, number]; text: string };
  suggestions?: Array<{ desc: string; fix: { range: [number, number]; text: string } }>;
};
const messagesOf = (stdout: string) =>
  (JSON.parse(stdout) as Array<{ messages: JsonMessage[] }>).flatMap((f) => f.messages);

describe('--fix', () => {
  test("before: each fixable or suggesting rule reports on the page; JSON carries fix and suggestions in ESLint's shape", () => {
    const result = runCli(['--format', 'json', '--fix-code-language', 'bash', site()]);
    const messages = messagesOf(result.stdout);
    expect([...new Set(messages.map((m) => m.ruleId))].sort()).toEqual([...FIXABLE, ...SUGGESTING].sort());
    for (const m of messages) {
      if (FIXABLE.includes(m.ruleId)) expect(m.fix).toBeDefined();
      else expect(m.fix).toBeUndefined();
    }
    const rename = messages.find((m) => m.ruleId === 'page-unknown-component')!;
    const at = ORIGINAL.indexOf('<Notee>');
    expect(rename.suggestions).toEqual([
      {
        desc: 'Rename `<Notee>` to `<Note>`',
        fix: { range: [at, at + '<Notee>Careful</Notee>'.length], text: '<Note>Careful</Note>' },
      },
    ]);
  });

  test('changes only the bytes of the fixes (BOM, CRLF, trailing spaces kept), keeps permissions; suggestions are not applied', () => {
    const root = site();
    const file = path.join(root, 'index.mdx');
    const result = runCli(['--fix', '--fix-code-language', 'bash', '--format', 'json', root]);
    expect(result.stderr).toBe('doclint: --fix applied 5 fixes in 1 file\n');
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    // what is reported is what remains after the fixes: the two guesses
    expect(messagesOf(result.stdout).map((m) => `${m.line} ${m.ruleId}`)).toEqual([
      '16 page-unknown-component',
      '18 page-component-attributes',
    ]);
    expect(result.code).toBe(0);
  });

  test('--fix-suggestions applies the suggestions too, and the page then lints clean', () => {
    const root = site();
    const file = path.join(root, 'index.mdx');
    const result = runCli(['--fix', '--fix-suggestions', '--fix-code-language', 'bash', '--format', 'json', root]);
    expect(result.stderr).toBe('doclint: --fix applied 7 fixes in 1 file\n');
    expect(readFileSync(file, 'utf8')).toBe(WITH_SUGGESTIONS);
    expect(messagesOf(result.stdout)).toEqual([]);
    expect(runCli([root])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('without a --fix-code-language the code block keeps its finding (the language guessed from it is only a suggestion)', () => {
    const root = site();
    const result = runCli(['--fix', '--format', 'unix', root]);
    const name = path.relative(process.cwd(), path.join(root, 'index.mdx'));
    expect(result.stdout).toBe(
      [
        `${name}:10:1: warning code block has no language: it looks like shell commands; name it after the opening fence (\`\`\`bash?) [page-code-language]`,
        `${name}:16:1: warning \`<Notee>\` is not a known component, so the platform removes it and its content from the page: did you mean \`<Note>\`? [page-unknown-component]`,
        `${name}:18:7: warning unknown attribute \`titel\` on \`<Card>\`: did you mean \`title\`? [page-component-attributes]`,
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(FIXED.replace('```bash', '```'));
  });

  test('--fix-dry-run prints a unified diff of the fixes and lists the suggestions apart; changes nothing', () => {
    const root = site();
    const result = runCli(['--fix-dry-run', '--fix-code-language', 'bash', '.'], { cwd: root });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(ORIGINAL);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 3)).toEqual(['--- a/index.mdx', '+++ b/index.mdx', '@@ -3,15 +3,15 @@']);
    expect(result.stdout).toContain('-#### Deep   \r\n+## Deep   \r\n');
    expect(result.stdout).not.toContain('+<Note>Careful</Note>');
    expect(result.stdout.split('\nSuggestions, not applied (apply them with --fix-suggestions):\n')[1]).toBe(
      [
        '  index.mdx:16:1  page-unknown-component  Rename `<Notee>` to `<Note>`',
        '  index.mdx:18:7  page-component-attributes  Rename the attribute to `title`',
        '',
      ].join('\n'),
    );
  });

  test('docs.json keys are renamed only with --fix-suggestions', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG.replace('"navigation"', '"navigaton"').replace('"colors"', '"colours"'),
      'index.mdx': '---\ntitle: A\ndescription: B\n---\n',
    });
    const misspelt = readFileSync(path.join(root, 'docs.json'), 'utf8');
    runCli(['--fix', root]);
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(misspelt);
    runCli(['--fix', '--fix-suggestions', root]);
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(MINIMAL_CONFIG);
  });

  test('--fix-suggestions alone is a usage error', () => {
    expect(runCli(['--fix-suggestions', 'fixtures/example'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: --fix-suggestions goes with --fix or --fix-dry-run\n',
    });
  });

  test('--fix with --fix-dry-run, or with --stdin, is a usage error', () => {
    expect(runCli(['--fix', '--fix-dry-run', 'fixtures/example']).code).toBe(2);
    expect(runCli(['--fix', '--stdin', '--stdin-filename', 'x.mdx'], { input: '' }).stderr).toBe(
      'doclint: --fix cannot write to standard input; use --fix-dry-run to see the fixes\n',
    );
  });
});
