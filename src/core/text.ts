/**
 * Offsets <-> 1-based line/column for one file's text. Built once per file; lookups are a
 * binary search over line starts. Line breaks are \n, \r\n and a lone \r (as in CommonMark).
 */
export class LineIndex {
  readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  /** 1-based line and column of a 0-based offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    let o = Math.max(0, Math.min(offset, this.text.length));
    // Between the \r and the \n of a CRLF is still the end of the line, not a column past it.
    if (o > 0 && this.text.charCodeAt(o) === 10 && this.text.charCodeAt(o - 1) === 13) o--;
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1 };
  }

  /** 0-based offset of a 1-based line/column (clamped). */
  offset(line: number, column: number): number {
    const l = Math.max(1, Math.min(line, this.starts.length));
    return Math.min(this.starts[l - 1]! + Math.max(0, column - 1), this.text.length);
  }

  range(start: number, end: number): { line: number; column: number; endLine: number; endColumn: number } {
    const a = this.position(start);
    const b = this.position(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}

/**
 * Where bytes that are not UTF-8 first occur, as an offset into the text `buffer.toString('utf8')`
 * gives (each bad sequence reads as U+FFFD there), or undefined when every byte is UTF-8.
 */
export function invalidUtf8Offset(buffer: Uint8Array): number | undefined {
  const n = buffer.length;
  const cont = (i: number, lo = 0x80, hi = 0xbf) => i < n && buffer[i]! >= lo && buffer[i]! <= hi;
  let i = 0;
  while (i < n) {
    const b = buffer[i]!;
    let size = 0;
    if (b < 0x80) size = 1;
    else if (b >= 0xc2 && b <= 0xdf) size = cont(i + 1) ? 2 : 0;
    else if (b === 0xe0) size = cont(i + 1, 0xa0) && cont(i + 2) ? 3 : 0;
    else if (b === 0xed) size = cont(i + 1, 0x80, 0x9f) && cont(i + 2) ? 3 : 0;
    else if (b >= 0xe1 && b <= 0xef) size = cont(i + 1) && cont(i + 2) ? 3 : 0;
    else if (b === 0xf0) size = cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (b >= 0xf1 && b <= 0xf3) size = cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (b === 0xf4) size = cont(i + 1, 0x80, 0x8f) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (!size) return Buffer.from(buffer.buffer, buffer.byteOffset, i).toString('utf8').length;
    i += size;
  }
  return undefined;
}

/** Deepest JSON nesting read: the JSON parsers that keep positions are recursive, and deeper input would overflow the stack. */
export const MAX_JSON_DEPTH = 512;

/** Offset of the first bracket nested deeper than `limit` (strings skipped), or -1. */
export function jsonNestingOverflow(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34 || d === 10) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}
