// Reading a small file named by a user setting (a PEM key, an environment file) without trusting
// the name: `/dev/zero` or `/dev/urandom` as a key file used to be read until memory ran out, and a
// named pipe blocked forever (issue 12). Here only a regular file is read, and only up to a cap.
//
// How it cannot block or run away:
// - the type is checked with stat (following symlinks, so a link to a real key still works) before
//   opening, so a FIFO, socket, device or directory is refused without being opened;
// - the open uses O_NONBLOCK, so if the path is swapped for a FIFO between stat and open, the open
//   returns at once instead of waiting for a writer; fstat on the opened descriptor then re-checks the
//   type and the size, so what is read is exactly what was checked;
// - at most `maxBytes + 1` bytes are read, whatever the file claims its size is.
// A regular file on a local disk does not block, so no timer is needed beyond these checks.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** Caps used by the engine: a PEM RSA key is 1–3 KB, an environment file a few KB. */
export const KEY_FILE_MAX_BYTES = 64 * 1024;
export const ENV_FILE_MAX_BYTES = 1024 * 1024;
/** A request body given as `< ./file`, and a request file itself. */
export const BODY_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** An OpenAPI document or a file it references with $ref (large public specs are a few MB). */
export const OPENAPI_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** What `payout-http import` reads from stdin: one captured request, body included. */
export const IMPORT_INPUT_MAX_BYTES = BODY_FILE_MAX_BYTES;

export type BoundedReadErrorKind = 'missing' | 'denied' | 'not-a-file' | 'too-large' | 'unreadable' | 'not-text';

export class BoundedReadError extends Error {
  override readonly name = 'BoundedReadError';
  constructor(
    readonly kind: BoundedReadErrorKind,
    /** What was wrong, without the file name: "it is a FIFO (named pipe), not a regular file". */
    readonly problem: string,
    readonly file: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

export interface ReadBoundedOptions {
  /** Largest size accepted, in bytes. */
  maxBytes: number;
}

/** The whole of a regular file as UTF-8 text, refused when it is not a regular file or larger than `maxBytes`. */
export function readBoundedText(file: string, options: ReadBoundedOptions): string {
  return readBounded(file, options).toString('utf8');
}

/**
 * The file as text, refused ('not-text') when it holds NUL bytes or is not valid UTF-8: a binary
 * file given where a text file belongs, whose bytes must not be parsed, echoed or printed.
 */
export function readTextFile(file: string, options: ReadBoundedOptions): string {
  const bytes = readBounded(file, options);
  if (bytes.includes(0)) throw new BoundedReadError('not-text', 'it holds NUL bytes, so it is binary, not text', file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BoundedReadError('not-text', 'it is not UTF-8 text', file);
  }
}

/** The whole of a regular file, refused when it is not a regular file or larger than `maxBytes`. */
export function readBounded(file: string, { maxBytes }: ReadBoundedOptions): Buffer {
  checkStats(file, statOrThrow(file), maxBytes);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (err) {
    throw fsError(file, err);
  }
  try {
    checkStats(file, fstatSync(fd), maxBytes);
    // Read to the end or one byte past the cap, whichever comes first (the file may grow after fstat).
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > maxBytes) throw tooLarge(file, maxBytes);
    }
    return buffer.subarray(0, length);
  } catch (err) {
    throw err instanceof BoundedReadError ? err : fsError(file, err);
  } finally {
    closeSync(fd);
  }
}

function statOrThrow(file: string): Stats {
  try {
    return statSync(file);
  } catch (err) {
    throw fsError(file, err);
  }
}

function checkStats(file: string, stats: Stats, maxBytes: number): void {
  if (!stats.isFile()) throw new BoundedReadError('not-a-file', `it is ${kindOf(stats)}, not a regular file`, file);
  if (stats.size > maxBytes) throw tooLarge(file, maxBytes, stats.size);
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

function tooLarge(file: string, maxBytes: number, size?: number): BoundedReadError {
  const what = size === undefined ? 'it is larger' : `it is ${size} bytes`;
  return new BoundedReadError('too-large', `${what}, more than the ${maxBytes} bytes allowed`, file);
}

function fsError(file: string, err: unknown): BoundedReadError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new BoundedReadError('missing', 'no such file', file);
  if (code === 'EACCES' || code === 'EPERM') return new BoundedReadError('denied', 'permission denied', file);
  if (code === 'EISDIR') return new BoundedReadError('not-a-file', 'it is a directory, not a regular file', file);
  return new BoundedReadError('unreadable', `cannot be read (${code ?? 'unknown error'})`, file);
}
