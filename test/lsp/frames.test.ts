// The stdin framing filter (server/src/frames.ts) on its own: whatever way the input is cut into
// chunks, it passes exactly the valid frames, and a large body is passed on as it arrives rather
// than gathered (gathering joined the buffer with every chunk: quadratic on a 20 MB didOpen).
import assert from 'node:assert/strict';
import { FrameSanitizer } from '../../server/src/frames';

const frame = (body: string) => {
  const b = Buffer.from(body);
  return Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`), b]);
};

/** Feeds `chunks` to a sanitizer; what it passed on, and how many bytes it said it dropped. */
function run(chunks: Buffer[]): { out: Buffer; dropped: number; outputsAfterEachChunk: number[] } {
  let dropped = 0;
  const s = new FrameSanitizer((n) => (dropped += n));
  const out: Buffer[] = [];
  s.on('data', (d: Buffer) => out.push(d));
  const outputsAfterEachChunk: number[] = [];
  for (const c of chunks) {
    s.write(c);
    outputsAfterEachChunk.push(out.reduce((n, b) => n + b.length, 0));
  }
  return { out: Buffer.concat(out), dropped, outputsAfterEachChunk };
}

/** A seeded generator (mulberry32): the cuts are random but the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cut(bytes: Buffer, rnd: () => number, max: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const n = 1 + Math.floor(rnd() * max);
    chunks.push(bytes.subarray(at, at + n));
    at += n;
  }
  return chunks;
}

describe('FrameSanitizer (stdin framing)', () => {
  const valid = [frame('{"jsonrpc":"2.0","id":1,"method":"a"}'), frame('{"é":"ü ✓"}'), frame(''), frame('x'.repeat(5000))];
  const garbage = [
    Buffer.from('X-Garbage: yes\r\n\r\n{"id":99}'),
    Buffer.from('Content-Length: abc\r\n\r\n'),
    Buffer.from([0, 1, 2, 0xff, 13, 10, 13, 10]),
  ];

  it('passes exactly the valid frames, however the input is cut', () => {
    // garbage, frame, garbage, frame ...: the frames come out, in order, nothing else.
    const input = Buffer.concat(valid.flatMap((f, i) => [garbage[i % garbage.length], f]));
    const expected = Buffer.concat(valid);
    const rnd = random(28);
    for (const max of [1, 2, 7, 64, 1000, input.length]) {
      for (let round = 0; round < 20; round++) {
        const { out, dropped } = run(cut(input, rnd, max));
        assert.equal(out.toString('latin1'), expected.toString('latin1'), `chunks of up to ${max} bytes`);
        assert.equal(dropped, input.length - expected.length);
      }
    }
  });

  it('passes a large body on as it arrives, not once it is whole', () => {
    const big = frame(`"${'a'.repeat(1_000_000)}"`);
    const chunks = cut(big, () => 0.99, 65536);
    const { out, outputsAfterEachChunk } = run(chunks);
    assert.deepEqual(out, big);
    // Each chunk is passed on when written: the output grows with the input.
    let written = 0;
    chunks.forEach((c, i) => {
      written += c.length;
      assert.equal(outputsAfterEachChunk[i], written, `after chunk ${i}`);
    });
  });
});
