// A report written inside the site it lints: the same command gives the same result and exit code
// every time. A static file (report.json, doclint.sarif…) is written, left out of the run that
// writes it and seen by a later run without -o as the platform would publish it; a path the
// platform or doclint would read as part of the site is refused whether or not it exists yet.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT } from './helpers.js';

/** A site whose page links to the report's path. */
function site(report: string): string {
  return tmpSite({
    'docs.json': config(['index']),
    'index.mdx': `${FRONT}## Start\n\nThe [last report](/${report}).\n`,
  });
}

const BROKEN = (report: string) =>
  `index.mdx: line 8, col 5, Error - link \`/${report}\` is broken: no file \`${report}\` in the site (site-broken-link)`;

describe('-o inside the site, run twice', () => {
  test.each([
    ['json', 'report.json'],
    ['sarif', 'doclint.sarif'],
    ['html', 'reports/doclint.html'],
    ['junit', 'junit.xml'],
    ['gitlab', 'gl-code-quality-report.json'],
    ['compact', 'report.txt'],
    ['stylish', 'doclint-report.log'],
  ])(
    '--format %s -o %s: the same report and exit code each time; a run without -o sees a static file',
    (format, report) => {
      const root = site(report);
      const args = ['--format', format, '-o', report, '.'];
      const first = runCli(args, { cwd: root });
      expect(first).toEqual({ code: 1, stdout: '', stderr: '' });
      const written = readFileSync(path.join(root, report), 'utf8');
      // The run that writes the report leaves it out of the site: the link to it is broken both times.
      expect(written).toContain('site-broken-link');
      for (let i = 0; i < 2; i++) {
        expect(runCli(args, { cwd: root })).toEqual(first);
        expect(readFileSync(path.join(root, report), 'utf8')).toBe(written);
      }
      // With --cache too (the second run is replayed from its record).
      const cached = [...args, '--cache'];
      expect(runCli(cached, { cwd: root })).toEqual(first);
      expect(runCli(cached, { cwd: root })).toEqual(first);
      expect(readFileSync(path.join(root, report), 'utf8')).toBe(written);
      // A run without -o: the report is one more static file of the site, as the platform would publish it.
      expect(runCli(['--format', 'compact', '.'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
      rmSync(path.join(root, report));
      expect(runCli(['--format', 'compact', '.'], { cwd: root })).toEqual({
        code: 1,
        stdout: `${path.join(root, BROKEN(report))}\n\n1 problem\n`,
        stderr: '',
      });
    },
  );

  test.each([
    ['report.md', 'report.md would be a page of the site (the platform publishes .md and .mdx files as pages)'],
    [
      'guides/lint.mdx',
      'guides/lint.mdx would be a page of the site (the platform publishes .md and .mdx files as pages)',
    ],
    ['snippets/report.mdx', 'snippets/report.mdx would be a snippet of the site'],
    ['report.jsx', 'report.jsx would be a snippet of the site'],
    ['mint.json', 'mint.json would be the configuration of the site'],
    ['llms.txt', 'llms.txt would be the llms.txt the site serves'],
    ['robots.txt', 'robots.txt would be the robots.txt the site serves'],
    ['.doclintrc.json', '.doclintrc.json would be a file doclint reads (.doclintrc.json)'],
    [
      'doclint-suppressions.json',
      'doclint-suppressions.json would be a file doclint reads (doclint-suppressions.json)',
    ],
  ])('-o %s, where the site would read it, is refused every time, written or not', (report, why) => {
    const root = site(report);
    const expected = {
      code: 2,
      stdout: '',
      stderr: `doclint: ${why}; doclint does not write a report there (choose another path)\n`,
    };
    expect(runCli(['--format', 'json', '-o', report, '.'], { cwd: root })).toEqual(expected);
    expect(runCli(['--format', 'json', '-o', report, '.'], { cwd: root })).toEqual(expected);
    expect(existsSync(path.join(root, report))).toBe(false);
  });

  test('-o over an existing page, spec or doclint file is refused as a file of the site; the file is intact', () => {
    const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: {} });
    const root = site('x');
    writeFileSync(path.join(root, 'openapi.json'), spec);
    writeFileSync(path.join(root, 'doclint-suppressions.json'), '{}\n');
    writeFileSync(path.join(root, 'report.md'), `${FRONT}## Report\n`);
    for (const file of ['openapi.json', 'doclint-suppressions.json', 'report.md', 'index.mdx']) {
      const before = readFileSync(path.join(root, file), 'utf8');
      expect(runCli(['--format', 'json', '-o', file, '.'], { cwd: root })).toEqual({
        code: 2,
        stdout: '',
        stderr: `doclint: ${file} is a file of the site; doclint does not write a report over it (choose another path)\n`,
      });
      expect(readFileSync(path.join(root, file), 'utf8')).toBe(before);
    }
  });

  test('a page in a folder the platform ignores is no page: the report is written there, twice', () => {
    const root = tmpSite({
      'docs.json': config(['index']),
      'index.mdx': `${FRONT}## Start\n`,
      '.mintignore': 'reports/\n',
    });
    const args = ['-o', 'reports/lint.md', '.'];
    expect(runCli(args, { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(runCli(args, { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(path.join(root, 'reports/lint.md'), 'utf8')).toBe('');
  });
});

describe('llms-txt --out inside the site, run twice', () => {
  test('a static file: written, then written again with the same text', () => {
    const root = site('x');
    const first = runCli(['llms-txt', '--out', 'out/llms.txt', '.'], { cwd: root });
    expect(first).toEqual({ code: 0, stdout: '', stderr: '' });
    const written = readFileSync(path.join(root, 'out/llms.txt'), 'utf8');
    expect(written).toBe(
      '# Test\n\n## Start\n\n- [Welcome to the test site](/index.md): What this site is for and where to start.\n',
    );
    expect(runCli(['llms-txt', '--out', 'out/llms.txt', '.'], { cwd: root })).toEqual(first);
    expect(readFileSync(path.join(root, 'out/llms.txt'), 'utf8')).toBe(written);
  });

  test('the llms.txt of the site root is refused every time (the site would serve it in place of the generated one)', () => {
    const root = site('x');
    const expected = {
      code: 2,
      stdout: '',
      stderr:
        'doclint: llms.txt would be the llms.txt the site serves; doclint does not write a report there (choose another path)\n',
    };
    expect(runCli(['llms-txt', '--out', 'llms.txt', '.'], { cwd: root })).toEqual(expected);
    expect(runCli(['llms-txt', '--out', 'llms.txt', '.'], { cwd: root })).toEqual(expected);
    expect(existsSync(path.join(root, 'llms.txt'))).toBe(false);
  });
});
