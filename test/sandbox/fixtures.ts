// Extra partners for the sandbox tests, written as a real --config file: each with its own key
// pair, plus the odd ones the shared errors need (locked, unusable key, no key, IP-restricted).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicKey, randomUUID } from 'node:crypto';
import { generateRsaKeyPair, loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import type { Credentials } from './client';

export interface TestPartner {
  code: string;
  secretKey: string;
  privateKey: Credentials['privateKey'];
}

export interface TestConfig {
  file: string;
  dir: string;
  partners: Record<'other' | 'locked' | 'badKey' | 'noKey' | 'farAway' | 'poor' | 'capped' | 'cappedWeek' | 'cappedMonth', TestPartner>;
  /** The URL the test's webhook receiver listens on, registered for `other` under `hookKey`. */
  hookKey: string;
}

// Ten RSA-2048 pairs per config took 18 s on a loaded 2-core machine, paid by every suite (and, in
// the mutation runs, by every suite once per mutant). Each config still gets ten distinct pairs; a
// process reuses them across configs, each of which is read by its own sandbox.
const pairs: ReturnType<typeof generateRsaKeyPair>[] = [];
const pairNo = (n: number) => (pairs[n] ??= generateRsaKeyPair());

export function writeTestConfig(extra: { hookUrl?: string; kycDelayMs?: number; local?: object } = {}): TestConfig {
  const dir = mkdtempSync(join(tmpdir(), 'payout-sandbox-cfg-'));
  let next = 0;
  const mk = (code: string, keyText?: string | null): TestPartner & { publicKeyFile?: string } => {
    const pair = pairNo(next++);
    let publicKeyFile: string | undefined;
    if (keyText !== null) {
      publicKeyFile = `${code}.pub.pem`;
      writeFileSync(join(dir, publicKeyFile), keyText ?? pair.publicKeyPem);
    }
    return {
      code,
      secretKey: `secret-${code}`,
      privateKey: loadPrivateKey(pair.privateKeyPem),
      ...(publicKeyFile ? { publicKeyFile } : {}),
    };
  };
  // OTHER registers its key as PKCS#1 (`-----BEGIN RSA PUBLIC KEY-----`), which doc 1 §5.6 also accepts.
  const otherPair = pairNo(next++);
  const other = {
    ...mk('OTHER', createPublicKey(otherPair.publicKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString()),
    privateKey: loadPrivateKey(otherPair.privateKeyPem),
  };
  const locked = mk('LOCKED');
  const badKey = mk('BADKEY', '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n');
  const noKey = mk('NOKEY', null);
  const farAway = mk('FARAWAY');
  const poor = mk('POOR');
  const capped = mk('CAPPED');
  const cappedWeek = mk('CAPPEDWEEK');
  const cappedMonth = mk('CAPPEDMONTH');
  const hookKey = 'hook-secret-other';
  const entry = (p: ReturnType<typeof mk>, more: object = {}) => ({
    partnerCode: p.code,
    secretKey: p.secretKey,
    ...(p.publicKeyFile ? { publicKeyFile: p.publicKeyFile } : {}),
    ...more,
  });
  const config = {
    ...(extra.kycDelayMs !== undefined ? { kycDelayMs: extra.kycDelayMs } : {}),
    ...(extra.local ? { local: extra.local } : {}),
    partners: [
      entry(other, extra.hookUrl ? { webhooks: [{ secretKey: hookKey, url: extra.hookUrl }] } : {}),
      entry(locked, { status: 'LOCKED' }),
      entry(badKey),
      entry(noKey),
      entry(farAway, { allowedIps: ['203.0.113.7'] }),
      entry(poor, { funds: { USDT: 5 } }),
      entry(capped, { caps: { perTransactionUsd: 30, dailyUsd: 50, weeklyUsd: 70, monthlyUsd: 90 } }),
      entry(cappedWeek, { caps: { perTransactionUsd: 30, dailyUsd: 1000, weeklyUsd: 50, monthlyUsd: 1000 } }),
      entry(cappedMonth, { caps: { perTransactionUsd: 30, dailyUsd: 1000, weeklyUsd: 1000, monthlyUsd: 50 } }),
    ],
  };
  const file = join(dir, 'sandbox.config.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  const strip = ({ code, secretKey, privateKey }: TestPartner) => ({ code, secretKey, privateKey });
  return {
    file,
    dir,
    hookKey,
    partners: {
      other: strip(other),
      locked: strip(locked),
      badKey: strip(badKey),
      noKey: strip(noKey),
      farAway: strip(farAway),
      poor: strip(poor),
      capped: strip(capped),
      cappedWeek: strip(cappedWeek),
      cappedMonth: strip(cappedMonth),
    },
  };
}

export function credsOf(p: TestPartner, servicePublicKey: Credentials['servicePublicKey']): Credentials {
  return { partnerCode: p.code, secretKey: p.secretKey, privateKey: p.privateKey, servicePublicKey };
}

export { loadPublicKey };

/** A create-sell-order body the sandbox accepts (a fresh externalOrderId); `more` replaces or adds fields. */
export function sellOrderBody(userEmail: string, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalOrderId: `sell-${randomUUID()}`,
    currency: 'USDT',
    fiatAmount: 100000,
    userEmail,
    bankCode: '970436',
    bankAccountNumber: '0123456789',
    content: 'Coffee',
    extendInfo: null,
    ...more,
  };
}
