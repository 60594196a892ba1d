import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO } from '../helpers/cli.js';

/*
 * The layout tells the architecture. The folders of src/ (and rules/) are layers, each importing
 * only from itself and the layers below it: imports of every kind count (runtime, `import type`,
 * `import('…')` calls and types). Files are short enough to read: at most 600 lines, and no
 * function over 100.
 */

/** The layers, bottom first. */
const LAYERS = [
  'src/core', // paths, text, JSON, YAML, safe reads, the finding and error types
  'src/mdx', // the tree index and node helpers of a parsed page
  'src/platform', // what the platform does: components, slugs, anchors, file categories
  'src/pages', // the page parser and what it learns of a page (facts, front matter, directives)
  'src/openapi', // OpenAPI documents: parsing, operations, endpoint references
  'src/site', // docs.json, the file inventory, navigation, redirects
  'src/schema', // the docs.json schema and its validation
  'src/model', // the site model the rules read: the site and its analyses, as data
  'src/llms', // llms.txt as the platform serves it
  'src/agent', // helpers of the agent-readiness rules
  'src/rule-kit', // the rule API: defineRule, the contexts, report()
  'rules', // the rules, one per file
  'src/config', // the configuration: doclintrc files, plugins, settings, the registry of rules
  'src/cache', // results kept between runs: the cache file, its keys, run records
  'src/services', // what rules may ask for beyond the site model: spelling dictionaries, the external link checker
  'src/engine', // the run: the session, the page and site passes, message control, fixes
  'src/commands', // what runs over a run: lint, suppressions, rename, --staged, score, init
  'src/report', // the output formats
  'src/remark', // doclint's page rules as remark-lint plugins
  'src/api', // the published API: the rule kit and RuleTester
  'src/lsp', // the language server
  'src/mcp', // the MCP server, for coding agents
  'src/cli', // the command line
];

/**
 * Platform names that happen to equal a rule id: src/ may quote them, in the file named, for the
 * platform's meaning alone (never to single out the rule).
 */
const NOT_RULE_IDS: readonly { text: string; file: string; reason: string }[] = [
  {
    text: 'openapi-schema',
    file: 'src/platform/frontmatter-keys.ts',
    reason: 'a front-matter field the platform reads (the page of one OpenAPI schema)',
  },
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

const files = [...tsFiles(path.join(REPO, 'src')), ...tsFiles(path.join(REPO, 'rules'))].sort();
const rel = (file: string) => path.relative(REPO, file).split(path.sep).join('/');
const sources = new Map(
  files.map((file) => [file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)]),
);

/** Every module a file names: static imports and exports (type-only too), `import()` calls and `import('…')` types. */
function importsOf(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const graph = new Map<string, string[]>();
for (const [file, source] of sources) {
  graph.set(
    file,
    importsOf(source)
      .filter((s) => s.startsWith('.'))
      .map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts'))),
  );
}

/** The name a function is known by: its own, or the variable, property or method it is assigned to. */
function functionName(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named) return named.getText();
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  )
    return parent.name.getText();
  return '(anonymous)';
}

function layerOf(file: string): number {
  const r = rel(file);
  return LAYERS.findIndex((layer) => r === layer || r.startsWith(`${layer}/`));
}

describe('the layout tells the architecture', () => {
  test('every file of src/ is in a layer', () => {
    expect(files.filter((f) => layerOf(f) < 0).map(rel)).toEqual([]);
  });

  test('a layer imports only from itself and the layers below it (every kind of import)', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) if (layerOf(target) > layerOf(file)) upward.push(`${rel(file)} -> ${rel(target)}`);
    }
    expect(upward).toEqual([]);
  });

  test('rules import only the rule kit (and packages)', () => {
    const offenders: string[] = [];
    for (const file of files.filter((f) => rel(f).startsWith('rules/') && !f.endsWith('index.ts'))) {
      for (const target of graph.get(file)!)
        if (!rel(target).startsWith('src/rule-kit/')) offenders.push(`${rel(file)} -> ${rel(target)}`);
    }
    expect(offenders).toEqual([]);
  });

  test('nothing under src/ imports rules/ but the registry', () => {
    const offenders: string[] = [];
    for (const [file, targets] of graph) {
      if (!rel(file).startsWith('src/')) continue;
      for (const target of targets)
        if (rel(target).startsWith('rules/') && rel(file) !== 'src/config/registry.ts')
          offenders.push(`${rel(file)} -> ${rel(target)}`);
    }
    expect(offenders).toEqual([]);
  });

  test('src/ names no rule id: the engine finds the rules it treats specially by the flags of their meta', () => {
    const ids = readdirSync(path.join(REPO, 'rules'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3));
    const quoted = new RegExp(`['"\`](${ids.join('|')})['"\`]`, 'g');
    const offenders: string[] = [];
    for (const [file, source] of sources) {
      if (!rel(file).startsWith('src/')) continue;
      source.text.split('\n').forEach((line, i) => {
        for (const match of line.matchAll(quoted)) {
          if (!NOT_RULE_IDS.some((a) => a.text === match[1] && a.file === rel(file)))
            offenders.push(`${rel(file)}:${i + 1}: ${match[1]}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });

  test('every entry of the allow-list of platform names is still used, with a reason', () => {
    const unused = NOT_RULE_IDS.filter((a) => {
      const source = [...sources].find(([file]) => rel(file) === a.file)?.[1];
      return !a.reason || !source || !new RegExp(`['"\`]${a.text}['"\`]`).test(source.text);
    });
    expect(unused).toEqual([]);
  });

  test('no import cycles between files (every kind of import)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  test('no file over 600 lines', () => {
    const long = [...sources].flatMap(([file, source]) => {
      const lines = source.getLineAndCharacterOfPosition(source.end).line + 1;
      return lines > 600 ? [rel(file)] : [];
    });
    expect(long).toEqual([]);
  });

  test('no function over 100 lines (nested functions count in the one that holds them)', () => {
    const long: string[] = [];
    for (const [file, source] of sources) {
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const last = source.getLineAndCharacterOfPosition(node.end).line;
          if (last - first + 1 > 100) long.push(`${rel(file)}: ${functionName(node)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});
