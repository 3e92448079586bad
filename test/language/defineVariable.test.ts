// An undefined `{{userEmail}}` gets a quick fix that defines it in the file (`@userEmail = `), so
// the user types the value there and the warning (and Send's refusal) goes away.
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver-types';
import { LineIndex } from '../../engine/syntax/lineIndex';
import type { LanguageService } from '../../engine/language';
import { open, service, failWhenARuleThrows } from './fixture';

// A fresh service per test (fixture.ts, `service`): a parse or lint result cached by an earlier test
// must not answer for this one.
let svc: LanguageService;
beforeEach(() => {
  svc = service();
});
const TEXT =
  '# Cash-out quote\n\n### Quote\nPOST {{base_url}}/api/v2/orders/review-cashout\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "userEmail": "{{userEmail}}",\n  "fiatCurrency": "VND",\n  "fiatAmount": 100000,\n  "cryptoCurrency": "USDT"\n}\n';

function apply(text: string, edits: TextEdit[]): string {
  const lines = new LineIndex(text);
  let out = text;
  for (const e of [...edits].sort((a, b) => lines.offsetAt(b.range.start) - lines.offsetAt(a.range.start))) {
    out = out.slice(0, lines.offsetAt(e.range.start)) + e.newText + out.slice(lines.offsetAt(e.range.end));
  }
  return out;
}

describe('language/quick fix: define an undefined variable', () => {
  failWhenARuleThrows();
  it('offers `@userEmail = ` above the first request; with a value typed the warning is gone', () => {
    const doc = open(svc, TEXT);
    const warning = svc.diagnostics(doc).find((d) => d.code === 'payout/undefined-variable');
    assert.ok(warning, 'userEmail is undefined in the test environment');
    const fix = svc.codeActions(doc, warning.range, [warning]).find((a) => a.title === 'Define userEmail in this file (@userEmail = …)');
    assert.ok(fix?.edit?.changes, 'no quick fix defines userEmail');
    const fixed = apply(TEXT, fix.edit.changes[doc.uri]);
    assert.match(fixed, /^# Cash-out quote\n\n@userEmail = \n\n### Quote\n/);
    const typed = fixed.replace('@userEmail = ', '@userEmail = alice@example.com');
    assert.deepEqual(
      svc
        .diagnostics(open(svc, typed))
        .map((d) => d.code)
        .filter((c) => c === 'payout/undefined-variable'),
      [],
    );
  });
});
