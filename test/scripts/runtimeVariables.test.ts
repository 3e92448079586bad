// A variable a script sets (`client.global.set("token", …)`, `request.variables.set("email", …)`;
// found by engine/syntax/scriptVariables.ts) is "set at run time" to the editor: no undefined-variable
// warning, offered by completion, said so on hover, and in the signed-string preview listed apart
// (`runtime`, which the view names) from the variables to define.
import assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import { mark, open, service } from '../language/fixture';

const FILE = `### Login
# @name login
POST {{base_url}}/sandbox/test-users

> {%
  client.global.set("nickname", response.body.userEmail);
  client.global.set(computed, 1);
%}

### Signed with what scripts set
< {% request.variables.set('email', "pre@example.com"); %}
POST {{base_url}}/api/v2/user/get-kyc-information
Content-Type: application/json

{ "partnerCode": "{{partnerCode}}", "userEmail": "{{email}}", "note": "{{nickname}}", "other": "{{neverSet}}" }
`;

describe('scripts: variables set at run time', () => {
  it('lint warns about a variable no one sets, not about those scripts set', () => {
    const svc = service();
    const undefinedNames = svc
      .diagnostics(open(svc, FILE))
      .filter((d) => d.code === 'payout/undefined-variable')
      .map((d) => /`(\w+)`/.exec(typeof d.message === 'string' ? d.message : d.message.value)?.[1]);
    assert.deepEqual(undefinedNames, ['neverSet']);
  });

  it('the signed-string preview lists email as set at run time, not as a variable to define', () => {
    const svc = service();
    const m = mark(FILE.replace('"{{email}}"', '"{{email}}"|'));
    const result = svc.canonicalString(open(svc, m.text), m.positions[0]);
    assert.ok(result);
    assert.deepEqual(result.runtime, ['email']);
    assert.deepEqual(result.unresolved, []);
    assert.match(result.display, /\|\{\{email\}\}\|/);
  });

  it('completion offers them with "set at run time", hover says so', () => {
    const svc = service();
    const m = mark(FILE.replace('"other": "{{neverSet}}"', '"other": "{{|"'));
    const doc = open(svc, m.text);
    const items = svc.completion(doc, m.positions[0])?.items ?? [];
    const item = items.find((i) => i.label === 'nickname');
    assert.equal(item?.detail, 'set at run time by a script of this file');
    const at = m.text.indexOf('{{nickname}}') + 3;
    const lines = m.text.slice(0, at).split('\n');
    const hover = svc.hover(doc, { line: lines.length - 1, character: lines[lines.length - 1].length });
    assert.match((hover?.contents as MarkupContent).value, /\*\*nickname\*\* is set at run time by a script of this file/);
  });
});
