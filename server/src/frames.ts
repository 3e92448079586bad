// Resynchronising LSP framing on stdin. vscode-jsonrpc's reader, given a header block without a
// Content-Length, reports an error and then reads the rest of that frame's body as the next header
// block, and every frame after it out of step: the server lives but never answers again (issue 12).
// This transform sits between stdin and the reader and passes only whole frames (a header block whose
// lines are `Name: value`, with a numeric Content-Length, then that many bytes); anything else is
// dropped up to the next `Content-Length:`, where reading starts again. Bodies are not looked at:
// a body that is not JSON reaches the reader, which reports it, and main.ts answers -32700.
import { Transform, type TransformCallback } from 'node:stream';

const HEADER_END = Buffer.from('\r\n\r\n');
const RESYNC_AT = Buffer.from('Content-Length:');
/** A header block longer than this without its blank line is not one. */
const MAX_HEADER_BYTES = 8 * 1024;

export class FrameSanitizer extends Transform {
  private buffer: Buffer = Buffer.alloc(0);

  /** `onDropped(bytes)` is told about input dropped as not a frame. */
  constructor(private readonly onDropped: (bytes: number) => void = () => {}) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) {
        if (this.buffer.length > MAX_HEADER_BYTES) this.resync();
        break;
      }
      const length = contentLength(this.buffer.subarray(0, end).toString('latin1'));
      if (length === undefined) {
        this.resync();
        continue;
      }
      const total = end + HEADER_END.length + length;
      if (this.buffer.length < total) break; // the body is still arriving
      this.push(this.buffer.subarray(0, total));
      this.buffer = this.buffer.subarray(total);
    }
    done();
  }

  /** Drops input up to the next `Content-Length:` after the first byte (or all but a possible partial one). */
  private resync(): void {
    const next = this.buffer.indexOf(RESYNC_AT, 1);
    const drop = next >= 0 ? next : Math.max(1, this.buffer.length - (RESYNC_AT.length - 1));
    this.onDropped(drop);
    this.buffer = this.buffer.subarray(drop);
  }
}

/** The Content-Length of a header block, or undefined when the block is not a valid LSP header. */
function contentLength(block: string): number | undefined {
  let length: number | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,10}$/.test(value)) return undefined;
    length = Number(value);
  }
  return length;
}
