// "Open the example" opens the user's own copy of the quickstart, never the file inside the
// extension's install folder (edits there would be lost on update, and it is not the user's): a
// copy in the workspace folder when there is one (kept if already there), else an untitled editor.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LANGUAGE_ID } from '../../engine/protocol';

const EXAMPLE = 'quickstart.payout.http';

export async function openExample(extensionPath: string): Promise<void> {
  const text = fs.readFileSync(path.join(extensionPath, 'examples', EXAMPLE), 'utf8');
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  let doc: vscode.TextDocument;
  if (folder) {
    const target = vscode.Uri.joinPath(folder.uri, EXAMPLE);
    if (!fs.existsSync(target.fsPath)) fs.writeFileSync(target.fsPath, text, { flag: 'wx' });
    doc = await vscode.workspace.openTextDocument(target);
  } else {
    doc = await vscode.workspace.openTextDocument({ language: LANGUAGE_ID, content: text });
  }
  await vscode.window.showTextDocument(doc);
}
