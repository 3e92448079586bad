// An indented `###` (an editor kept the `}` above indented, and the next line with it): not a
// separator, so the request below it is read as body text of the one above. payout/indented-separator
// names it on its own line with a fix that outdents it; once applied, the follow-on errors are gone.
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { open, service } from './fixture';
import { messageText } from '../helpers/messageText';

const BALANCE = `### Balance
POST {{base_url}}/api/v2/wallet/balance
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT"
  }
`;
const VERIFY = `### Verify
POST {{base_url}}/api/v2/account/verify
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}"
}
`;

function fix(text: string, d: Diagnostic): string {
  const svc = service();
  const doc = open(svc, text);
  const action = svc.codeActions(doc, d.range, [d]).find((a) => a.isPreferred);
  assert.ok(action, 'no preferred fix');
  assert.equal(action.title, 'Outdent the ### line');
  let out = text;
  const edits = action.edit!.changes![doc.uri].map(
    (e) => [doc.lines.offsetAt(e.range.start), doc.lines.offsetAt(e.range.end), e.newText] as const,
  );
  for (const [s, e, t] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + t + out.slice(e);
  return out;
}

describe('language/lint: payout/indented-separator', () => {
  it('names the indented ### on its line, and its fix leaves a file without problems', () => {
    const text = `${BALANCE}  ${VERIFY}`;
    const svc = service();
    const ds = svc.diagnostics(open(svc, text));
    const d = ds.find((x) => x.code === 'payout/indented-separator');
    assert.ok(d, ds.map((x) => `${x.code}: ${messageText(x.message)}`).join('\n'));
    assert.equal(d.severity, 1);
    assert.deepEqual(d.range, { start: { line: 8, character: 0 }, end: { line: 8, character: 12 } });
    assert.match(messageText(d.message), /Remove the spaces before `###`/);
    const fixed = fix(text, d);
    assert.equal(fixed, `${BALANCE}${VERIFY}`);
    const clean = service();
    const after = clean.diagnostics(open(clean, fixed));
    assert.deepEqual(
      after.filter((x) => x.severity === 1).map((x) => x.code),
      [],
    );
  });

  it('does not fire on a ### at the start of its line, nor on ### inside a line', () => {
    const svc = service();
    const ds = svc.diagnostics(open(svc, `${BALANCE}${VERIFY.replace('### Verify', '### Verify ### twice')}`));
    assert.ok(!ds.some((x) => x.code === 'payout/indented-separator'));
  });
});
