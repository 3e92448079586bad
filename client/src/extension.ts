// Entry point of the extension (dist/client.js). VS Code wiring only: everything that understands
// the contract lives in engine/ and the language server.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { createLanguageClient } from './languageClient';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  client = createLanguageClient(context);
  await client.start();
  context.subscriptions.push(vscode.commands.registerCommand('payoutHttp.sendRequest', (uri: string, line: number) => {
    void vscode.window.showInformationMessage(`send ${uri} ${line}`);
  }));
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
