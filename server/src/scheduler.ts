// When diagnostics are computed, so that typing never waits. The rules, after rust-analyzer's main
// loop and the JSON language server:
//   - requests (completion, hover, code actions, lenses) are answered as they arrive, never behind
//     a lint: a lint runs in slices of a few milliseconds that give the event loop back, so a
//     request that arrives meanwhile is handled between two slices;
//   - only the newest version is linted: queued edits are coalesced, and a lint in progress is
//     dropped as soon as a newer version of its document arrives (it starts again for that one).
//
// Why not just setImmediate: vscode-jsonrpc hands over one queued message per event-loop turn (each
// in a setImmediate of its own), so a lint queued after the first of 50 edits that came in one read
// would run before the second edit is even seen. Instead the scheduler waits for a turn in which no
// edit arrived: while a burst is being handed over, every turn brings one. No timer is involved, so
// nothing waits when there is nothing queued (a single keystroke is linted two turns later).
//
// Why every turn is two setImmediate hops (afterArrivals): a message read while a slice ran is
// handed over in a setImmediate queued when it is read, in the event loop's poll phase, which is
// after the one the slice queued for the next slice; with one hop the next slice would run first
// and a request would wait a whole slice more. The run's first step (applying the edits) is a
// slice of its own for the same reason: a request then runs before the whole file is parsed.

import { performance } from 'node:perf_hooks';

/** One lint run: `steps.next()` does a slice of the work; the last returns the result. */
export interface LintRun<R> {
  version: number;
  steps: Iterator<void, R>;
}

export interface LintHost<R> {
  /** Starts linting the document's current version; undefined when it is no longer open. */
  start(uri: string): LintRun<R> | undefined;
  /** The document's current version (undefined once closed). */
  versionOf(uri: string): number | undefined;
  publish(uri: string, version: number, result: R): void;
  /** A run threw: the host reports it (the document is not linted again until its next change). */
  failed(uri: string, error: unknown): void;
}

export interface SchedulerOptions {
  /** How long one slice may run before the event loop gets a turn, in ms. */
  sliceMs?: number;
}

interface Running<R> extends LintRun<R> {
  uri: string;
  /** Its first step has not run yet (it gets a slice of its own). */
  first: boolean;
}

/** Runs `fn` in a later turn, after the messages read by then were handed over (see above). */
function afterArrivals(fn: () => void): void {
  setImmediate(() => setImmediate(fn));
}

export class LintScheduler<R> {
  private readonly dirty = new Set<string>();
  /** Edits seen so far, and at the previous settling turn (-1: none yet, wait at least one turn). */
  private edits = 0;
  private editsLastTurn = -1;
  private settling = false;
  private running: Running<R> | undefined;
  private readonly sliceMs: number;

  constructor(
    private readonly host: LintHost<R>,
    options: SchedulerOptions = {},
  ) {
    this.sliceMs = options.sliceMs ?? 4;
  }

  /** A document changed (or what its lint depends on did): lint its newest version soon. */
  changed(uri: string): void {
    this.dirty.add(uri);
    this.edits++;
    this.wake();
  }

  /** A document closed: forget it (a run in progress for it is dropped at its next slice). */
  closed(uri: string): void {
    this.dirty.delete(uri);
  }

  private wake(): void {
    if (this.settling || this.running) return;
    this.settling = true;
    this.editsLastTurn = -1;
    afterArrivals(() => this.settle());
  }

  /** One turn: lint once a whole turn went by without an edit (the incoming queue has drained). */
  private settle(): void {
    if (this.edits !== this.editsLastTurn) {
      this.editsLastTurn = this.edits;
      afterArrivals(() => this.settle());
      return;
    }
    this.settling = false;
    this.startNext();
  }

  private startNext(): void {
    for (const uri of this.dirty) {
      this.dirty.delete(uri);
      let run: LintRun<R> | undefined;
      try {
        run = this.host.start(uri);
      } catch (e) {
        this.host.failed(uri, e);
        continue;
      }
      if (!run) continue;
      this.running = { uri, ...run, first: true };
      this.slice();
      return;
    }
  }

  private slice(): void {
    const run = this.running!;
    // A newer version arrived (or the document closed): this run's result would be stale.
    if (this.dirty.has(run.uri) || this.host.versionOf(run.uri) !== run.version) {
      this.running = undefined;
      this.wake();
      return;
    }
    const deadline = performance.now() + this.sliceMs;
    try {
      for (;;) {
        const step = run.steps.next();
        if (step.done) {
          this.running = undefined;
          this.host.publish(run.uri, run.version, step.value);
          if (this.dirty.size) this.wake();
          return;
        }
        if (run.first || performance.now() >= deadline) {
          run.first = false;
          break;
        }
      }
    } catch (e) {
      this.running = undefined;
      this.host.failed(run.uri, e);
      if (this.dirty.size) this.wake();
      return;
    }
    afterArrivals(() => this.slice());
  }
}
