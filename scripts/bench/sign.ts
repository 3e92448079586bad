// RSA-2048 signatures per second through the signing core (engine/signing's signText, as every
// send uses it) against node:crypto alone with the key parsed once. Prints JSON.
// Run by scripts/bench.mjs as `node --import tsx scripts/bench/sign.ts [seconds]`.
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadPrivateKey } from '../../engine/signing/keys';
import { signText } from '../../engine/signing/rsa';

const seconds = Number(process.argv[2] ?? 1);
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const text = 'PARTNER-A|order-1|USDT|100000|970436|undefined|Coffee|alice@example.com|secret';

function rate(f: () => unknown): number {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let i = 0; i < 20; i++) f();
    n += 20;
  }
  return n / ((performance.now() - t0) / 1000);
}

const raw = createPrivateKey(pem);
const ours: number[] = [];
const floor: number[] = [];
// The core as a sender calls it: the key from its PEM (cached parse), then signText.
for (let round = 0; round < 3; round++) {
  ours.push(rate(() => signText(text, loadPrivateKey(pem))));
  floor.push(rate(() => sign('sha256', Buffer.from(text, 'utf8'), raw).toString('base64')));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
console.log(JSON.stringify({ signingCorePerSecond: Math.round(median(ours)), nodeCryptoPerSecond: Math.round(median(floor)) }));
