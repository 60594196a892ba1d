import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO } from '../helpers/cli.js';

/*
 * Every rule of rules/ has its RuleTester table (ESLint's build checks that each rule has a test
 * and a doc): `test/rules/<id>.test.ts` runs the RuleTester on that rule — `ruleTester('<id>', …)`,
 * `siteRuleTester('<id>', …)` (test/helpers/) or `new RuleTester().run('<id>', …)` — with valid
 * and invalid cases. Other files of test/rules/ are about one rule too: `<id>.<aspect>.test.ts`.
 */

const RULES = path.join(REPO, 'rules');
const TABLES = path.join(REPO, 'test/rules');
const ruleIds = readdirSync(RULES)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.slice(0, -3))
  .sort();
const testFiles = readdirSync(TABLES).filter((f) => f.endsWith('.test.ts'));

/** The calls of a test file that run the RuleTester: the rule id each names, and its cases when written in place. */
function tableCalls(file: string): Array<{ id: string; cases: ts.Expression | undefined }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Array<{ id: string; cases: ts.Expression | undefined }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      const [first, second] = node.arguments;
      if (
        (name === 'ruleTester' || name === 'siteRuleTester' || name === 'run') &&
        first &&
        ts.isStringLiteralLike(first)
      )
        out.push({ id: first.text, cases: name === 'run' ? node.arguments[2] : second });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Why the cases of a table written in place lack valid or invalid ones (undefined: they have both, or are not written in place). */
function emptyCases(cases: ts.Expression | undefined): string | undefined {
  if (!cases || !ts.isObjectLiteralExpression(cases)) return undefined;
  const missing: string[] = [];
  for (const key of ['valid', 'invalid']) {
    const property = cases.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === key,
    );
    if (!property) missing.push(key);
    else if (ts.isArrayLiteralExpression(property.initializer) && property.initializer.elements.length === 0)
      missing.push(key);
  }
  return missing.length ? `no ${missing.join(' and no ')} case` : undefined;
}

describe('every rule has a RuleTester table', () => {
  test('test/rules/<id>.test.ts runs the RuleTester on the rule, with valid and invalid cases', () => {
    const problems: string[] = [];
    for (const id of ruleIds) {
      const name = `${id}.test.ts`;
      if (!testFiles.includes(name)) {
        problems.push(
          `${id}: no test/rules/${name}; write its RuleTester table (valid and invalid cases, see docs/writing-rules.md)`,
        );
        continue;
      }
      const calls = tableCalls(path.join(TABLES, name)).filter((c) => c.id === id);
      if (!calls.length) {
        problems.push(
          `${id}: test/rules/${name} does not run the RuleTester on it (ruleTester('${id}', …) or siteRuleTester('${id}', …))`,
        );
        continue;
      }
      for (const call of calls) {
        const why = emptyCases(call.cases);
        if (why) problems.push(`${id}: its table in test/rules/${name} has ${why}`);
      }
    }
    expect(problems).toEqual([]);
    expect(ruleIds.length).toBeGreaterThan(50);
  });

  test('every test file of test/rules/ is about one rule: <id>.test.ts or <id>.<aspect>.test.ts', () => {
    const stray = testFiles.filter((f) => !ruleIds.includes(f.replace(/(\.[^.]+)?\.test\.ts$/, '')));
    expect(stray).toEqual([]);
  });

  test('the check finds tables and their empty parts (it can fail)', () => {
    const parse = (text: string) => {
      const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
      const statement = source.statements[0] as ts.ExpressionStatement;
      return (statement.expression as ts.CallExpression).arguments[1];
    };
    expect(emptyCases(parse("ruleTester('a', { valid: [], invalid: [{ code: 'x', errors: [] }] });"))).toBe(
      'no valid case',
    );
    expect(emptyCases(parse("siteRuleTester('a', { valid: [{ name: 'x', files: {} }] });"))).toBe('no invalid case');
    expect(emptyCases(parse("ruleTester('a', { valid: ['x'], invalid: [{ code: 'x', errors: [] }] });"))).toBe(
      undefined,
    );
    expect(tableCalls(path.join(TABLES, 'page-todo-marker.test.ts'))).toEqual([
      { id: 'page-todo-marker', cases: expect.anything() },
    ]);
  });
});
