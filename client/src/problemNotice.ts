// An error notification with a button for each command that fixes it (problemFixes.ts).
import * as vscode from 'vscode';
import { editorWording, fixesFor } from './problemFixes';

export async function showProblem(message: string, environment: string): Promise<void> {
  const fixes = fixesFor(message, environment);
  const picked = await vscode.window.showErrorMessage(`Payout HTTP: ${editorWording(message, fixes)}`, ...fixes.map((f) => f.title));
  const fix = fixes.find((f) => f.title === picked);
  if (fix) await vscode.commands.executeCommand(fix.command);
}
