/**
 * The 1-based line of an offset in a text (for messages that point at another request): a string,
 * or an open document's pieces (engine/syntax/pieceText.ts), searched without joining them.
 */
export function lineAt(text: { indexOf(search: string, from?: number): number }, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
