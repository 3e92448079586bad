// Small pieces the parser (parser.ts) and its readers of the peers' lines (peerLines.ts) share.
import { own } from '../util/intern';
import type { Script, Span, SyntaxProblem } from './types';

/**
 * The `scripts` of every block without one: most blocks have none, and an empty array per block
 * would be one more object for each of a large file's blocks. Frozen, so a mutation is a bug seen
 * at once rather than scripts shared by every block.
 */
export const NO_SCRIPTS: Script[] = Object.freeze([]) as unknown as Script[];

export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 0xfeff;
}

/** Where a block's problems go: its own list (an array, not a closure: one closure per block showed in profiles). */
export type ProblemSink = SyntaxProblem[];

export function report(sink: ProblemSink, span: Span, code: string, message: string, severity: SyntaxProblem['severity'] = 'error'): void {
  // A message quoting the text (a URL, a name) must not keep the version of the file it quotes alive.
  sink.push({ span, code, message: own(message), severity });
}

/** The offset of the line after the line break at `lineEnd` (CRLF, LF or CR). */
export function lineAfter(text: string, lineEnd: number): number {
  if (lineEnd >= text.length) return text.length;
  return text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? lineEnd + 2 : lineEnd + 1;
}
