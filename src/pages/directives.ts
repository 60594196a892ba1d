import type { Finding, Span } from '../core/diagnostic.js';
import type { LineIndex } from '../core/text.js';
import { spanOf } from '../mdx/nodes.js';
import type { TreeIndex } from '../mdx/tree-index.js';

/**
 * Inline control comments in a page, in MDX comments:
 *
 *   {/* doclint-disable rule-a rule-b *\/}      off from here (all rules when none is named)
 *   {/* doclint-enable rule-a *\/}              on again (all when none is named)
 *   {/* doclint-disable-line rule-a *\/}        off on the comment's own line
 *   {/* doclint-disable-next-line rule-a *\/}   off on the next line that is not blank
 *
 * Rules are separated by spaces or commas; text after ` -- ` is the reason, kept for messages.
 * Any other `doclint-…` word is an unknown directive: reported, and it suppresses nothing.
 */
export const DIRECTIVE_KINDS = ['disable', 'enable', 'disable-line', 'disable-next-line'] as const;

export type DirectiveKind = (typeof DIRECTIVE_KINDS)[number];

/**
 * A finding a rule made for a directive, to be reported should the directive suppress nothing (see
 * `PageContext.reportIfUnused`): part of the page's outcome, decided once every finding is known.
 */
export interface UnusedDirectiveReport {
  /** Where the directive starts. */
  line: number;
  column: number;
  /** The rule the directive names that it must have suppressed a finding of; absent: any finding. */
  named?: string;
  finding: Finding;
}

export interface DirectiveFact extends Span {
  kind: DirectiveKind | 'unknown';
  /** Empty = all rules. */
  ruleIds: string[];
  /** Text after ` -- `. */
  reason?: string;
  /** For `unknown`: the word as written (`doclint-disable-lines`). */
  word?: string;
  /** For `disable-next-line`: the line it applies to (the next line that is not blank). */
  targetLine?: number;
}

const DIRECTIVE = /^\s*\/\*\s*doclint-([A-Za-z][\w-]*)([\s\S]*?)\*\/\s*$/;

/** `doclint-disable a, b -- reason` → kind, rule ids and reason; undefined for any other comment. */
export function parseDirective(
  expression: string,
): Pick<DirectiveFact, 'kind' | 'ruleIds' | 'reason' | 'word'> | undefined {
  const m = DIRECTIVE.exec(expression);
  if (!m) return undefined;
  const word = m[1]!;
  const rest = m[2]!;
  // The word must end where the rule list starts (a space), or at the end of the comment.
  if (rest !== '' && !/^\s/.test(rest)) return undefined;
  const split = /(?:^|\s)--(?:\s|$)/.exec(rest);
  const list = split ? rest.slice(0, split.index) : rest;
  const reason = split ? rest.slice(split.index + split[0].length).trim() : undefined;
  const ruleIds = list.split(/[\s,]+/).filter((id) => id.length > 0);
  const kind = (DIRECTIVE_KINDS as readonly string[]).includes(word) ? (word as DirectiveKind) : 'unknown';
  return {
    kind,
    ruleIds,
    ...(reason ? { reason } : {}),
    ...(kind === 'unknown' ? { word: `doclint-${word}` } : {}),
  };
}

/** The first line after `line` that holds something other than whitespace. */
export function nextContentLine(text: string, lines: LineIndex, line: number): number {
  const { starts } = lines;
  for (let l = line + 1; l <= starts.length; l++) {
    const start = starts[l - 1]!;
    const end = l < starts.length ? starts[l]! : text.length;
    if (text.slice(start, end).trim() !== '') return l;
  }
  return line + 1;
}

/** The page's inline `doclint-…` directives, read from its MDX comments (`doclint-disable` and the like). */
export function readDirectives(index: TreeIndex, text: string, lines: LineIndex): DirectiveFact[] {
  const directives: DirectiveFact[] = [];
  for (const { node } of index.expressions) {
    const directive = parseDirective(node.value);
    const span = spanOf(node);
    if (!directive || !span) continue;
    const fact: DirectiveFact = { ...directive, ...span };
    if (directive.kind === 'disable-next-line') fact.targetLine = nextContentLine(text, lines, span.endLine);
    directives.push(fact);
  }
  return directives;
}
