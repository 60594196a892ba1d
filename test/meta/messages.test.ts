import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { builtinRegistry } from '../../src/config/registry.js';
import { REPO } from '../helpers/cli.js';

/*
 * Every built-in rule reports by message id (ESLint's `messageId` and `data`): it declares its
 * messages in `meta.messages`, and each `context.report(…)` in rules/ is given a `messageId` and
 * no `message` of its own. The reports are checked by their types, as TypeScript sees them: a
 * spread of a helper's result, a closure that forwards to `context.report` and a list of reports
 * are followed to what they hold.
 */

const RULES = path.join(REPO, 'rules');
const ruleFiles = readdirSync(RULES)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => path.join(RULES, f))
  .sort();
const rel = (file: string) => path.relative(REPO, file).split(path.sep).join('/');

describe('every rule reports by message id', () => {
  test('every rule of rules/ is registered and declares its messages in meta.messages', () => {
    const registry = builtinRegistry();
    const problems: string[] = [];
    for (const file of ruleFiles) {
      const id = path.basename(file, '.ts');
      const messages = registry.rule(id)?.meta.messages;
      if (!registry.rule(id)) problems.push(`${id}: not registered`);
      else if (!messages || Object.keys(messages).length === 0) problems.push(`${id}: no meta.messages`);
      else
        for (const [key, text] of Object.entries(messages))
          if (typeof text !== 'string' || text === '') problems.push(`${id}: message ${key} is not text`);
    }
    expect(problems).toEqual([]);
    expect(ruleFiles.length).toBe([...registry.ids()].filter((id) => !id.includes('/')).length);
  });

  test('every report in rules/ gives a messageId and no message of its own (by the types of the reports)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(REPO, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    const program = ts.createProgram(ruleFiles, { ...config!.options, noEmit: true });
    const checker = program.getTypeChecker();
    /** Why one possible type of a report is not a report by id (undefined: it is one). */
    const fault = (type: ts.Type): string | undefined => {
      const id = checker.getPropertyOfType(type, 'messageId');
      if (!id || id.flags & ts.SymbolFlags.Optional) return 'no messageId';
      const message = checker.getPropertyOfType(type, 'message');
      if (message && !(checker.getTypeOfSymbol(message).flags & ts.TypeFlags.Undefined))
        return `a message of its own (${checker.typeToString(type)})`;
      return undefined;
    };
    const offenders: string[] = [];
    let reports = 0;
    for (const file of ruleFiles) {
      const source = program.getSourceFile(file)!;
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'report'
        ) {
          reports++;
          const arg = node.arguments[0];
          const type = arg && checker.getTypeAtLocation(arg);
          const faults = type ? (type.isUnion() ? type.types : [type]).map(fault).filter(Boolean) : ['no argument'];
          if (faults.length) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
            offenders.push(`${rel(file)}:${line + 1}: ${[...new Set(faults)].join('; ')}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
    // The scan finds the reports (a rule with none would report nothing).
    expect(reports).toBeGreaterThanOrEqual(ruleFiles.length);
  });
});
