/** A naive JavaScript lexer, enough to tell where an import/export block may end. */
import { isBlank } from './inline.js';

/** What a naive JavaScript lexer knows at the end of a line: open brackets, template literals, comments, the last token. */
export interface JsState {
  depth: number;
  template: boolean;
  comment: boolean;
  last: number;
}

/** The state at the start of a block: nothing open, as after a `;`. */
export const newJsState = (): JsState => ({ depth: 0, template: false, comment: false, last: 59 /* ; */ });

/** Reads the line `from`..`to` of `text` into `state`. */
export function jsLine(state: JsState, text: string, from: number, to: number): void {
  let quote = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (state.comment) {
      if (c === 42 && text.charCodeAt(k + 1) === 47) {
        state.comment = false;
        k++;
      }
      continue;
    }
    if (state.template || quote) {
      if (c === 92) k++;
      else if (state.template && c === 96) {
        state.template = false;
        state.last = c;
      } else if (quote && c === quote) {
        quote = 0;
        state.last = c;
      }
      continue;
    }
    if (c === 47 && text.charCodeAt(k + 1) === 47) break;
    if (c === 47 && text.charCodeAt(k + 1) === 42) {
      state.comment = true;
      k++;
      continue;
    }
    if (c === 39 || c === 34) quote = c;
    else if (c === 96) state.template = true;
    else if (c === 40 || c === 91 || c === 123) state.depth++;
    else if (c === 41 || c === 93 || c === 125) state.depth = Math.max(0, state.depth - 1);
    if (!isBlank(c)) state.last = c;
  }
}

/** Whether a statement may end here: nothing open, and the last token not an operator. */
export function jsComplete(state: JsState): boolean {
  if (state.depth > 0 || state.template || state.comment) return false;
  const c = state.last;
  return (
    c === 59 ||
    c === 41 ||
    c === 93 ||
    c === 125 ||
    c === 39 ||
    c === 34 ||
    c === 96 ||
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    c === 36
  );
}
