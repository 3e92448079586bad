// The extension's activation time in the real editor, for the bench (issue 11; README
// "Performance"): activate() logs one line (client/src/activationTime.ts); after the suite this
// finds it among the editor's log files and writes bench/activation.json, which `npm run bench`
// puts into bench/results.json. A run without the line prints a note and fails nothing: the figure
// is measured, never asserted.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseActivationLines } from '../../client/src/activationTime';

export const ACTIVATION_FILE = path.join(__dirname, '..', '..', 'bench', 'activation.json');

export interface ActivationRecord {
  /** The first activation: the editor opening the workspace with the extension installed. */
  activationMs: number;
  /** Every activation the logs hold, oldest first (a window reload activates the extension again). */
  activationsMs: number[];
  /** Where it was measured. */
  editor: string;
  measuredAt: string;
}

/** The activation times found in `logs`, oldest first (log folders are named by date and order). */
export function activationTimesIn(logs: readonly string[]): number[] {
  const times: number[] = [];
  for (const log of [...logs].sort()) {
    let text: string;
    try {
      text = fs.readFileSync(log, 'utf8');
    } catch {
      continue; // a log removed meanwhile: look at the others
    }
    times.push(...parseActivationLines(text));
  }
  return times;
}

/** Writes `file` from the editor's logs; returns what it wrote, or undefined (a note is printed). */
export function recordActivationTime(logs: readonly string[], editor: string, file = ACTIVATION_FILE): ActivationRecord | undefined {
  const activationsMs = activationTimesIn(logs);
  if (!activationsMs.length) {
    console.log(`    (note: no "activated in … ms" line in the editor's ${logs.length} log files; ${path.basename(file)} not written)`);
    return undefined;
  }
  const record: ActivationRecord = { activationMs: activationsMs[0], activationsMs, editor, measuredAt: new Date().toISOString() };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`    (extension activated in ${activationsMs.join(', ')} ms; written to ${file})`);
  return record;
}
