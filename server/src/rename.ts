// F2 rename over LSP (`textDocument/prepareRename`, `textDocument/rename`), forwarded to the pure
// language service (engine/language/rename.ts). A name that cannot be renamed (one defined in an
// environment file, a new name that is taken or cannot be referenced) answers an error whose message
// the editor shows: it names the problem and the fix, and quotes only names the user typed.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import type { LanguageService } from '../../engine/language';
import type { PayoutDocument } from '../../engine/language/document';
import { RenameError } from '../../engine/language/rename';

function answer<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RenameError) throw new ResponseError(ErrorCodes.InvalidRequest, e.message);
    throw e;
  }
}

export function registerRename(
  connection: Connection,
  service: LanguageService,
  docFor: (uri: string) => PayoutDocument | undefined,
): void {
  connection.onPrepareRename((params) => {
    const doc = docFor(params.textDocument.uri);
    return doc ? (answer(() => service.prepareRename(doc, params.position)) ?? null) : null;
  });
  connection.onRenameRequest((params) => {
    const doc = docFor(params.textDocument.uri);
    return doc ? (answer(() => service.rename(doc, params.position, params.newName)) ?? null) : null;
  });
}
