// How long the extension takes to activate, as the real-editor suite reports it to the bench
// (README "Performance"): from this bundle's first module evaluated to the end of activate()
// (commands registered and the language server answering). activate() writes it to the extension's
// log as one line; the e2e suite finds that line in the editor's log files. No vscode import, so
// the line's format and its parser are here once and unit-tested.
//
// extension.ts imports this module first: esbuild evaluates the bundle's modules in import order,
// so `loadedAt` is taken before vscode-languageclient and the rest of the bundle are evaluated.
import { performance } from 'node:perf_hooks';

const loadedAt = performance.now();

/** Milliseconds since the extension's bundle began to load. */
export function sinceLoad(): number {
  return performance.now() - loadedAt;
}

/** The log line: `activated in 412 ms` (whole milliseconds). */
export function activationLine(ms: number): string {
  return `activated in ${Math.round(ms)} ms (extension loaded → language server ready)`;
}

const LINE = /\bactivated in (\d+) ms \(extension loaded → language server ready\)/g;

/** The durations of every activation line in a log's text, in order (none: empty). */
export function parseActivationLines(logText: string): number[] {
  return [...logText.matchAll(LINE)].map((m) => Number(m[1]));
}
