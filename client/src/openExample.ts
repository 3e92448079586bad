// "Open Example File" lets the user pick any example (title and file name in a quick pick) and opens
// the user's own copy, never the file inside the extension's install folder (edits there would be
// lost on update, and it is not the user's): a copy in the workspace folder when there is one (kept
// if already there), else an untitled editor. The copy's header names the example (exampleCopy.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LANGUAGE_ID } from '../../engine/protocol';
import { exampleCopyText, exampleTitle } from './exampleCopy';

const FIRST = 'quickstart.payout.http';

export async function openExample(extensionPath: string): Promise<void> {
  const dir = path.join(extensionPath, 'examples');
  const names = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.payout.http'))
    .sort((a, b) => (a === FIRST ? -1 : b === FIRST ? 1 : a.localeCompare(b)));
  const picked = await vscode.window.showQuickPick(
    names.map((name) => ({ label: exampleTitle(fs.readFileSync(path.join(dir, name), 'utf8')) || name, description: name, name })),
    {
      title: 'Payout HTTP: Open Example File',
      placeHolder: 'Pick an example: you get your own copy to edit and send',
      matchOnDescription: true,
    },
  );
  if (!picked) return;
  const text = exampleCopyText(picked.name, fs.readFileSync(path.join(dir, picked.name), 'utf8'));
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  let doc: vscode.TextDocument;
  if (folder) {
    const target = vscode.Uri.joinPath(folder.uri, picked.name);
    if (!fs.existsSync(target.fsPath)) fs.writeFileSync(target.fsPath, text, { flag: 'wx' });
    doc = await vscode.workspace.openTextDocument(target);
  } else {
    doc = await vscode.workspace.openTextDocument({ language: LANGUAGE_ID, content: text });
  }
  await vscode.window.showTextDocument(doc);
}
