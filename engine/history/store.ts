// The history on disk: one JSON file per exchange in one folder, named by a sortable id
// (`<ms since epoch>-<seq>-<random>.json`). One file per entry rather than one JSON-lines file:
// appending never rewrites the other entries, each file is written whole (a temp file, then a
// rename, owner-only), and a torn or corrupt file (a crash, a full disk, a hand edit) costs that
// entry alone: it is set aside as `<id>.corrupt` and every other entry still reads. The folder is
// bounded: after each append the oldest files go until HISTORY_LIMITS.entries and .bytes hold.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HISTORY_LIMITS, type HistoryEntry, type HistorySummary } from './types';

/** The only names this store reads or deletes: a request's id never becomes a path any other way. */
const ID = /^\d{13}-\d{4}-[0-9a-f]{6}$/;
const ENTRY_FILE = /^(\d{13}-\d{4}-[0-9a-f]{6})\.json$/;
const OWN_FILE = /^\d{13}-\d{4}-[0-9a-f]{6}\.(json|corrupt)$/;
const TEMP_FILE = /^\.\d{13}-\d{4}-[0-9a-f]{6}\.json\.\d+\.tmp$/;
/** A temp file older than this is a write that never finished (the writer died): removed. */
const STALE_TEMP_MS = 60_000;

export interface HistoryLimits {
  entries: number;
  bytes: number;
}

export interface HistoryRead {
  /** Newest first. */
  entries: HistoryEntry[];
  /** Files that could not be read, each set aside (`<id>.corrupt`), named with the reason. */
  problems: string[];
}

let sequence = 0;

/** A new id: sorts by time, then by the order of appends in this process. */
export function newHistoryId(time: Date): string {
  sequence = (sequence + 1) % 10_000;
  return `${String(time.getTime()).padStart(13, '0')}-${String(sequence).padStart(4, '0')}-${randomBytes(3).toString('hex')}`;
}

export function isHistoryId(id: unknown): id is string {
  return typeof id === 'string' && ID.test(id);
}

function isEntry(v: unknown): v is HistoryEntry {
  const e = v as HistoryEntry;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'string' &&
    typeof e.time === 'string' &&
    typeof e.request === 'object' &&
    e.request !== null &&
    typeof e.request.method === 'string' &&
    typeof e.request.url === 'string' &&
    typeof e.source === 'object' &&
    e.source !== null &&
    Array.isArray(e.assertions) &&
    typeof e.view === 'string'
  );
}

export function summaryOf(e: HistoryEntry): HistorySummary {
  const { view: _view, request, response, ...rest } = e;
  void _view;
  return { ...rest, method: request.method, url: request.url, ...(response ? { status: response.status } : {}) };
}

export class HistoryStore {
  constructor(
    readonly dir: string,
    private readonly limits: HistoryLimits = HISTORY_LIMITS,
  ) {}

  /** Writes one entry (temp file + rename, mode 0600, folder 0700), then trims the oldest. */
  append(entry: HistoryEntry): void {
    if (!isHistoryId(entry.id)) throw new Error(`history: ${JSON.stringify(entry.id)} is not a history id; make it with newHistoryId()`);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    const file = join(this.dir, `${entry.id}.json`);
    const temp = join(this.dir, `.${entry.id}.json.${process.pid}.tmp`);
    try {
      writeFileSync(temp, JSON.stringify(entry), { mode: 0o600, flag: 'wx' });
      renameSync(temp, file);
    } catch (e) {
      rmSync(temp, { force: true });
      throw new Error(
        `could not write the history entry to ${this.dir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); check the folder is writable and the disk not full`,
      );
    }
    this.trim();
  }

  /** Every readable entry, newest first; unreadable files are set aside and named in `problems`. */
  read(): HistoryRead {
    const entries: HistoryEntry[] = [];
    const problems: string[] = [];
    for (const name of this.names()
      .filter((n) => ENTRY_FILE.test(n))
      .reverse()) {
      const entry = this.readFile(name, problems);
      if (entry) entries.push(entry);
    }
    return { entries, problems };
  }

  /** One entry by id, or undefined (unknown id, deleted, or unreadable). */
  get(id: string): HistoryEntry | undefined {
    if (!isHistoryId(id)) return undefined;
    return this.readFile(`${id}.json`, []);
  }

  /** Deletes every entry (and set-aside file); returns how many entries there were. */
  clear(): number {
    let n = 0;
    for (const name of this.names()) {
      if (OWN_FILE.test(name) || TEMP_FILE.test(name)) {
        if (name.endsWith('.json')) n++;
        rmSync(join(this.dir, name), { force: true });
      }
    }
    return n;
  }

  private names(): string[] {
    try {
      return readdirSync(this.dir).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }

  private readFile(name: string, problems: string[]): HistoryEntry | undefined {
    const file = join(this.dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // trimmed or cleared meanwhile
      throw e;
    }
    let parsed: unknown;
    let reason: string | undefined;
    try {
      parsed = JSON.parse(text);
      if (!isEntry(parsed)) reason = 'it is JSON but not a history entry';
    } catch {
      reason = text.length === 0 ? 'it is empty' : 'it is not complete JSON (a torn write)';
    }
    if (reason === undefined) return parsed as HistoryEntry;
    const aside = file.replace(/\.json$/, '.corrupt');
    try {
      renameSync(file, aside);
    } catch {
      // another reader set it aside first
    }
    problems.push(`history entry ${name} could not be read (${reason}); it was set aside as ${aside}, the other entries are kept`);
    return undefined;
  }

  /** Oldest first out until at most `entries` entries and `bytes` bytes remain; stale temp files go too. */
  private trim(): void {
    const now = Date.now();
    const files: { name: string; size: number }[] = [];
    for (const name of this.names()) {
      const own = OWN_FILE.test(name);
      if (!own && !TEMP_FILE.test(name)) continue;
      let st;
      try {
        st = statSync(join(this.dir, name));
      } catch {
        continue;
      }
      if (!own) {
        if (now - st.mtimeMs > STALE_TEMP_MS) rmSync(join(this.dir, name), { force: true });
        continue;
      }
      files.push({ name, size: st.size });
    }
    // names sort by time: the oldest are first
    let count = files.filter((f) => f.name.endsWith('.json')).length;
    let bytes = files.reduce((s, f) => s + f.size, 0);
    for (const f of files) {
      const isEntryFile = f.name.endsWith('.json');
      if (count <= this.limits.entries && bytes <= this.limits.bytes && isEntryFile) break;
      if (count <= this.limits.entries && bytes <= this.limits.bytes && !isEntryFile) continue;
      rmSync(join(this.dir, f.name), { force: true });
      bytes -= f.size;
      if (isEntryFile) count--;
    }
  }
}

/** The history of `dir`, newest first (the read API for other features, e.g. the signature explainer). */
export function readHistory(dir: string): HistoryEntry[] {
  return new HistoryStore(dir).read().entries;
}
