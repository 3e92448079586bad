// The CLI's only way to the terminal: everything it prints passes terminalSafe, since almost every
// line can carry bytes from the network or a file (response bodies, decoded messages, webhook
// fields, request-file lines, paths). A test checks no command writes to stdout/stderr directly.
import { terminalSafe } from '../engine/util/terminalSafe';

export function writeOut(text: string): void {
  process.stdout.write(terminalSafe(text));
}

export function writeErr(text: string): void {
  process.stderr.write(terminalSafe(text));
}
