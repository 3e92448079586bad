// The folder an untitled request buffer belongs to: the editor's first workspace folder on disk
// (else its root URI), whose http-client.env.json environments it is sent with, as REST Client
// does (issue 27: "Open as Request → New file" from the Traffic view answered "save the file first").
import { fileURLToPath } from 'node:url';
import type { InitializeParams } from 'vscode-languageserver/node';

export function untitledFolderOf(params: InitializeParams): string | undefined {
  const uri = params.workspaceFolders?.find((f) => f.uri.startsWith('file:'))?.uri ?? params.rootUri ?? undefined;
  if (!uri?.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined; // a malformed URI: untitled buffers use the working folder
  }
}
