import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';

/*
 * The suite's three jest projects (jest.config.js): `npm test` runs `unit` and `e2e`, `npm run
 * test:slow` runs `slow`, and CI (.ci/run) runs both commands. Every test file is in exactly one
 * project, so every test runs in CI.
 */

const JEST = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js'];

function listed(projects: string[]): string[] {
  const result = spawnSync(process.execPath, [...JEST, '--listTests', '--selectProjects', ...projects], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 120000,
  });
  if (result.status !== 0) throw new Error(`jest --listTests failed (${result.status}): ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line.endsWith('.test.ts'))
    .map((file) => path.relative(REPO, file).split(path.sep).join('/'))
    .sort();
}

const scripts = (
  JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('the test projects', () => {
  test('every test file is in exactly one of unit, e2e and slow', () => {
    const all = listed(['unit', 'e2e', 'slow']);
    const each = ['unit', 'e2e', 'slow'].flatMap((p) => listed([p]));
    expect(each.sort()).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
    expect(listed(['slow'])).toEqual(
      expect.arrayContaining(['test/editors/vscode-real.test.ts', 'test/lsp/nvim.test.ts', 'test/fuzz/fuzz.test.ts']),
    );
  });

  test('npm test runs unit and e2e, npm run test:slow runs slow, and CI runs both after the README says npm test', () => {
    expect(scripts.test).toMatch(/jest\.js --selectProjects unit e2e$/);
    expect(scripts['test:slow']).toMatch(/^npm run build && .*jest\.js --selectProjects slow$/);
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith(' '));
    expect(ci.slice(-2)).toEqual(['npm test', 'npm run test:slow']);
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    // The README's first commands: install and lint the example site, then the tests (what CI runs).
    const first = /```sh\n([^`]*)```/.exec(readme)![1]!.split('\n');
    expect(first[1]).toMatch(/^npm test +# /);
  });
});
