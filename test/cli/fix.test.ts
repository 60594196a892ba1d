import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

const CRLF = (lines: string[]) => lines.join('\r\n');

const ORIGINAL = '\ufeff' + CRLF([
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
  '<Card titel="Start" href="/index" />',
  '',
]);

const FIXED = '\ufeff' + CRLF([
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
  '<Note>Careful</Note>',
  '',
  '<Card title="Start" href="/index" />',
  '',
]);

function site() {
  const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': ORIGINAL, 'images/dish.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  chmodSync(path.join(root, 'index.mdx'), 0o640);
  return root;
}

const FIXABLE = ['page-heading-increment', 'page-terminology', 'page-code-language', 'page-image-frame', 'page-unknown-component', 'page-component-attributes'];

describe('--fix', () => {
  test('before: each fixable rule reports on the page', () => {
    const result = runCli(['--format', 'json', site()]);
    const rules = (JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string }> }>).flatMap((f) => f.messages.map((m) => m.ruleId));
    expect([...new Set(rules)].sort()).toEqual([...FIXABLE].sort());
  });

  test('changes only the bytes of the fixes (BOM, CRLF, trailing spaces kept), keeps permissions, and re-lints clean', () => {
    const root = site();
    const file = path.join(root, 'index.mdx');
    const result = runCli(['--fix', '--fix-code-language', 'bash', '--format', 'json', root]);
    expect(result.stderr).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    // what is reported is what remains after the fixes: nothing
    expect((JSON.parse(result.stdout) as Array<{ messages: unknown[] }>).flatMap((f) => f.messages)).toEqual([]);
    expect(result.code).toBe(0);
    expect(runCli([root])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('without a --fix-code-language the code block keeps its finding (no language is guessed)', () => {
    const root = site();
    const result = runCli(['--fix', '--format', 'compact', root]);
    expect(result.stdout).toBe('index.mdx:10:1: warning code block has no language: name it after the opening fence (```bash, ```json, ```text …) [page-code-language]\n'.replace('index.mdx', path.relative(process.cwd(), path.join(root, 'index.mdx'))));
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(FIXED.replace('```bash', '```'));
  });

  test('--fix-dry-run prints a unified diff and changes nothing', () => {
    const root = site();
    const result = runCli(['--fix-dry-run', '--fix-code-language', 'bash', '.'], { cwd: root });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(ORIGINAL);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 3)).toEqual(['--- a/index.mdx', '+++ b/index.mdx', '@@ -3,16 +3,16 @@']);
    expect(result.stdout).toContain('-#### Deep   \r\n+## Deep   \r\n');
    expect(result.stdout).toContain('-<Notee>Careful</Notee>\r\n+<Note>Careful</Note>\r\n');
  });

  test('docs.json keys are renamed by the did-you-mean fix', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG.replace('"navigation"', '"navigaton"').replace('"colors"', '"colours"'), 'index.mdx': '---\ntitle: A\ndescription: B\n---\n' });
    writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8'));
    runCli(['--fix', root]);
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(MINIMAL_CONFIG);
  });

  test('--fix with --fix-dry-run, or with --stdin, is a usage error', () => {
    expect(runCli(['--fix', '--fix-dry-run', 'fixtures/example']).code).toBe(2);
    expect(runCli(['--fix', '--stdin', '--stdin-filename', 'x.mdx'], { input: '' }).stderr).toBe('doclint: --fix cannot write to standard input; use --fix-dry-run to see the fixes\n');
  });
});
