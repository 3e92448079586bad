import type { MarkupContent } from 'vscode-languageserver-types';

/** A diagnostic's message as text: LSP 3.18 lets it be markup as well as a string. */
export function messageText(message: string | MarkupContent): string {
  return typeof message === 'string' ? message : message.value;
}
