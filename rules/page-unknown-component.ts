import type { MdxjsEsm } from 'mdast-util-mdx';
import {
  compiledOnce,
  defineRule,
  isBlockElement,
  isComponentName,
  nameSpan,
  PLATFORM_COMPONENT_SET,
  suggestName,
  type Fix,
  type JsxElement,
} from '../src/rule-kit/index.js';

export interface Options {
  /** Components the site provides in other ways (added to the platform's). */
  components?: string[];
}

const knownOf = compiledOnce<Options, Set<string>>(
  (options) =>
    new Set([...PLATFORM_COMPONENT_SET, ...(Array.isArray(options?.components) ? options.components : []).map(String)]),
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
  const close = suggestName(name, candidates);
  if (close) return close;
  if (name.length < 3) return undefined;
  const lower = name.toLowerCase();
  return candidates.find((c) => c.toLowerCase().startsWith(lower));
}

/** The fix: the element's text with its opening (and closing) tag renamed. */
function renameElement(text: string, node: JsxElement, from: string, to: string): Fix | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || text.slice(start, start + 1 + from.length) !== `<${from}`)
    return undefined;
  let body = `<${to}` + text.slice(start + 1 + from.length, end);
  const close = new RegExp(`</\\s*${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*>$`);
  body = body.replace(close, `</${to}>`);
  return { range: [start, end], text: body };
}

function suggestionOf(text: string, node: JsxElement, name: string, suggestion: string | undefined) {
  const fix = suggestion ? renameElement(text, node, name, suggestion) : undefined;
  return fix ? [{ desc: `Rename \`<${name}>\` to \`<${suggestion}>\``, fix }] : undefined;
}

export default defineRule<Options>({
  meta: {
    id: 'page-unknown-component',
    kind: 'page',
    description: 'Every `<Component>` is a platform component or is imported or defined on the page.',
    severity: 'warning',
    hasSuggestions: true,
    fixNote:
      'A rename to the known component the name is closest to is a guess: it is offered as a suggestion (in the editor, by `--fix-dry-run`, and applied only with `--fix-suggestions`), and not even offered when the closest name is a different word rather than a misspelling (`<File>` is not `<Tile>`).',
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
    messages: {
      unknownClose: '`<{{name}}>` is not a known component: did you mean `<{{suggestion}}>`?',
      unknown:
        '`<{{name}}>` is not a known component: import it or define it on the page (`export const {{root}} = …`)',
      removedClose:
        '`<{{name}}>` is not a known component, so the platform removes it and its content from the page: did you mean `<{{suggestion}}>`?',
      removed:
        '`<{{name}}>` is not a known component, so the platform removes it and its content from the page: import it or define it on the page (`export const {{root}} = …`)',
    },
  },
  check(context) {
    const known = knownOf(context.options);
    const index = context.index;
    let locals: Set<string> | undefined;
    for (const { node, ancestors } of index.jsx) {
      const name = node.name;
      if (!name || !isComponentName(name) || known.has(name)) continue;
      locals ??= localNames(index.esm);
      const root = name.split('.')[0]!;
      if (locals.has(name) || locals.has(root)) continue;
      const suggestion = suggest(name, [...known, ...locals]);
      // The platform drops an unknown block element, and what it holds, without a word.
      const removed = isBlockElement(node, ancestors);
      context.report({
        ...(suggestion
          ? { messageId: removed ? 'removedClose' : 'unknownClose', data: { name, suggestion } }
          : { messageId: removed ? 'removed' : 'unknown', data: { name, root } }),
        at: nameSpan(node),
        suggestions: suggestionOf(context.text, node, name, suggestion),
      });
    }
  },
});
