// What holds the language server's memory: the engine as the server drives it (a text document,
// the parse and lint of each version) on the benchmark's file, then a heap snapshot summed by
// constructor and, for plain objects, by property names (their "shape").
//   node --expose-gc --import tsx scripts/bench/heap.ts [requests] [keystrokes]
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createLanguageService } from '../../engine/language';
import { BatchedDocument } from '../../server/src/batchedDocument';
import { generateRequests } from '../bench-lsp-file.mjs';

const requests = Number(process.argv[2] ?? 5000);
const keystrokes = Number(process.argv[3] ?? 200);
// The generated text is held by the document alone, as the server holds the text of an open
// message: a version kept alive by the model shows in the snapshot, not one kept by this script.
const { td, lines, megabytes } = open(generateRequests(requests));
const service = createLanguageService();
const uri = 'file:///tmp/heap/bench.payout.http';
service.diagnostics(service.document(uri, 1, td.pieces()));
service.codeLensPlaces(service.document(uri, 1, td.pieces()));
for (let k = 0; k < keystrokes; k++) {
  const line = lines[(k * 7919) % lines.length];
  BatchedDocument.update(td, [{ range: { start: { line, character: 20 }, end: { line, character: 20 } }, text: 'x' }], td.version + 1);
  service.diagnostics(service.document(uri, td.version, td.pieces()));
}
(globalThis as { gc?: () => void }).gc?.();

function open(text: string) {
  const lines: number[] = [];
  text.split('\n').forEach((l, i) => l.startsWith('  "content": "Coffee') && lines.push(i));
  return { td: BatchedDocument.create('file:///tmp/heap/bench.payout.http', 'payout-http', 1, text), lines, megabytes: text.length / 1e6 };
}
const file = writeHeapSnapshot(join(tmpdir(), `payout-heap-${process.pid}.heapsnapshot`));

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}
const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
rmSync(file);
const { meta } = snap.snapshot;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const [TYPE, NAME, SIZE, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
const [ETYPE, ENAME] = ['type', 'name_or_index'].map((f) => meta.edge_fields.indexOf(f));
const byConstructor = new Map<string, [number, number]>();
const byShape = new Map<string, [number, number]>();
const add = (m: Map<string, [number, number]>, k: string, size: number) => {
  const e = m.get(k) ?? [0, 0];
  e[0] += size;
  e[1]++;
  m.set(k, e);
};
let total = 0;
for (let i = 0, e = 0; i < snap.nodes.length; i += NF) {
  const type = meta.node_types[0][snap.nodes[i + TYPE]];
  const name = snap.strings[snap.nodes[i + NAME]];
  const size = snap.nodes[i + SIZE];
  const edges = snap.nodes[i + EDGES];
  total += size;
  add(byConstructor, type === 'object' || type === 'closure' ? `${type} ${name}` : type, size);
  if (type === 'object' && name === 'Object') {
    // Properties holding small integers are not edges in a snapshot: a span {start, end} shows as `{}`.
    const props: string[] = [];
    for (let j = 0; j < edges; j++) {
      const k = e + j * EF;
      if (meta.edge_types[0][snap.edges[k + ETYPE]] === 'property') props.push(snap.strings[snap.edges[k + ENAME]]);
    }
    add(
      byShape,
      `{${props
        .filter((p) => p !== '__proto__')
        .sort()
        .join(',')}}`,
      size,
    );
  }
  e += edges * EF;
}
const mb = (n: number) => (n / 1e6).toFixed(2).padStart(7);
const top = (m: Map<string, [number, number]>, n: number) =>
  [...m]
    .sort((a, b) => b[1][0] - a[1][0])
    .slice(0, n)
    .map(([k, [size, count]]) => `${mb(size)} MB ${String(count).padStart(8)}  ${k.slice(0, 100)}`)
    .join('\n');
console.log(`${requests} requests (${megabytes.toFixed(2)} MB), ${keystrokes} keystrokes: heap ${mb(total)} MB`);
console.log(`by constructor:\n${top(byConstructor, 12)}\nplain objects by shape (self size):\n${top(byShape, 12)}`);
