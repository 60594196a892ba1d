import type { Root } from 'mdast';
import type { Plugin } from 'unified-lint-rule';
import type { VFile } from 'vfile';
import type { RuleMeta } from '../core/rule.js';
import { pageContext, type PageContext } from './context.js';
import type { Span } from './facts.js';

/** A page rule: its meta and its unified-lint-rule plugin (`rules/<id>.ts`). */
export interface PageRule {
  meta: RuleMeta;
  plugin: Plugin<Root, any>;
}

/**
 * The page context for a rule that checks the page body, or undefined when the page did not
 * parse (its tree then holds only what could be read, and only the syntax and front-matter rules
 * report on it).
 */
export function bodyContext(file: VFile): PageContext | undefined {
  const context = pageContext(file);
  return context.syntaxError ? undefined : context;
}

/** A fix of a page finding: [start, end) offsets into the page text the rules see, and the new text. */
export interface PageFix {
  range: [number, number];
  text: string;
}

/**
 * Reports a finding of the running rule at a span (unified-lint-rule sets ruleId and url), with
 * an optional fix that `--fix` and the language server's quick fixes apply.
 */
export function report(file: VFile, message: string, span: Span | undefined, fix?: PageFix): void {
  const msg = span
    ? file.message(message, { place: { start: { line: span.line, column: span.column }, end: { line: span.endLine, column: span.endColumn } } })
    : file.message(message);
  if (fix) (msg as unknown as { fix?: PageFix }).fix = fix;
}

/** The span from a 1-based position to the end of its line. */
export function toLineEnd(context: PageContext, line: number, column: number): Span {
  const starts = context.lines.starts;
  const start = starts[line - 1] ?? 0;
  let end = line < starts.length ? starts[line]! : context.text.length;
  while (end > start && (context.text.charCodeAt(end - 1) === 10 || context.text.charCodeAt(end - 1) === 13)) end--;
  return { line, column, endLine: line, endColumn: Math.max(column, end - start + 1) };
}

/**
 * Compiled form of a rule's options, built once per options object (options come from the
 * configuration and are the same object for every page of a run).
 */
export function compiledOnce<O extends object, C>(build: (options: O | undefined) => C): (options: O | undefined) => C {
  const cache = new WeakMap<O, C>();
  let defaults: C | undefined;
  return (options) => {
    if (options === undefined || options === null || typeof options !== 'object') {
      return (defaults ??= build(undefined));
    }
    let compiled = cache.get(options);
    if (compiled === undefined) {
      compiled = build(options);
      cache.set(options, compiled);
    }
    return compiled;
  };
}

/** Lowercase, punctuation removed, whitespace collapsed: how phrases are compared. */
export function normalisePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
