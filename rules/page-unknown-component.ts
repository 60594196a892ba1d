import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdx';
import { lintRule } from 'unified-lint-rule';
import type { JsxElement } from '../src/pages/tree-index.js';
import { defineMeta } from '../src/core/rule.js';
import { didYouMean } from '../src/core/suggest.js';
import { PLATFORM_COMPONENTS } from '../src/pages/components.js';
import { isComponentName, nameSpan } from '../src/pages/mdx.js';
import { bodyContext, compiledOnce, report, type PageFix } from '../src/pages/rule.js';
import { indexTree } from '../src/pages/tree-index.js';

export interface Options {
  /** Components the site provides in other ways (added to the platform's). */
  components?: string[];
}

export const meta = defineMeta({
  id: 'page-unknown-component',
  kind: 'page',
  description: 'Every `<Component>` is a platform component or is imported or defined on the page.',
  severity: 'warning',
  fixable: true,
  optionsSchema: {
    type: 'object',
    properties: {
      components: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'More component names to accept (e.g. `Tree.Folder`, `MyWidget`).',
      },
    },
    additionalProperties: false,
  },
});

const knownOf = compiledOnce<Options, Set<string>>(
  (options) => new Set([...PLATFORM_COMPONENTS, ...(Array.isArray(options?.components) ? options.components : []).map(String)]),
);

interface EsNode {
  type: string;
  name?: string;
  id?: EsNode | null;
  local?: EsNode;
  exported?: EsNode;
  declaration?: EsNode | null;
  declarations?: EsNode[];
  specifiers?: EsNode[];
  body?: EsNode[];
}

/** Names the page's own `import` / `export` statements bring into scope. */
function localNames(esm: MdxjsEsm[]): Set<string> {
  const names = new Set<string>();
  const add = (n: EsNode | null | undefined): void => {
    if (n?.type === 'Identifier' && n.name) names.add(n.name);
  };
  for (const node of esm) {
    const program = node.data?.estree as EsNode | undefined;
    for (const statement of program?.body ?? []) {
      for (const specifier of statement.specifiers ?? []) {
        add(specifier.local);
        add(specifier.exported);
      }
      const declaration = statement.declaration;
      if (!declaration) continue;
      add(declaration.id);
      for (const d of declaration.declarations ?? []) add(d.id);
    }
  }
  return names;
}

/** A near spelling, or a known name the unknown one abbreviates (`<Warn>` → `<Warning>`). */
function suggest(name: string, candidates: string[]): string | undefined {
  const close = didYouMean(name, candidates);
  if (close) return close;
  if (name.length < 3) return undefined;
  const lower = name.toLowerCase();
  return candidates.find((c) => c.toLowerCase().startsWith(lower));
}

/** The fix: the element's text with its opening (and closing) tag renamed. */
function renameElement(text: string, node: JsxElement, from: string, to: string): PageFix | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || text.slice(start, start + 1 + from.length) !== `<${from}`) return undefined;
  let body = `<${to}` + text.slice(start + 1 + from.length, end);
  const close = new RegExp(`</\\s*${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*>$`);
  body = body.replace(close, `</${to}>`);
  return { range: [start, end], text: body };
}

const pageUnknownComponent = lintRule<Root, Options>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file, options) => {
  const context = bodyContext(file);
  if (!context) return;
  const known = knownOf(options);
  const index = indexTree(tree);
  let locals: Set<string> | undefined;
  for (const { node } of index.jsx) {
    const name = node.name;
    if (!name || !isComponentName(name) || known.has(name)) continue;
    locals ??= localNames(index.esm);
    const root = name.split('.')[0]!;
    if (locals.has(name) || locals.has(root)) continue;
    const suggestion = suggest(name, [...known, ...locals]);
    report(
      file,
      suggestion
        ? `\`<${name}>\` is not a known component: did you mean \`<${suggestion}>\`?`
        : `\`<${name}>\` is not a known component: import it or define it on the page (\`export const ${root} = …\`)`,
      nameSpan(node),
      suggestion ? renameElement(context.text, node, name, suggestion) : undefined,
    );
  }
});

export default pageUnknownComponent;
