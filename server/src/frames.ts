// Resynchronising LSP framing on stdin. vscode-jsonrpc's reader, given a header block without a
// Content-Length, reports an error and then reads the rest of that frame's body as the next header
// block, and every frame after it out of step: the server lives but never answers again (issue 12).
// This transform sits between stdin and the reader and passes only frames (a header block whose
// lines are `Name: value`, with a numeric Content-Length, then that many bytes); anything else is
// dropped up to the next `Content-Length:`, where reading starts again. Bodies are not looked at:
// a body that is not JSON reaches the reader, which reports it, and main.ts answers -32700.
import { Transform, type TransformCallback } from 'node:stream';

const HEADER_END = Buffer.from('\r\n\r\n');
const RESYNC_AT = Buffer.from('Content-Length:');
const EMPTY = Buffer.alloc(0);
/** A header block longer than this without its blank line is not one. */
const MAX_HEADER_BYTES = 8 * 1024;

export class FrameSanitizer extends Transform {
  /** Input not passed on yet: a header block being read, and whatever followed it in the same chunk. */
  private head: Buffer = EMPTY;
  /** Bytes of the current frame's body still to pass on as they arrive. */
  private bodyLeft = 0;

  /** `onDropped(bytes)` is told about input dropped as not a frame. */
  constructor(private readonly onDropped: (bytes: number) => void = () => {}) {
    super();
  }

  // A body is passed on chunk by chunk once its header block was read, never gathered here: a 20 MB
  // didOpen arrives in ~300 pipe chunks, and joining the buffer with each one copied 3 GB (1.4 s of
  // the open, and most of its GC). The reader joins the body once, as it would anyway.
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    while (data.length) {
      if (this.bodyLeft > 0) {
        const n = Math.min(this.bodyLeft, data.length);
        this.push(data.subarray(0, n));
        this.bodyLeft -= n;
        data = data.subarray(n);
        continue;
      }
      this.head = this.head.length ? Buffer.concat([this.head, data]) : data;
      data = EMPTY;
      for (;;) {
        const end = this.head.indexOf(HEADER_END);
        if (end < 0) {
          if (this.head.length > MAX_HEADER_BYTES) {
            this.resync();
            continue;
          }
          break;
        }
        const length = contentLength(this.head.subarray(0, end).toString('latin1'));
        if (length === undefined) {
          this.resync();
          continue;
        }
        const bodyStart = end + HEADER_END.length;
        this.push(this.head.subarray(0, bodyStart));
        this.bodyLeft = length;
        data = this.head.subarray(bodyStart);
        this.head = EMPTY;
        break;
      }
    }
    done();
  }

  /** Drops input up to the next `Content-Length:` after the first byte (or all but a possible partial one). */
  private resync(): void {
    const next = this.head.indexOf(RESYNC_AT, 1);
    const drop = next >= 0 ? next : Math.max(1, this.head.length - (RESYNC_AT.length - 1));
    this.onDropped(drop);
    this.head = this.head.subarray(drop);
  }
}

/** The Content-Length of a header block, or undefined when the block is not a valid LSP header. */
function contentLength(block: string): number | undefined {
  let length: number | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    // The name as the reader compares it (lower-cased, not trimmed): a line break left before it by
    // garbage ("\nContent-Length: 15") is no Content-Length to the reader, which then read out of step.
    if (line.slice(0, colon).toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,10}$/.test(value)) return undefined;
    length = Number(value);
  }
  return length;
}
