// The sandbox's durable storage: a snapshot (state.json) plus an append-only journal
// (state.journal), one JSON line per change. An answer is sent only after the lines of the changes
// it made are written and fdatasync'ed (group commit: every change queued while one write is on the
// disk goes out in the next single write + fdatasync), so a SIGKILL at any moment loses nothing
// that was answered with success. A write costs the size of the change, not of the state.
//
// Compaction (snapshot + truncate) runs between group commits once the journal outgrows the last
// snapshot (and at least COMPACT_MIN_BYTES), so its cost, proportional to the state, is spread over
// as many writes as the state holds: constant per write.
//
// Each line carries the generation `g` of the journal it belongs to; the snapshot records the
// generation that follows it. A crash after the new snapshot is renamed into place but before the
// journal is truncated leaves lines of the old generation, which replay skips. A torn last line (a
// kill in the middle of a write) is detected on start (no newline, or not JSON), dropped, and the
// file truncated to the last whole line.

import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  write,
  writeSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensurePrivateDir } from './files';

/** The journal is compacted once it is larger than the last snapshot and than this. */
export const COMPACT_MIN_BYTES = 1024 * 1024;

export interface Loaded<T> {
  /** The snapshot's value, or undefined when there was none. */
  snapshot: T | undefined;
  /** The journal's records of the snapshot's generation, in order. */
  records: unknown[];
  generation: number;
  /** What was dropped at the end of the journal (a torn write), in bytes; 0 when nothing. */
  droppedBytes: number;
}

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
}

export class Journal {
  private fd: number | undefined;
  private pending: string[] = [];
  private waiters: Waiter[] = [];
  private writing: Promise<void> | undefined;
  private journalBytes = 0;
  private snapshotBytes = 0;
  private failed: Error | undefined;

  private constructor(
    readonly snapshotFile: string,
    readonly journalFile: string,
    private generation: number,
    /** The whole state as JSON, for a compaction. */
    private readonly snapshotText: (generation: number) => string,
    private readonly log: (line: string) => void,
  ) {}

