// The language service on the peers' forms (issue 23): inside a script it offers nothing of the
// request (no header names, body fields or variables in JavaScript), and a JetBrains dynamic
// variable with arguments is hovered with its documentation.
import assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import { open, service } from './fixture';

describe('language: the peers’ forms', () => {
  const text =
    '< {%\n  \n%}\nPOST https://x.test/a\nContent-Type: application/json\n\n{"a": 1}\n\n> {%\n  client.global.set("t", 1);\n  \n%}\n### b\nGET https://x.test/{{$random.integer(2, 8)}}\n';
  const lines = text.split('\n');

  it('completes nothing inside a pre-request script or a response handler', () => {
    const svc = service();
    const doc = open(svc, text);
    for (const line of [1, 9, 10]) assert.deepEqual(svc.completion(doc, { line, character: 2 })?.items ?? [], [], `line ${line + 1}`);
    // Below the handler's `%}`, in the next request's body position, completion works again.
    assert.ok((svc.completion(doc, { line: lines.indexOf('### b') + 1, character: 0 })?.items.length ?? 0) > 0);
  });

  it('hovers `{{$random.integer(2, 8)}}` with its usage and meaning', () => {
    const svc = service();
    const doc = open(svc, text);
    const line = lines.findIndex((l) => l.includes('$random.integer'));
    const h = svc.hover(doc, { line, character: lines[line].indexOf('random') });
    assert.match((h?.contents as MarkupContent).value, /^\*\*\{\{\$random\.integer\(from, to\)\}\}\*\*\n\nA random integer from `from`/);
  });
});
