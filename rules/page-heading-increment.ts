import { defineRule, spanOf, type Fix, type JsxElement, type PageContext, type Span } from '../src/rule-kit/index.js';

/** One heading of the page, markdown (`### x`) or JSX (`<h3>`), in document order. */
interface Heading {
  depth: number;
  start: number;
  end: number;
  span: Span | undefined;
  jsx?: JsxElement;
}

function headingsOf(context: PageContext): Heading[] {
  const out: Heading[] = [];
  for (const { node } of context.index.headings) {
    const p = node.position;
    if (p?.start.offset !== undefined && p.end.offset !== undefined)
      out.push({ depth: node.depth, start: p.start.offset, end: p.end.offset, span: spanOf(node) });
  }
  for (const { node } of context.index.jsx) {
    const m = node.name ? /^h([1-6])$/.exec(node.name) : null;
    const p = node.position;
    if (m && p?.start.offset !== undefined && p.end.offset !== undefined)
      out.push({ depth: Number(m[1]), start: p.start.offset, end: p.end.offset, span: spanOf(node), jsx: node });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The outline with every skip closed: each heading one level below its parent (the nearest
 * heading before it of a lower level; the page title, level 1, for a page's top headings). A
 * heading that has no parent in a snippet keeps its level. Siblings stay siblings, children stay
 * children.
 */
function normalised(headings: Heading[], isSnippet: boolean): number[] {
  const out: number[] = [];
  const stack: Array<{ depth: number; level: number }> = isSnippet ? [] : [{ depth: 1, level: 1 }];
  headings.forEach((h) => {
    while (stack.length && stack[stack.length - 1]!.depth >= h.depth) stack.pop();
    const parent = stack[stack.length - 1];
    const level = parent ? parent.level + 1 : h.depth;
    out.push(level);
    stack.push({ depth: h.depth, level });
  });
  return out;
}

/** The text of a heading at another level, or undefined when its markup cannot be rewritten safely. */
function relevel(text: string, h: Heading, level: number): { start: number; end: number; text: string } | undefined {
  if (h.jsx) {
    const open = `<h${h.depth}`;
    const source = text.slice(h.start, h.end);
    if (!source.startsWith(open) || !/[\s/>]/.test(source.charAt(open.length))) return undefined;
    const close = new RegExp(`</\\s*h${h.depth}\\s*>$`);
    if (!close.test(source) && !/\/>$/.test(source)) return undefined;
    return {
      start: h.start,
      end: h.end,
      text: `<h${level}` + source.slice(open.length).replace(close, `</h${level}>`),
    };
  }
  const hashes = /^#{1,6}(?=[ \t]|$)/m.exec(text.slice(h.start, h.start + 7));
  if (hashes?.index !== 0 || hashes[0].length !== h.depth) return undefined;
  return { start: h.start, end: h.start + hashes[0].length, text: '#'.repeat(level) };
}

/**
 * The fix of a skip at headings[i]: that heading and every heading after it down to the next one
 * at most one level below the heading before the skip move together, each to its level in the
 * closed outline. One edit from the first to the last heading marker (the text between is kept as
 * it is); no fix when a heading of the run cannot be rewritten.
 */
function outlineFix(text: string, headings: Heading[], levels: number[], i: number, previous: number): Fix | undefined {
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (let j = i; j < headings.length; j++) {
    const h = headings[j]!;
    if (j > i && h.depth <= previous + 1) break;
    if (levels[j] === h.depth) continue;
    const edit = relevel(text, h, levels[j]!);
    if (!edit) return undefined;
    edits.push(edit);
  }
  if (!edits.length) return undefined;
  const first = edits[0]!.start;
  let out = '';
  let cursor = first;
  for (const e of edits) {
    out += text.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return { range: [first, cursor], text: out };
}

export default defineRule({
  meta: {
    id: 'page-heading-increment',
    kind: 'page',
    description:
      'Heading levels go down one at a time (no jump from ## to ####), markdown and `<h2>`–`<h6>`, also inside components.',
    severity: 'warning',
    fixable: true,
    fixNote:
      'The fix moves the heading and the headings after it that belong with it (down to the next heading at most one level below the one before the skip) up together, so that every heading keeps its parent, its siblings and its children; the words of the page do not change. When one of those headings cannot be rewritten, there is no fix.',
    // `{{use}}` is the heading markup of the right level: `##` or `<h2>`.
    messages: {
      skipAfterTitle: 'heading level {{depth}} skips level {{from}} (the page title is level 1): use `{{use}}`',
      skip: 'heading level {{depth}} skips level {{from}} (the previous heading is level {{previous}}): use `{{use}}`',
      skipManyAfterTitle:
        'heading level {{depth}} skips levels {{from}} to {{to}} (the page title is level 1): use `{{use}}`',
      skipMany:
        'heading level {{depth}} skips levels {{from}} to {{to}} (the previous heading is level {{previous}}): use `{{use}}`',
    },
  },
  check(context) {
    const headings = headingsOf(context);
    if (!headings.length) return;
    let levels: number[] | undefined;
    // The page title is level 1. A snippet is included under headings of unknown level: only the
    // steps between its own headings are checked.
    let previous: number | undefined = context.isSnippet ? undefined : 1;
    let fromTitle = true;
    headings.forEach((h, i) => {
      if (previous !== undefined && h.depth > previous + 1) {
        const one = h.depth - previous === 2;
        const use = h.jsx ? `<h${previous + 1}>` : '#'.repeat(previous + 1);
        levels ??= normalised(headings, context.isSnippet);
        context.report({
          messageId: one ? (fromTitle ? 'skipAfterTitle' : 'skip') : fromTitle ? 'skipManyAfterTitle' : 'skipMany',
          data: { depth: h.depth, from: previous + 1, to: h.depth - 1, previous, use },
          at: h.span,
          fix: outlineFix(context.text, headings, levels, i, previous),
        });
      }
      previous = h.depth;
      fromTitle = false;
    });
  },
});
