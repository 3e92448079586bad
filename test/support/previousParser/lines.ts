// FROZEN COPY of engine/syntax/lines.ts as of main cc3ea42 (before issue 28's compact document model), kept
// as the reference that test/syntax/compactModel.test.ts compares the new parser's model with: do not
// edit it to follow the engine; it is what the compact model must equal, field for field.
// Small pieces the parser (parser.ts) and its readers of the peers' lines (peerLines.ts) share.
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
  sink.push({ span, code, message, severity });
}

/** The offset of the line after the line break at `lineEnd` (CRLF, LF or CR). */
export function lineAfter(text: string, lineEnd: number): number {
  if (lineEnd >= text.length) return text.length;
  return text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? lineEnd + 2 : lineEnd + 1;
}
