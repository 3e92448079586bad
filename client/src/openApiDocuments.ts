// The `payoutHttp.openapi.documents` setting: `[{ "path": "./specs/petstore.yaml", "base": "petstore_base_url" }]`,
// paths relative to the workspace folder whose settings hold them. The client sends each folder's
// entries as written; the language server resolves and checks them (server/src/host/openApiSetting.ts)
// and uses them like `# @openapi` for completion, hover, lint and send.
import * as vscode from 'vscode';
import type { OpenApiSettingEntries } from '../../engine/protocol';

export const OPENAPI_DOCUMENTS_SETTING = 'openapi.documents';

/** Every folder's entries (or the window's when no folder is open). */
export function openApiSettings(): OpenApiSettingEntries[] {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const read = (folder?: vscode.WorkspaceFolder): OpenApiSettingEntries => ({
    folder: folder?.uri.fsPath,
    entries: vscode.workspace.getConfiguration('payoutHttp', folder?.uri).get<unknown>(OPENAPI_DOCUMENTS_SETTING),
  });
  return folders.length ? folders.map(read) : [read()];
}
