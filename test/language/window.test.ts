// Completion and hover right after typing, answered on the edited block alone (engine/language/
// window.ts): the same answer as on the whole new version, at any edit and position, and no window
// when the edit could change what the block alone cannot see.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toFileLines, type DocumentWindow } from '../../engine/language';
import { BatchedDocument } from '../../server/src/batchedDocument';
import { service } from './fixture';

const request = (name: string, content: string) =>
  `### ${name}\n# @name ${name}\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n` +
  `{\n  "partnerCode": "{{partnerCode}}",\n  "externalOrderId": "${name}-1",\n  "currency": "USDT",\n  "fiatAmount": 100000,\n` +
  `  "content": "${content}",\n  "userEmail": "{{userEmail}}"\n}\n\n`;
const TEXT = `@userEmail = alice@example.com\n@note = hi\n\n${request('quote', 'Coffee')}${request('order', 'Tea')}${request('last', 'Milk')}`;
const LINES = TEXT.split('\n');
const URI = 'file:///work/window.payout.http';

/** The text before an edit, opened (parsed and linted, as the server has it) in a fresh service. */
function opened(file = TEXT) {
  const svc = service();
  const td = BatchedDocument.create(URI, 'payout-http', 1, file);
  // Parsed from the document's pieces, as the server does: the window checks it is that very text.
  svc.diagnostics(svc.document(URI, 1, td.pieces()));
  return { svc, td };
}

/** Completion and hover at `at` on the window are those on the whole new version. */
function assertSameAnswers(
  svc: ReturnType<typeof service>,
  td: BatchedDocument,
  w: DocumentWindow,
  at: { line: number; character: number },
) {
  const full = svc.document(URI, 2, td.pieces());
  const local = { line: at.line - w.firstLine, character: at.character };
  assert.deepEqual(toFileLines(svc.completion(w.doc, local), w.firstLine), svc.completion(full, at));
  assert.deepEqual(toFileLines(svc.hover(w.doc, local), w.firstLine), svc.hover(full, at));
}

/** Types `text` at each place (no line break), and asks for a window at `line`. */
function typed(places: { line: number; character: number }[], text: string, line: number) {
  const { svc, td } = opened();
  BatchedDocument.update(
    td,
    places.map((p) => ({ range: { start: p, end: p }, text })),
    2,
  );
  const pending = td.pendingTyping();
  assert.ok(pending);
  return { svc, td, window: svc.window(URI, 2, pending.base, pending.lines, line) };
}

