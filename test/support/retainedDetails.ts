// Run as its own process (test/syntax/retainedDetails.test.ts): opens a generated file in the
// language service as the editor does (diagnostics, code lenses, outline, folding), types a few
// keystrokes, then counts the objects of a block's detail still alive after a full garbage
// collection, by constructor (heap snapshot).
//   node --expose-gc --import tsx test/support/retainedDetails.ts REQUESTS
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createLanguageService } from '../../engine/language';
import { generateRequests } from '../../scripts/bench-lsp-file.mjs';

const requests = Number(process.argv[2] ?? 5000);
const service = createLanguageService();
const uri = 'file:///tmp/retained-details/bench.payout.http';
/** The constructors of a block's detail: its record, headers and directives, references, bodies. */
const COUNTED = ['BlockDetail', 'NamedValue', 'Reference', 'LazyJsonBody', 'BlockBody'];

function run(): void {
  let text = generateRequests(requests);
  let doc = service.document(uri, 1, text);
  service.diagnostics(doc);
  service.codeLensPlaces(doc);
  service.documentSymbols(doc);
  service.foldingRanges(doc);
  for (let v = 2; v <= 4; v++) {
    const at = text.indexOf('"content": "Coffee number', (text.length / 4) * (v - 1)) + 12;
    text = `${text.slice(0, at)}x${text.slice(at)}`;
    doc = service.document(uri, v, text);
    service.diagnostics(doc);
    service.completion(doc, doc.lines.positionAt(at + 1));
    service.codeLensPlaces(doc);
  }
}

run();
(globalThis as { gc?: () => void }).gc?.();
const file = writeHeapSnapshot(join(tmpdir(), `payout-details-${process.pid}.heapsnapshot`));
const snap = JSON.parse(readFileSync(file, 'utf8')) as {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
};
rmSync(file);
const { meta } = snap.snapshot;
const NF = meta.node_fields.length;
const TYPE = meta.node_fields.indexOf('type');
const NAME = meta.node_fields.indexOf('name');
const counts: Record<string, number> = Object.fromEntries(COUNTED.map((c) => [c, 0]));
for (let i = 0; i < snap.nodes.length; i += NF) {
  if (meta.node_types[0][snap.nodes[i + TYPE]] !== 'object') continue;
  const name = snap.strings[snap.nodes[i + NAME]];
  if (name in counts) counts[name]++;
}
console.log(JSON.stringify({ requests, counts }));
