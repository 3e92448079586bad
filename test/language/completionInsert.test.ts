// What accepting a body member inserts, read from the tokens around the cursor (`|`), as
// vscode-json-languageservice does: the separating commas, the line's indentation, a value that
// works (enum choice, defined variable, `{{$uuid}}`, tab stop), field names after a value written
// without its comma, and no list for a lone `{`.
import assert from 'node:assert/strict';
import type { CompletionItem } from 'vscode-languageserver-types';
import { applyCompletion, mark, open, service } from './fixture';

const svc = service();
const HEAD = '### Cash out\nPOST {{base_url}}/api/v2/orders/create-cashout\nContent-Type: application/json\n\n';
const REVIEW = '### Review a cashout\nPOST {{base_url}}/api/v2/orders/review-cashout\nContent-Type: application/json\n\n';

function complete(withCursor: string, context?: { triggerKind: number; triggerCharacter?: string }) {
  const m = mark(withCursor);
  const list = svc.completion(open(svc, m.text), m.positions[0], context);
  const item = (label: string): CompletionItem => {
    const found = list.items.find((i) => i.label === label);
    assert.ok(found, `no item ${label} among ${list.items.map((i) => i.label).join(', ')}`);
    return found;
  };
  return { m, list, labels: list.items.map((i) => i.label), item, apply: (label: string) => applyCompletion(m.text, item(label)) };
}

/** The body of a request text, parsed. */
function bodyOf(text: string): Record<string, unknown> {
  return JSON.parse(text.slice(text.indexOf('\n{') + 1));
}