describe('language/window', () => {
  it('answers completion and hover as the whole new version does, at any typing inside a block', () => {
    let windows = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LINES.length - 1 }),
        fc.nat(),
        fc.constantFrom('x', '"', '{{', '{{quote.response.body.$.', '{{us', ' ', '"cur', '}', '@a = 1', '# @name z', 'GET '),
        fc.integer({ min: -2, max: 2 }),
        fc.nat(),
        (line, c, text, dLine, c2) => {
          const character = c % (LINES[line].length + 1);
          const at = { line: Math.max(0, Math.min(LINES.length - 1, line + dLine)), character: dLine ? c2 % 30 : character + text.length };
          const { svc, td, window: w } = typed([{ line, character }], text, at.line);
          if (!w) return;
          windows++;
          assertSameAnswers(svc, td, w, at);
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(windows > 100, `only ${windows} of 300 edits were answered on a window`);
  });

  it('answers as the whole new version does with CRLF and lone-CR files too, and after a deletion', () => {
    let windows = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('\r\n', '\r'),
        fc.integer({ min: 0, max: LINES.length - 1 }),
        fc.nat(),
        fc.nat({ max: 6 }),
        fc.constantFrom('', 'x', '"', '{{us', '}', '# @name z', '#', '###'),
        fc.integer({ min: -2, max: 2 }),
        (eol, line, c, deleted, text, dLine) => {
          const { svc, td } = opened(TEXT.split('\n').join(eol));
          const character = c % (LINES[line].length + 1);
          const end = Math.min(LINES[line].length, character + deleted);
          BatchedDocument.update(td, [{ range: { start: { line, character }, end: { line, character: end } }, text }], 2);
          const pending = td.pendingTyping();
          if (!pending) return;
          const at = { line: Math.max(0, Math.min(LINES.length - 1, line + dLine)), character: dLine ? c % 30 : character + text.length };
          const w = svc.window(URI, 2, pending.base, pending.lines, at.line);
          if (!w) return;
          windows++;
          assertSameAnswers(svc, td, w, at);
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(windows > 100, `only ${windows} of 300 edits were answered on a window`);
  });

  it('is used right after typing in a body, and answers there', () => {
    const line = LINES.findIndex((l) => l.includes('"content": "Tea"'));
    const { svc, window } = typed([{ line, character: 2 }], '"bank', line);
    assert.ok(window);
    assert.equal(window.firstLine, LINES.indexOf('### order'));
    const list = toFileLines(svc.completion(window.doc, { line: line - window.firstLine, character: 7 }), window.firstLine);
    const item = list.items.find((i) => i.label === 'bankCode');
    assert.ok(item?.textEdit && 'range' in item.textEdit);
    assert.equal(item.textEdit.range.start.line, line);
  });

  it('has no window when the edit could change what the block alone cannot see', () => {
    const content = LINES.findIndex((l) => l.includes('"content": "Tea"'));
    const other = LINES.findIndex((l) => l.includes('"content": "Milk"'));
    // Edits in two blocks.
    assert.equal(
      typed(
        [
          { line: content, character: 2 },
          { line: other, character: 2 },
        ],
        'x',
        content,
      ).window,
      undefined,
    );
    // A request asked outside the edited block.
    assert.equal(typed([{ line: content, character: 2 }], 'x', other).window, undefined);
    // A `###` line typed: a block boundary may move.
    assert.equal(typed([{ line: content, character: 0 }], '###', content).window, undefined);
    assert.equal(typed([{ line: LINES.indexOf('### order'), character: 4 }], 'x', content).window, undefined);
    // A file variable's value: the names in scope change.
    assert.equal(typed([{ line: 1, character: 10 }], 'x', 1).window, undefined);
    // A request's name.
    const name = LINES.indexOf('# @name order');
    assert.equal(typed([{ line: name, character: 13 }], 's', name).window, undefined);
  });

  it('has no window next to a request split off without `###`, whose boundary an edit may move', () => {
    // Typing on the blank line above `GET …/b` makes it body text of the first request.
    const file = 'GET https://x.test/a\n\nGET https://x.test/b\nAccept: */*\n\n### c\nGET https://x.test/c\n\n';
    const at = (line: number, character: number, text: string, ask = line) => {
      const { svc, td } = opened(file);
      BatchedDocument.update(td, [{ range: { start: { line, character }, end: { line, character } }, text }], 2);
      const pending = td.pendingTyping()!;
      return svc.window(URI, 2, pending.base, pending.lines, ask);
    };
    assert.equal(at(1, 0, 'z'), undefined);
    assert.equal(at(2, 0, 'x'), undefined);
    assert.equal(at(3, 8, 'x'), undefined);
    // Inside a block that starts at `###`, with no split-off neighbour: a window.
    assert.ok(at(6, 20, 'x'));
  });

  it('has no window when the last parsed version is not the text the typing applies to', () => {
    const { svc, td } = opened();
    const line = LINES.findIndex((l) => l.includes('"content": "Tea"'));
    BatchedDocument.update(td, [{ range: { start: { line, character: 2 }, end: { line, character: 2 } }, text: 'x' }], 2);
    assert.equal(svc.window(URI, 2, `${TEXT} `, td.pendingTyping()!.lines, line), undefined);
    assert.ok(svc.window(URI, 2, td.pendingTyping()!.base, td.pendingTyping()!.lines, line));
  });
});
