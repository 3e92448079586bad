// A sent request as a test result: the pass/fail rule is the engine's (`ok`, engine/http/session.ts
// `judge`: with `??` assertions they decide, an expected error declared by one included; without,
// success and a signature that is not proven wrong), and this file only says why in TestMessages.
import * as vscode from 'vscode';
import type { SentRequest } from '../../../engine/protocol';

/** The messages of a failed request, each at the line it is about. */
export function failureMessages(uri: vscode.Uri, r: SentRequest): vscode.TestMessage[] {
  const at = (line: number) => new vscode.Location(uri, new vscode.Position(line, 0));
  const messages: vscode.TestMessage[] = [];
  for (const a of r.assertions) {
    if (a.ok) continue;
    const text = `${a.text} failed: ${a.message ?? 'it does not hold'}`;
    // two values compared: the Test Results view shows them side by side
    const m =
      a.expected !== undefined && a.actual !== undefined
        ? vscode.TestMessage.diff(text, a.expected, a.actual)
        : new vscode.TestMessage(text);
    m.location = at(a.line ?? r.line);
    messages.push(m);
  }
  const say = (text: string) => {
    const m = new vscode.TestMessage(text);
    m.location = at(r.line);
    messages.push(m);
  };
  if (r.error) say(r.status === undefined ? `not sent or not answered: ${r.error}` : r.error);
  const signatureAsserted = r.assertions.some((a) => /^(\?\?\s*)?signature\b/.test(a.text.trim()));
  if (r.verdict === 'not-verified' && !signatureAsserted)
    say(
      `the response signature does not verify${r.headline ? ` (${r.headline})` : ''}: see the response for the string it was checked over`,
    );
  if (!messages.length) say(`the request did not succeed: ${r.headline ?? (r.status !== undefined ? `HTTP ${r.status}` : 'no response')}`);
  return messages;
}

/** The response view's text as run output (the Test Results terminal wants CRLF). */
export function outputOf(r: SentRequest): string {
  return `${r.text.replace(/\r?\n/g, '\r\n')}\r\n`;
}