describe('language/completion inserts', () => {
  it('an id the partner makes anew gets {{$uuid}}, escaped in the snippet, never an empty template', () => {
    const c = complete(`${HEAD}{\n  |\n}\n`);
    const edit = c.item('externalOrderId').textEdit as { newText: string };
    assert.equal(edit.newText, '  "externalOrderId": "{{\\$uuid}}"');
    assert.ok(!c.list.items.some((i) => /\{\{\}\}/.test(applyCompletion(c.m.text, i))), 'an item inserts "{{}}"');
    assert.deepEqual(bodyOf(c.apply('externalOrderId')), { externalOrderId: '{{$uuid}}' });
  });

  it('a variable of the same name only when it is defined: partnerCode (local sandbox), userEmail from the file', () => {
    const undefinedEmail = complete(`${HEAD}{\n  |\n}\n`);
    assert.equal((undefinedEmail.item('userEmail').textEdit as { newText: string }).newText, '  "userEmail": "$1"');
    assert.equal((undefinedEmail.item('partnerCode').textEdit as { newText: string }).newText, '  "partnerCode": "{{partnerCode}}"');
    const defined = complete(`@userEmail = alice@example.com\n\n${HEAD}{\n  |\n}\n`);
    assert.equal((defined.item('userEmail').textEdit as { newText: string }).newText, '  "userEmail": "{{userEmail}}"');
  });

  it('a number field stays a number even when a variable of its name is defined', () => {
    const c = complete(`@fiatAmount = 100000\n\n${HEAD}{\n  |\n}\n`);
    assert.equal((c.item('fiatAmount').textEdit as { newText: string }).newText, '  "fiatAmount": ${1:0}');
  });

  it('an enum as a snippet choice', () => {
    const c = complete(`${REVIEW}{\n  |\n}\n`);
    assert.equal((c.item('fiatCurrency').textEdit as { newText: string }).newText, '  "fiatCurrency": "${1|VND,PHP,IDR|}"');
  });

  it('a member typed on a line in column 1 is indented like its siblings', () => {
    const c = complete(`${REVIEW}{\n  "partnerCode": "{{partnerCode}}",\n|\n}\n`);
    assert.match(c.apply('fiatCurrency'), /\n {2}"partnerCode": "\{\{partnerCode\}\}",\n {2}"fiatCurrency": "VND"\n\}/);
    const nested = complete(`${HEAD}{\n  "partnerCode": "{{partnerCode}}",\n  "extendInfo": {\n|\n  }\n}\n`);
    assert.match(nested.apply('recipientNumber'), /"extendInfo": \{\n {4}"recipientNumber": ""\n {2}\}/);
  });

  it('a comma after the member when a property follows', () => {
    const c = complete(`${HEAD}{\n  |\n  "partnerCode": "{{partnerCode}}"\n}\n`);
    assert.deepEqual(Object.keys(bodyOf(c.apply('fiatAmount'))), ['fiatAmount', 'partnerCode']);
  });

  it('after a value and Enter without a comma: field names, and the comma added to the previous line', () => {
    const c = complete(`${REVIEW}{\n  "fiatCurrency": "VND"\n  |\n}\n`);
    assert.ok(!c.labels.includes('PHP') && !c.labels.includes('VND'), `enum values offered: ${c.labels.join(', ')}`);
    assert.ok(c.labels.includes('partnerCode') && !c.labels.includes('fiatCurrency'), c.labels.join(', '));
    const text = c.apply('partnerCode');
    assert.match(text, /"fiatCurrency": "VND",\n {2}"partnerCode": "\{\{partnerCode\}\}"\n\}/);
    // With part of the name typed, and after an object value.
    const typed = complete(`${HEAD}{\n  "extendInfo": { "recipientNumber": "1" }\n  fiat|\n}\n`);
    assert.deepEqual(Object.keys(bodyOf(typed.apply('fiatAmount'))), ['extendInfo', 'fiatAmount']);
  });

  it('four accepted items, each on a new line as Enter leaves it, give valid JSON with commas and indentation', () => {
    let text = `${HEAD}{\n  \n}\n`;
    let cursor = text.indexOf('{\n  ') + 4;
    for (const label of ['partnerCode', 'externalOrderId', 'fiatCurrency', 'fiatAmount']) {
      const c = complete(`${text.slice(0, cursor)}|${text.slice(cursor)}`);
      text = c.apply(label);
      // Enter at the end of the accepted member's line: VS Code keeps the indentation.
      const lineEnd = text.indexOf('\n', text.indexOf(`"${label}"`));
      text = `${text.slice(0, lineEnd)}\n  ${text.slice(lineEnd)}`;
      cursor = lineEnd + 3;
    }
    const body = text.slice(text.indexOf('\n{') + 1).replace(/\n {2}\n/, '\n');
    assert.equal(
      body,
      '{\n  "partnerCode": "{{partnerCode}}",\n  "externalOrderId": "{{$uuid}}",\n  "fiatCurrency": "",\n  "fiatAmount": 0\n}\n',
    );
    assert.deepEqual(Object.keys(JSON.parse(body)), ['partnerCode', 'externalOrderId', 'fiatCurrency', 'fiatAmount']);
  });

  it('a lone `{` or a space in the middle of a line asks for nothing; `{{`, Ctrl+Space and `: ` do', () => {
    const brace = `${HEAD}{|\n`;
    assert.equal(complete(brace, { triggerKind: 2, triggerCharacter: '{' }).list.items.length, 0);
    assert.ok(complete(brace, { triggerKind: 1 }).list.items.length > 0, 'Ctrl+Space on a lone { offers the skeleton');
    assert.ok(complete(`${HEAD}{ "partnerCode": "{{|" }\n`, { triggerKind: 2, triggerCharacter: '{' }).labels.includes('partnerCode'));
    assert.ok(complete(`${REVIEW}{ "fiatCurrency": |}\n`, { triggerKind: 2, triggerCharacter: ' ' }).labels.includes('VND'));
    assert.equal(complete(`${HEAD}{\n  "fiatCurrency": "VND", |\n}\n`, { triggerKind: 2, triggerCharacter: ' ' }).list.items.length, 0);
  });
});
