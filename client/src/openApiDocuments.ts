// The `payoutHttp.openapi.documents` setting: `[{ "path": "./specs/petstore.yaml", "base": "petstore_base_url" }]`,
// paths relative to the workspace folder whose settings hold them. Resolved here (the server knows
// no workspace folders) and used like `# @openapi` by the language server (completion, hover,
// lint) and by the sender (endpoint matching, response schema check).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { resolveOpenApiDocument, type OpenApiDirective } from '../../engine/openapi/userDocuments';

export const OPENAPI_DOCUMENTS_SETTING = 'openapi.documents';

export interface ConfiguredDocuments {
  documents: OpenApiDirective[];
  /** Entries that cannot be used, each naming the setting entry and the fix. */
  problems: string[];
}

function read(folder: vscode.Uri | undefined, relativeTo: string | undefined, into: ConfiguredDocuments): void {
  const entries = vscode.workspace.getConfiguration('payoutHttp', folder).get<unknown>(OPENAPI_DOCUMENTS_SETTING);
  if (!Array.isArray(entries)) return;
  entries.forEach((entry: unknown, i) => {
    const where = `payoutHttp.${OPENAPI_DOCUMENTS_SETTING}[${i}]`;
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as { path?: unknown; base?: unknown };
    if (relativeTo === undefined && typeof e.path === 'string' && !path.isAbsolute(e.path)) {
      into.problems.push(`${where}: "${e.path}" is relative but no folder is open; open the workspace folder or give an absolute path.`);
      return;
    }
    const r = resolveOpenApiDocument(e.path, e.base, relativeTo ?? '/', where);
    if ('problem' in r) into.problems.push(r.problem);
    else if (!into.documents.some((d) => d.file === r.file && d.base === r.base)) into.documents.push(r);
  });
}

/** The documents for a request file: the setting as seen from its workspace folder. */
export function documentsFor(uri: vscode.Uri): ConfiguredDocuments {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const out: ConfiguredDocuments = { documents: [], problems: [] };
  read(folder?.uri ?? uri, folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, out);
  return out;
}

/** Every folder's documents, for the language server (one list for all open files). */
export function allDocuments(): ConfiguredDocuments {
  const out: ConfiguredDocuments = { documents: [], problems: [] };
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) read(undefined, undefined, out);
  for (const f of folders) read(f.uri, f.uri.fsPath, out);
  // Problems inside the documents are the server's to report; these are the entries' own.
  return out;
}
