import { cpSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * A Windows checkout (`core.autocrlf=true`) has CRLF line ends in every text file: each finding
 * (file, rule, position, message) is the same as with LF.
 */

const TEXT = /\.(mdx?|json|ya?ml|txt|jsx|tsx)$/i;

const SITES = [
  path.join(REPO, 'fixtures/example'),
  ...readdirSync(path.join(REPO, 'fixtures/sites'))
    .sort()
    .map((name) => path.join(REPO, 'fixtures/sites', name)),
]
  // The plugins site loads its plugin from a folder beside it (fixtures/plugins), which a copy lacks.
  .filter((root) => existsSync(path.join(root, 'docs.json')) && path.basename(root) !== 'plugins');

/** Every text file under `dir` with CRLF line ends (lines that already end in CR keep one). */
function toCrlf(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) toCrlf(file);
    else if (entry.isFile() && TEXT.test(entry.name) && statSync(file).size < 4 * 1024 * 1024)
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\r?\n/g, '\r\n'));
  }
}

/** The findings of a run, with paths relative to the site. */
function findings(root: string): string[] {
  const result = runCli(['--format', 'json', '--threads', '1', root]);
  expect(result.stderr).toBe('');
  return (JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>).flatMap(
    (f) =>
      f.messages.map((m) =>
        [
          path.relative(root, f.filePath),
          m.ruleId,
          m.line,
          m.column,
          m.endLine,
          m.endColumn,
          m.severity,
          m.message,
        ].join(' '),
      ),
  );
}

describe('CRLF line ends give the same findings as LF', () => {
  test.each(SITES.map((root) => [path.relative(REPO, root), root]))('%s', (_name, site) => {
    const lf = path.join(tmpSite({}), 'site');
    cpSync(site, lf, { recursive: true });
    const crlf = path.join(tmpSite({}), 'site');
    cpSync(site, crlf, { recursive: true });
    toCrlf(crlf);
    expect(findings(crlf)).toEqual(findings(lf));
  });
});