  /** Reads the snapshot and the journal (dropping a torn tail), ready to append. */
  static load<T extends { journalGeneration?: number }>(snapshotFile: string): Loaded<T> {
    const journalFile = snapshotFile.replace(/\.json$/, '') + '.journal';
    let snapshot: T | undefined;
    if (existsSync(snapshotFile)) {
      const text = readFileSync(snapshotFile, 'utf8');
      try {
        snapshot = JSON.parse(text) as T;
      } catch (e) {
        throw new Error(`${snapshotFile} is not valid JSON (${(e as Error).message}); fix or delete the file`);
      }
    }
    const generation = snapshot?.journalGeneration ?? 0;
    const records: unknown[] = [];
    let droppedBytes = 0;
    if (existsSync(journalFile)) {
      const buf = readFileSync(journalFile);
      let start = 0;
      let good = 0;
      while (start < buf.length) {
        const nl = buf.indexOf(10, start);
        if (nl < 0) break; // no newline: the last write was torn
        let rec: { g?: number } | undefined;
        try {
          rec = JSON.parse(buf.subarray(start, nl).toString('utf8')) as { g?: number };
        } catch {
          break; // a damaged line: everything from here on is dropped
        }
        if (rec?.g === generation) records.push(rec);
        start = nl + 1;
        good = start;
      }
      droppedBytes = buf.length - good;
      if (droppedBytes > 0) {
        const fd = openSync(journalFile, 'r+');
        try {
          ftruncateSync(fd, good);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      }
    }
    return { snapshot, records, generation, droppedBytes };
  }

  /** Opens the journal for appending (creating it, 0600). */
  static open(
    snapshotFile: string,
    generation: number,
    snapshotText: (generation: number) => string,
    log: (line: string) => void,
  ): Journal {
    const j = new Journal(snapshotFile, snapshotFile.replace(/\.json$/, '') + '.journal', generation, snapshotText, log);
    ensurePrivateDir(dirname(snapshotFile));
    j.fd = openSync(j.journalFile, 'a', 0o600);
    j.journalBytes = fstatSync(j.fd).size;
    j.snapshotBytes = existsSync(snapshotFile) ? statSync(snapshotFile).size : 0;
    return j;
  }

  /** Queues one record (already checked to serialize); it is written by the next group commit. */
  append(record: Record<string, unknown>): void {
    this.pending.push(JSON.stringify({ g: this.generation, ...record }) + '\n');
    this.kick();
  }

  /** Resolves once every record appended so far is on the disk (fdatasync'ed). */
  durable(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.pending.length === 0 && !this.writing) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.writing || !this.fd) return;
    this.writing = this.commitLoop().finally(() => {
      this.writing = undefined;
      // Whatever arrived between the loop's last check and here starts the next round.
      if (!this.failed && (this.pending.length || this.waiters.length)) this.kick();
    });
  }

  /** Writes what is pending, one write + fdatasync per batch, until nothing is pending. */
  private async commitLoop(): Promise<void> {
    // Let the current turn of the event loop queue its changes first: they share this write.
    await new Promise<void>((r) => setImmediate(r));
    while (this.pending.length > 0 || this.waiters.length > 0) {
      const batch = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        if (batch.length) {
          const data = Buffer.from(batch.join(''), 'utf8');
          await writeAll(this.fd!, data);
          await fdatasyncAsync(this.fd!);
          this.journalBytes += data.length;
        }
        for (const w of waiters) w.resolve();
      } catch (e) {
        // The disk refused (full, gone): nothing after this can be confirmed. Answers become 500s.
        this.failed = new Error(`cannot write ${this.journalFile}: ${(e as Error).message}`);
        this.log(this.failed.message);
        for (const w of waiters) w.reject(this.failed);
        for (const w of this.waiters.splice(0)) w.reject(this.failed);
        return;
      }
      if (this.journalBytes > Math.max(COMPACT_MIN_BYTES, this.snapshotBytes)) {
        try {
          this.compactNow();
        } catch (e) {
          this.log(`compaction of ${this.journalFile} failed (the journal keeps everything): ${(e as Error).message}`);
        }
      }
    }
  }

  /**
   * Snapshot + truncate. Synchronous, and run only between batches (nothing is being written), so
   * the snapshot holds every change and no record is lost in the swap. Records queued but not yet
   * written are in the snapshot too; they are written to the new generation anyway (replaying a
   * record is idempotent: it sets values).
   */
  private compactNow(): void {
    const next = this.generation + 1;
    const text = this.snapshotText(next);
    writeDurably(this.snapshotFile, text);
    ftruncateSync(this.fdNumber(), 0);
    fdatasyncSync(this.fdNumber());
    this.generation = next;
    // Queued lines were serialized with the old generation: re-tag them.
    this.pending = this.pending.map((l) => l.replace(/^\{"g":\d+/, `{"g":${next}`));
    this.journalBytes = 0;
    this.snapshotBytes = Buffer.byteLength(text);
  }

  private fdNumber(): number {
    return this.fd!;
  }

  /** Writes everything pending, compacts, and closes (a clean stop: the next start reads one snapshot). */
  async close(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.fd) return;
    if (!this.failed) {
      try {
        this.compactNow();
        this.pending = [];
      } catch (e) {
        this.log(`compaction of ${this.journalFile} failed at close: ${(e as Error).message}`);
        if (this.pending.length) writeSync(this.fdNumber(), this.pending.join(''));
        fdatasyncSync(this.fdNumber());
      }
    }
    for (const w of this.waiters.splice(0)) w.resolve();
    closeSync(this.fd);
    this.fd = undefined;
  }
}

const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);

async function writeAll(fd: number, data: Buffer): Promise<void> {
  let off = 0;
  while (off < data.length) off += (await writeAsync(fd, data, off, data.length - off, null)).bytesWritten;
}

/** Temp file, fsync, rename over `file`, fsync the folder: the file is either the old or the new one, whole. */
export function writeDurably(file: string, text: string): void {
  ensurePrivateDir(dirname(file));
  const tmp = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  const dir = openSync(dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
