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
    const o = Math.max(0, Math.min(offset, this.text.length));
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
