// Files the linter may not read (chmod 000). Permissions do not stop root, and the tests often run
// as root: then the CLI runs as the unprivileged user `nobody` (the site is made readable to it,
// all but the locked files). As any other user, chmod 000 is enough and the CLI runs as is.
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { BIN } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT, openUp, permissionsAreIgnored, type Found } from './helpers.js';

const NOBODY = 65534;

/** Runs the CLI as a user that file permissions apply to; `--format json` findings with site-relative files. */
function lintAsUser(root: string, args: string[]): { code: number | null; stderr: string; findings: Found[] } {
  const asNobody = permissionsAreIgnored ? { uid: NOBODY, gid: NOBODY } : {};
  const env = { ...process.env, NO_COLOR: '1', HOME: root };
  const result = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60000,
    ...asNobody,
  });
  let findings: Found[] = [];
  if (result.stdout.trim()) {
    const report = JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<Omit<Found, 'file'>> }>;
    findings = report.flatMap((e) =>
      e.messages.map((m) => ({
        file: path.relative(root, e.filePath),
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
      })),
    );
  }
  return { code: result.status, stderr: result.stderr, findings };
}

function site(files: Record<string, string>, locked: string[]): string {
  const root = tmpSite(files);
  openUp(root);
  for (const file of locked) chmodSync(path.join(root, file), 0o000);
  return root;
}

describe('unreadable files', () => {
  test('a page, a spec, robots.txt and a $ref file that cannot be read: one finding or note each, the rest linted', () => {
    const root = site(
      {
        'docs.json': config(['index', 'locked', 'ok'], {
          navbar: { $ref: 'locked-ref.json' },
          navigation: {
            groups: [
              { group: 'Start', pages: ['index', 'locked', 'ok'] },
              { group: 'API', openapi: 'locked.yaml', pages: ['GET /a'] },
            ],
          },
        }),
        'index.mdx': `${FRONT}## Start\n\nText.\n`,
        'locked.mdx': `${FRONT}# Never read\n`,
        'ok.mdx': `${FRONT.replace('title: ', 'title: Another page of ')}## Fine\n\n# Heading\n`,
        'locked.yaml': 'openapi: 3.1.0\n',
        'locked-ref.json': '{}',
        'robots.txt': 'User-agent: *\nDisallow: /\n',
      },
      ['locked.mdx', 'locked.yaml', 'locked-ref.json', 'robots.txt'],
    );
    const run = lintAsUser(root, ['.']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const place = (f: Found) => `${f.file}:${f.line}:${f.column} ${f.ruleId} ${f.severity} ${f.message}`;
    expect(run.findings.map(place)).toEqual([
      'docs.json:20:20 nav-openapi-invalid 2 OpenAPI spec `locked.yaml` is unusable: the file cannot be read (EACCES)',
      'docs.json:28:13 config-json 2 "$ref" file cannot be read (EACCES): locked-ref.json; make it a regular file the linter can read (check its permissions)',
      'locked.mdx:1:1 page-mdx-syntax 2 cannot read the file (EACCES)',
      'ok.mdx:8:1 page-no-body-h1 1 level-1 heading in the page body: the page title is the h1, so start body headings at `##`',
      'robots.txt:1:1 site-robots-blocks-ai 0 robots.txt cannot be read (EACCES); it was not checked',
    ]);
  });

  test('an unreadable configuration file: exit 2 with the reason at the file', () => {
    const root = site({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n`, '.doclintrc.json': '{}' }, [
      '.doclintrc.json',
    ]);
    const run = lintAsUser(root, ['.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('doclint: .doclintrc.json:1:1: cannot read the configuration (EACCES)\n');
  });

  test('an unreadable docs.json: exit 2 with the reason', () => {
    const root = site({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n` }, ['docs.json']);
    const run = lintAsUser(root, ['.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('doclint: cannot read docs.json (EACCES)\n');
  });
});
