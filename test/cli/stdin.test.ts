import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

describe('--stdin', () => {
  test('lints standard input as the named page of its site, not the file on disk', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE });
    const result = runCli(['--stdin', '--stdin-filename', 'index.mdx', '--format', 'unix'], {
      cwd: root,
      input: MINIMAL_PAGE + '\nSee [here](/index).\n',
    });
    expect(result.stdout).toBe(
      'index.mdx:10:5: warning link text "here" does not say where the link goes: use words that name the target [page-link-text]\n',
    );
    expect(result.code).toBe(0);
  });

  test('a page that does not exist on disk yet still knows the site (links, navigation)', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE });
    const result = runCli(
      ['--stdin', '--stdin-filename', path.join(root, 'new.mdx'), '--format', 'unix', '--rule', 'site-orphan-page:off'],
      {
        input: MINIMAL_PAGE + '\nSee [the start page](/missing).\n',
      },
    );
    expect(result.stdout).toBe(
      `${path.relative(process.cwd(), path.join(root, 'new.mdx'))}:10:5: error link \`/missing\` is broken: no page or file at \`missing\` in the site [site-broken-link]\n`,
    );
    expect(result.code).toBe(1);
  });

  test('docs.json from standard input', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE });
    const result = runCli(['--stdin', '--stdin-filename', 'docs.json', '--format', 'unix'], {
      cwd: root,
      input: '{ "name": 1 ',
    });
    expect(result.stdout).toBe('docs.json:1:13: error unexpected end of file: a "}" is missing [config-json]\n');
    expect(result.code).toBe(1);
  });

  test.each([
    [['--stdin'], 'doclint: --stdin needs --stdin-filename PATH: the file of the site the text stands for\n'],
    [['--stdin', '--stdin-filename', 'a.mdx', 'b.mdx'], 'doclint: --stdin lints standard input only; give no paths\n'],
    [['--stdin-filename', 'a.mdx'], 'doclint: --stdin-filename goes with --stdin\n'],
  ])('%j is a usage error', (args, message) => {
    const result = runCli(args, { input: '' });
    expect(result).toEqual({ code: 2, stdout: '', stderr: message });
  });
});
