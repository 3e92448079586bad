// A quick fix that inserts a value the user must fill (`"bankAccountNumber": ""`, `"fiatAmount": 0`)
// leaves it selected as a snippet placeholder, the cursor in it, when the editor takes snippet
// edits in a WorkspaceEdit (LSP 3.18 `SnippetTextEdit`, announced by the client as
// `workspace.workspaceEdit.snippetEditSupport`; vscode-languageclient 11 does). Other editors get
// the plain text edit, as before.
import type { SnippetTextEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { sourceOf, type PayoutDocument } from './document';
import type { SpanEdit } from './lint/types';
import { spanToRange } from './diagnostics';

/** Escapes text for a snippet (`$`, `}` and `\` are its syntax). */
function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** `newText` with its placeholder as tab stop 1 (`${1:0}`, or `$1` when it is empty). */
export function snippetText(e: SpanEdit & { placeholder: NonNullable<SpanEdit['placeholder']> }): string {
  const { start, end } = e.placeholder;
  const inside = e.newText.slice(start, end);
  const stop = inside ? `\${1:${escapeSnippet(inside)}}` : '$1';
  return `${escapeSnippet(e.newText.slice(0, start))}${stop}${escapeSnippet(e.newText.slice(end))}\$0`;
}

/**
 * The fix's edits for `doc`: with `snippets`, the first edit holding a placeholder becomes a
 * SnippetTextEdit (one tab stop per fix: an editor runs one snippet at a time).
 */
export function fixEdit(doc: PayoutDocument, edits: readonly SpanEdit[], snippets: boolean): WorkspaceEdit {
  const plain = (e: SpanEdit): TextEdit => ({ range: spanToRange(doc, e.span), newText: e.newText });
  const withPlaceholder = snippets ? edits.find((e) => e.placeholder) : undefined;
  if (!withPlaceholder?.placeholder) return { changes: { [doc.uri]: edits.map(plain) } };
  const placeholder = withPlaceholder.placeholder;
  // VS Code indents each line after a snippet's first by the indentation of the line it is inserted
  // in (SnippetSession's whitespace adjustment): taken off here, the member lands where the plain edit puts it.
  const at = spanToRange(doc, withPlaceholder.span).start;
  const lineText = sourceOf(doc).slice(doc.lines.lineStart(at.line), doc.lines.lineContentEnd(at.line));
  const lineIndent = /^[ \t]*/.exec(lineText)![0];
  return {
    documentChanges: [
      {
        textDocument: { uri: doc.uri, version: doc.version },
        edits: edits.map((e): TextEdit | SnippetTextEdit =>
          e === withPlaceholder
            ? {
                range: spanToRange(doc, e.span),
                snippet: { kind: 'snippet', value: outdent(snippetText({ ...e, placeholder }), lineIndent) },
              }
            : plain(e),
        ),
      },
    ],
  };
}

/** `text` with `indent` taken off the start of every line after the first (where it is there). */
function outdent(text: string, indent: string): string {
  if (!indent) return text;
  return text.replace(/(\r?\n)([ \t]*)/g, (all, eol: string, ws: string) => (ws.startsWith(indent) ? eol + ws.slice(indent.length) : all));
}
