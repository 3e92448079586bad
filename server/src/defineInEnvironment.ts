// The second quick fix of an undefined `{{name}}` (the first, `@name = ` in the file, is the pure
// lint rule's): define it in the workspace's http-client.env.json, under the active environment, or
// under `$shared` for `local` (the local sandbox's own files live in its state folder; the
// workspace's `$shared` variables are layered under them, engine/workspace/environment.ts). It
// reads the file system, so it lives in the server, not in the pure language service.
import { existsSync } from 'node:fs';
import { ENV_FILE_MAX_BYTES, readBoundedText } from '../../engine/util/readBounded';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { modify } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { PUBLIC_ENV_FILE } from '../../engine/syntax/environments';
import { LOCAL_ENV, localEnvironmentDir } from '../../engine/workspace/home';
import { selectEnvironment } from '../../engine/workspace/environment';

const UNDEFINED_VARIABLE = 'payout/undefined-variable';

/** The workspace env file the request file's environment comes from, or where a new one goes. */
function workspaceEnvFile(fileDir: string, environment: string): string {
  const local = localEnvironmentDir();
  const found = selectEnvironment(fileDir, environment).sources.find((f) => basename(f) === PUBLIC_ENV_FILE && dirname(f) !== local);
  return found ?? join(fileDir, PUBLIC_ENV_FILE);
}

export function defineInEnvironmentActions(fileDir: string, environment: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.code !== UNDEFINED_VARIABLE) continue;
    const message = typeof d.message === 'string' ? d.message : d.message.value;
    const name = /^Variable `([^`]+)` is not defined/.exec(message)?.[1];
    if (!name || out.some((a) => a.title.includes(`\`${name}\``))) continue;
    const file = workspaceEnvFile(fileDir, environment);
    const key = environment === LOCAL_ENV ? '$shared' : environment;
    const uri = pathToFileURL(file).toString();
    const title = `Define \`${name}\` in ${PUBLIC_ENV_FILE} ("${key}")`;
    if (existsSync(file)) {
      let text: string;
      try {
        text = readBoundedText(file, { maxBytes: ENV_FILE_MAX_BYTES }); // a FIFO or /dev/zero named so is refused (issue 22)
      } catch {
        continue; // the environment's own diagnostics say what is wrong with the file
      }
      const doc = TextDocument.create(uri, 'json', 0, text);
      const edits = modify(text, [key, name], '', { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }).map((e) => ({
        range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) },
        newText: e.content,
      }));
      out.push({ title, kind: 'quickfix', diagnostics: [d], edit: { changes: { [uri]: edits } } });
    } else {
      const content = `${JSON.stringify({ [key]: { [name]: '' } }, null, 2)}\n`;
      out.push({
        title,
        kind: 'quickfix',
        diagnostics: [d],
        edit: {
          documentChanges: [
            { kind: 'create', uri, options: { ignoreIfExists: true } },
            {
              textDocument: { uri, version: null },
              edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: content }],
            },
          ],
        },
      });
    }
  }
  return out;
}
