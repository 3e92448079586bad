// The CLI's only way to the terminal: everything it prints passes terminalSafe, since almost every
// line can carry bytes from the network or a file (response bodies, decoded messages, webhook
// fields, request-file lines, paths). A test checks no command writes to stdout/stderr directly.
//
// A command that prints a line per request (`send`) turns on batching: standard output is then
// written at most FLUSH_MS after a line, in one write. stdout to a pipe, a file or a terminal is a
// blocking write on Linux that wakes the reader, and one write per line cost `send --all` a context
// switch per request (about a tenth of its CPU profile over 300 requests). Other commands write at
// once (the sandbox's request log must be out before its response). Standard error flushes standard
// output first, so the two keep their order; main() flushes before it returns and the `exit`
// handler on any process.exit, so nothing is lost.
import { terminalSafe } from '../engine/util/terminalSafe';

const FLUSH_MS = 40;
let pending = '';
let timer: NodeJS.Timeout | undefined;
let exitHook = false;
let batching = false;

/** From now on, standard output is written in batches (see above). */
export function batchOut(): void {
  batching = true;
}

export function writeOut(text: string): void {
  if (!batching) {
    process.stdout.write(terminalSafe(text));
    return;
  }
  pending += terminalSafe(text);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', flushOut);
  }
  // Not unref'd: a process that is about to end still prints what it buffered.
  timer ??= setTimeout(flushOut, FLUSH_MS);
}

/** Writes what writeOut buffered, now. */
export function flushOut(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (!pending) return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

export function writeErr(text: string): void {
  flushOut();
  process.stderr.write(terminalSafe(text));
}
