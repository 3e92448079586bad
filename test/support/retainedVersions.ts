// Run as its own process (test/syntax/retainedVersions.test.ts): opens a generated file in the
// language service, edits it, lints each version, then prints the sizes of the strings at least
// half the file's length that are still alive after a full garbage collection. The texts are held
// here only while they are the current version, as the server holds a document's text.
//   node --expose-gc --import tsx test/support/retainedVersions.ts REQUESTS EDITS
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createLanguageService } from '../../engine/language';
import { generateRequests } from '../../scripts/bench-lsp-file.mjs';

const requests = Number(process.argv[2] ?? 200);
const edits = Number(process.argv[3] ?? 6);
const service = createLanguageService();
const uri = 'file:///tmp/retained/bench.payout.http';

/** Each version is 64 characters longer than the one before, so its string has a size of its own. */
function run(): number {
  let text = generateRequests(requests);
  const length = text.length;
  service.diagnostics(service.document(uri, 1, text));
  for (let v = 2; v <= edits + 1; v++) {
    // Every other edit in the same request's body (the block the edit before made is replaced while
    // caches still hold it), the others in other requests (a block parsed again each).
    const request = v % 2 === 0 ? 100 : [5, 151, 250][(v - 3) / 2];
    const field = `"content": "Coffee number ${request}`;
    const found = text.indexOf(field);
    if (found === -1) throw new Error(`request ${request} of the generated file has no content field`);
    const at = found + field.length; // inside the value, after the request's number
    text = `${text.slice(0, at)}${'x'.repeat(64)}${text.slice(at)}`;
    const doc = service.document(uri, v, text);
    service.diagnostics(doc);
    // Completion and hover in the edited body, and the lenses: what the editor asks after a keystroke.
    const position = doc.lines.positionAt(at);
    service.completion(doc, position);
    service.hover(doc, position);
    service.codeLensPlaces(doc);
  }
  return length;
}

const length = run();
(globalThis as { gc?: () => void }).gc?.();
const file = writeHeapSnapshot(join(tmpdir(), `payout-retained-${process.pid}.heapsnapshot`));
const snap = JSON.parse(readFileSync(file, 'utf8')) as {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
};
rmSync(file);
const { meta } = snap.snapshot;
const NF = meta.node_fields.length;
const TYPE = meta.node_fields.indexOf('type');
const SIZE = meta.node_fields.indexOf('self_size');
const sizes: number[] = [];
for (let i = 0; i < snap.nodes.length; i += NF) {
  const type = meta.node_types[0][snap.nodes[i + TYPE]];
  if (type === 'string' && snap.nodes[i + SIZE] >= length / 2) sizes.push(snap.nodes[i + SIZE]);
}
console.log(JSON.stringify({ length, sizes: sizes.sort((a, b) => a - b) }));
