// A keystroke in a large open document makes no string of the whole file (issue 28): the server's
// document holds its text as pieces (engine/syntax/pieceText.ts), and everything that runs from the
// didChange to the diagnostics published, and what the editor asks after a keystroke (completion,
// hover, code lenses, outline, folding), reads the pieces or the blocks. On the 20 MB document each
// whole string was 20 MB of garbage per keystroke. The count of whole texts made is the measure:
// any reader that joins the pieces (`text` of a document or parse made from pieces) shows in it.
import assert from 'node:assert/strict';
import { BatchedDocument } from '../../server/src/batchedDocument';
import { wholeTextBuilds } from '../../engine/syntax/pieceText';
import { bigHttpFile } from '../syntax/bigFile';
import { service } from './fixture';

const URI = 'file:///work/large.payout.http';

function drain<R>(g: Generator<void, R>): R {
  for (;;) {
    const s = g.next();
    if (s.done) return s.value;
  }
}

describe('language: a keystroke in a large document makes no string of the whole file', () => {
  it('typing, then diagnostics, completion, hover, lenses, outline and folding, as the server runs them', () => {
    const text = bigHttpFile(1500); // ~600 K characters: about ten pieces
    const lines = text.split('\n');
    const svc = service();
    const td = BatchedDocument.create(URI, 'payout-http', 1, text);
    assert.ok(td.pieces().pieces.length > 5, `${td.pieces().pieces.length} pieces`);
    drain(svc.diagnosticsInSteps(svc.document(URI, 1, td.pieces())));
    const before = wholeTextBuilds.count;
    for (let k = 0; k < 12; k++) {
      const line = lines.findIndex((l, i) => i > k * 997 && l.startsWith('  "content": "Coffee'));
      const version = td.version + 1;
      BatchedDocument.update(td, [{ range: { start: { line, character: 14 }, end: { line, character: 14 } }, text: '{{' }], version);
      // Completion arrives before the lint applies the edit: answered on the edited block (window.ts).
      const at = { line, character: 16 };
      const typed = td.pendingTyping()!;
      const w = svc.window(URI, version, typed.base, typed.lines, line);
      assert.ok(w, 'a window on the edited block');
      assert.ok(svc.completion(w.doc, { line: at.line - w.firstLine, character: at.character }).items.length > 0);
      // The lint: the edit applied, the version parsed from its pieces, linted, converted.
      const doc = svc.document(URI, version, td.pieces());
      drain(svc.diagnosticsInSteps(doc));
      svc.hover(doc, { line: line - 8, character: 8 });
      svc.completion(doc, at);
      // In the body: a key (read in the block's text), a variable in a value.
      assert.ok(svc.completion(doc, { line: line - 4, character: 6 }).items.length > 0, 'keys');
      assert.ok(svc.completion(doc, { line: line - 3, character: 18 }).items.length > 0, 'variables');
      const lenses = svc.codeLensPlaces(doc);
      svc.resolveCodeLens(doc, lenses[lenses.length >> 1]);
      svc.codeActions(doc, { start: at, end: at }, []);
      svc.documentSymbols(doc);
      svc.foldingRanges(doc);
      // The undo, as a whole-line range: typing too.
      BatchedDocument.update(td, [{ range: { start: { line, character: 14 }, end: { line, character: 16 } }, text: '' }], version + 1);
      drain(svc.diagnosticsInSteps(svc.document(URI, version + 1, td.pieces())));
    }
    assert.equal(wholeTextBuilds.count - before, 0, 'whole texts made by 12 keystrokes and their undos');
    // What asks for the whole text still gets it, the same as the pieces.
    assert.equal(td.getText(), td.pieces().pieces.join(''));
    assert.equal(td.getText(), text);
  });
});
