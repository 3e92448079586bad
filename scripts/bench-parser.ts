// Parser figures: full parse of a generated 5,000-request file, and the reparse after one
// keystroke in the middle of it (the incremental path the language server takes on every edit).
// Run: npx tsx scripts/bench-parser.ts
import { parseHttpFile } from '../engine/syntax/parser';
import { LineIndex } from '../engine/syntax/lineIndex';
import { bigHttpFile } from '../test/syntax/bigFile';

const REQUESTS = 5000;
const text = bigHttpFile(REQUESTS);

function time<T>(f: () => T): [T, number] {
  const t0 = process.hrtime.bigint();
  const r = f();
  return [r, Number(process.hrtime.bigint() - t0) / 1e6];
}

function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  return `median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${s[s.length - 1].toFixed(2)} ms`;
}

console.log(`file: ${REQUESTS} requests, ${(text.length / 1e6).toFixed(2)} M characters`);

const full: number[] = [];
let parsed = parseHttpFile(text);
for (let i = 0; i < 10; i++) full.push(time(() => parseHttpFile(text))[1]);
console.log(`full parse:            ${stats(full)}  (${parsed.requests.length} requests)`);

// Type characters one by one inside the body of the middle request, as an editor would.
const at = text.indexOf('"content": "Coffee 2500"') + '"content": "Coffee'.length;
let current = text;
const keystrokes: number[] = [];
for (let i = 0; i < 200; i++) {
  const pos = at + i;
  current = current.slice(0, pos) + 'x' + current.slice(pos);
  const [next, ms] = time(() => parseHttpFile(current, parsed));
  keystrokes.push(ms);
  parsed = next;
}
console.log(`keystroke reparse:     ${stats(keystrokes)}  (200 keystrokes)`);

// Typing a new `###` line splits a block: the blocks after it are found again by the map.
const split: number[] = [];
for (let i = 0; i < 20; i++) {
  const pos = current.indexOf('### Order 1000');
  const edited = current.slice(0, pos) + `### inserted ${i}\n` + current.slice(pos);
  const base = parseHttpFile(current);
  split.push(time(() => parseHttpFile(edited, base))[1]);
}
console.log(`new ### line reparse:  ${stats(split)}`);

const lines: number[] = [];
for (let i = 0; i < 10; i++) lines.push(time(() => new LineIndex(current).positionAt(current.length))[1]);
console.log(`LineIndex build:       ${stats(lines)}`);
