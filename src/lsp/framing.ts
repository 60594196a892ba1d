import { Transform, type TransformCallback } from 'node:stream';

/*
 * The framing of the language server protocol on standard input: each message is headers
 * (`Content-Length: N`, optionally `Content-Type: …`), a blank line, then N bytes of JSON. The
 * protocol library reads it, but after a malformed header it drops that header and reads on from
 * the middle of the body: every later message is misread and the server goes deaf (alive, silent,
 * until standard input closes). FrameGuard sits in front of it, passes well-framed bytes through
 * untouched, and at the first framing error passes nothing more and calls `onError` once: the
 * server logs it and exits with an error, and the editor starts it again in a known state.
 */

/** Longest header block (real ones are about 60 bytes). */
export const MAX_HEADER_BYTES = 8 * 1024;
/** Largest message: a page or docs.json buffer is at most 16 MB, several times that as escaped JSON. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

const TERMINATOR = Buffer.from('\r\n\r\n');

export class FrameGuard extends Transform {
  /** Header bytes read so far (no terminator yet). */
  private head: Buffer = Buffer.alloc(0);
  /** Body bytes still to pass through. */
  private remaining = 0;
  private failed = false;

  constructor(private readonly onError: (reason: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let data = chunk;
    while (!this.failed && data.length > 0) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, data.length);
        this.push(data.subarray(0, n));
        this.remaining -= n;
        data = data.subarray(n);
        continue;
      }
      const searchFrom = Math.max(0, this.head.length - (TERMINATOR.length - 1));
      const head = this.head.length ? Buffer.concat([this.head, data]) : data;
      const end = head.indexOf(TERMINATOR, searchFrom);
      if (end === -1) {
        if (head.length > MAX_HEADER_BYTES)
          return this.fail(`a message header is longer than ${MAX_HEADER_BYTES} bytes`, callback);
        this.head = Buffer.from(head);
        data = Buffer.alloc(0);
        continue;
      }
      const problem = end > MAX_HEADER_BYTES ? `a message header is longer than ${MAX_HEADER_BYTES} bytes` : undefined;
      const parsed = problem ? { problem } : checkHeader(head.subarray(0, end).toString('latin1'));
      if ('problem' in parsed) return this.fail(parsed.problem, callback);
      this.push(head.subarray(0, end + TERMINATOR.length));
      this.head = Buffer.alloc(0);
      this.remaining = parsed.length;
      data = head.subarray(end + TERMINATOR.length);
    }
    callback();
  }

  private fail(reason: string, callback: TransformCallback): void {
    this.failed = true;
    this.head = Buffer.alloc(0);
    callback();
    this.onError(reason);
  }
}

/** The body length a header block announces, or what is wrong with it. */
export function checkHeader(block: string): { length: number } | { problem: string } {
  let length: number | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0 || !/^[\x21-\x7e]+$/.test(line.slice(0, colon))) {
      return { problem: `a message header line is not \`Name: value\` (${JSON.stringify(line.slice(0, 80))})` };
    }
    if (!/^[\x20-\x7e\t]*$/.test(line)) return { problem: 'a message header is not ASCII text' };
    if (line.slice(0, colon).toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,12}$/.test(value))
      return { problem: `Content-Length ${JSON.stringify(value.slice(0, 80))} is not a number of bytes` };
    if (length !== undefined) return { problem: 'a message has two Content-Length headers' };
    length = Number(value);
    if (length > MAX_MESSAGE_BYTES)
      return { problem: `a message of ${length} bytes is larger than ${MAX_MESSAGE_BYTES / 1048576} MB` };
  }
  if (length === undefined) return { problem: 'a message has no Content-Length header' };
  return { length };
}
