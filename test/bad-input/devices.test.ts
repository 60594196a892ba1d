// Files that are not regular files (git can commit symbolic links to devices; a FIFO blocks a
// reader forever) and redirect patterns built to backtrack: each run ends with a finding or a
// one-line error, and nothing is read from a device.
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT, lintJson } from './helpers.js';

const PAGE = `${FRONT}## Start\n\nHello.\n`;
const mkfifo = (file: string) => execFileSync('mkfifo', [file]);

describe('docs.json that is not a regular file: a one-line error, exit 2', () => {
  test.each([
    ['/dev/ptmx', 'a terminal: opening it used to hang every run'],
    ['/dev/urandom', 'endless bytes: reading it used to take 1.1 GB'],
    ['/dev/zero', 'endless zeros'],
  ])('linked to %s (%s)', (device) => {
    const root = tmpSite({ 'index.mdx': PAGE });
    symlinkSync(device, path.join(root, 'docs.json'));
    const result = runCli([root], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'doclint: cannot read docs.json: it leads outside the site root (a symbolic link); doclint only reads files inside the site\n',
    );
  });

  test('a FIFO: never opened, so never waited on', () => {
    const root = tmpSite({ 'index.mdx': PAGE });
    mkfifo(path.join(root, 'docs.json'));
    const result = runCli([root], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'doclint: cannot read docs.json: it is not a regular file (a device, FIFO or socket); it was not read\n',
    );
  });
});

describe('pages, specs and robots.txt that are not regular files: findings where they are named, the rest linted', () => {
  test('a FIFO page and a FIFO spec in the navigation, a FIFO robots.txt, a page linked to /dev/zero', () => {
    const docsJson = JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Test',
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'Start', openapi: 'api.yaml', pages: ['index', 'fifo', 'zero'] }] },
    });
    const root = tmpSite({ 'docs.json': docsJson, 'index.mdx': PAGE });
    mkfifo(path.join(root, 'fifo.mdx'));
    mkfifo(path.join(root, 'api.yaml'));
    mkfifo(path.join(root, 'robots.txt'));
    symlinkSync('/dev/zero', path.join(root, 'zero.mdx'));
    const run = lintJson(root, [root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const column = (text: string) => docsJson.indexOf(text) + 1;
    expect(run.findings).toEqual([
      {
        file: 'docs.json',
        line: 1,
        column: column('"api.yaml"'),
        endLine: 1,
        endColumn: column('"api.yaml"') + '"api.yaml"'.length,
        ruleId: 'nav-openapi-invalid',
        severity: 2,
        message: 'OpenAPI spec `api.yaml` not found: the file does not exist',
      },
      {
        file: 'docs.json',
        line: 1,
        column: column('"fifo"'),
        endLine: 1,
        endColumn: column('"fifo"') + '"fifo"'.length,
        ruleId: 'nav-page-missing',
        severity: 2,
        message: '`fifo` is in the navigation but no page `fifo.mdx` or `fifo.md` exists',
      },
      {
        file: 'docs.json',
        line: 1,
        column: column('"zero"'),
        endLine: 1,
        endColumn: column('"zero"') + '"zero"'.length,
        ruleId: 'nav-page-missing',
        severity: 2,
        message: '`zero` is in the navigation but no page `zero.mdx` or `zero.md` exists',
      },
    ]);
    expect(run.files).toEqual(['docs.json', 'index.mdx']);
  });
});

describe('redirect patterns built to backtrack', () => {
  test('ten wildcards in one source, ten parameters in another, and broken 40-character links: matched in linear time, the links reported', () => {
    const source = `/${Array.from({ length: 10 }, (_, i) => `:p${i}*`).join('-')}/x`;
    const root = tmpSite({
      'docs.json': config(['index'], {
        redirects: [
          { source: '/a*b*c*d*e*f*g*h*i*j*/z', destination: '/index' },
          { source, destination: '/index' },
        ],
      }),
      'index.mdx': `${FRONT}See [the dashes](/${'a-'.repeat(20)}) and [the letters](/${'abcdefghij'.repeat(4)}).\n`,
    });
    const run = lintJson(root, [root]);
    expect(run.code).toBe(1);
    const dashes = `/${'a-'.repeat(20)}`;
    const letters = `/${'abcdefghij'.repeat(4)}`;
    expect(run.findings.filter((f) => f.ruleId === 'site-broken-link')).toEqual([
      {
        file: 'index.mdx',
        line: 6,
        column: 5,
        endLine: 6,
        endColumn: 5 + `[the dashes](${dashes})`.length,
        ruleId: 'site-broken-link',
        severity: 2,
        message: `link \`${dashes}\` is broken: no page or file at \`${dashes.slice(1)}\` in the site`,
      },
      {
        file: 'index.mdx',
        line: 6,
        column: 5 + `[the dashes](${dashes}) and `.length,
        endLine: 6,
        endColumn: 5 + `[the dashes](${dashes}) and [the letters](${letters})`.length,
        ruleId: 'site-broken-link',
        severity: 2,
        message: `link \`${letters}\` is broken: no page or file at \`${letters.slice(1)}\` in the site`,
      },
    ]);
  });
});
