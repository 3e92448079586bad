// The language service on the peers' forms (issue 23): inside a script it offers nothing of the
// request (no header names, body fields or variables in JavaScript), and a JetBrains dynamic
// variable with arguments is hovered with its documentation.
import assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import { computePreview } from '../../engine/language/preview';
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

  it('sees variables set by scripts as set at run time: no undefined-variable, completed, hovered, pending in the preview', () => {
    const file = [
      '### login',
      'POST https://httpbin.org/post',
      'Content-Type: application/json',
      '',
      '{"token": "t"}',
      '',
      '> {%',
      '  client.global.set("auth_token", response.body.json.token);',
      '  client.global.session = response.cookies["sid"].value;',
      '%}',
      '### use',
      'GET https://httpbin.org/headers',
      'Authorization: Bearer {{auth_token}} {{session}} {{nowhere}}',
      '### pay',
      '# @name pay',
      'POST {{base_url}}/api/v2/orders/details',
      'Content-Type: application/json',
      '',
      '{ "partnerCode": "{{partnerCode}}", "externalOrderId": "{{auth_token}}" }',
      '',
    ].join('\n');
    const svc = service();
    const doc = open(svc, file);
    const undefinedNames = svc
      .diagnostics(doc)
      .filter((d) => d.code === 'payout/undefined-variable')
      .map((d) => file.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character));
    assert.deepEqual(undefinedNames, ['{{nowhere}}']);
    const line = file.split('\n').findIndex((l) => l.startsWith('Authorization'));
    const items = svc.completion(doc, { line, character: 'Authorization: Bearer {{'.length })?.items ?? [];
    assert.equal(items.find((i) => i.label === 'auth_token')?.detail, 'set at run time by a script of this file');
    assert.equal(items.find((i) => i.label === 'session')?.detail, 'set at run time by a script of this file');
    const h = svc.hover(doc, { line, character: 'Authorization: Bearer {{a'.length });
    assert.match((h?.contents as MarkupContent).value, /\*\*auth_token\*\* is set at run time by a script of this file/);
    // The signed-string preview waits for it (the send knows it) rather than listing it as undefined.
    const pay = doc.parsed.requests.find((b) => b.name === 'pay')!;
    const preview = computePreview(pay, svc.scope(doc))!;
    assert.equal(preview.display, 'PARTNER1|{{auth_token}}|<secretKey>');
    assert.deepEqual([preview.unresolved, preview.complete], [[], false]);
    const without = computePreview(pay, { ...svc.scope(doc), runtimeVariables: new Set() })!;
    assert.deepEqual(without.unresolved, ['auth_token']);
  });
});
