import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';

/*
 * A test that needs a missing tool is skipped visibly, with its reason in its name
 * (test/helpers/needs.ts), and never passes without running: no test file skips or narrows the
 * run any other way, and none returns early after saying so on the console.
 */

const HELPER = 'test/helpers/needs.ts';
const SELF = 'test/meta/skips.test.ts';

function testFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(rel);
    return /\.(ts|mts|mjs|cjs|js)$/.test(entry.name) ? [rel] : [];
  });
}

const FILES = testFiles('test').filter((file) => file !== HELPER && file !== SELF);

/** `file:line: text` of every line matching `pattern`. */
function find(pattern: RegExp): string[] {
  return FILES.flatMap((file) =>
    readFileSync(path.join(REPO, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('skipped tests', () => {
  test('the audit reads the test files', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(FILES).toContain('test/lsp/nvim.test.ts');
  });

  test('no skip, only or todo outside the helper: a skipped test says why through testIf', () => {
    expect(find(/\b(test|it|describe)\.(skip|only|todo)\b|\bx(it|test|describe)\(|\bf(it|describe)\(/)).toEqual([]);
  });

  test('no test or describe chosen by a condition (`cond ? test : …`)', () => {
    expect(find(/[?:]\s*\(?\s*(test|it|describe)\s*[:)]/)).toEqual([]);
  });

  test('no early return after a console message (a test that passes without running)', () => {
    const offenders = FILES.flatMap((file) => {
      const text = readFileSync(path.join(REPO, file), 'utf8');
      return [...text.matchAll(/console\.(log|warn|info|error)\([^\n]*\);\s*return\b/g)].map(
        (m) => `${file}:${text.slice(0, m.index).split('\n').length}`,
      );
    });
    expect(offenders).toEqual([]);
  });
});
