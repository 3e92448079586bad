// The sandbox's configuration: the partners it knows (the generated local one, plus any from
// `--config FILE`), and the knobs the documents leave to the service (KYC review delay, caps,
// settlement). Every problem in a config file is reported with its JSON path and the fix.

import { BoundedReadError, ENV_FILE_MAX_BYTES, KEY_FILE_MAX_BYTES, readBoundedText } from '../util/readBounded';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { KeyError, loadPublicKey } from '../signing/keys';
import { checkFault, isProblem, type Fault } from './faults';

export interface Caps {
  /** USD per order (error 36). */
  perTransactionUsd: number;
  /** USD per user per UTC day (error 37). */
  dailyUsd: number;
  /** Orders per user per UTC day (error 37, "amount or transaction-count"). */
  dailyCount: number;
  /** USD per user per week starting Monday 00:00 UTC (error 90). */
  weeklyUsd: number;
  /** USD per user per calendar month, UTC (error 42). */
  monthlyUsd: number;
}

export const DEFAULT_CAPS: Caps = { perTransactionUsd: 10_000, dailyUsd: 20_000, dailyCount: 200, weeklyUsd: 50_000, monthlyUsd: 100_000 };
export const DEFAULT_FUNDS: Record<string, number> = { USDT: 100_000, USDC: 10_000, ETH: 10, TRX: 100_000, TON: 1_000 };
/** Loopback is always reachable unless a partner's allowlist says otherwise (doc 1 §5.8). */
export const LOOPBACK_IPS: readonly string[] = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

export interface WebhookRegistration {
  /** The value an order's `webhookSecretKey` must equal to be delivered here (doc 1 §6.2). */
  secretKey: string;
  /** Where the order object is POSTed; `sandbox:inbox` is the sandbox's own recording receiver. */
  url: string;
}

/** How the partner's public key stands: usable, unusable (error 1) or missing (error 2), doc 1 §5.11. */
export type PartnerKey = { kind: 'ok'; key: KeyObject } | { kind: 'unusable'; reason: string } | { kind: 'missing' };

export interface Partner {
  partnerCode: string;
  secretKey: string;
  publicKey: PartnerKey;
  name: string;
  email: string;
  locked: boolean;
  allowedIps: readonly string[];
  funds: Record<string, number>;
  webhooks: WebhookRegistration[];
  caps: Caps;
  scanToPay: boolean;
  cashout: boolean;
}

export interface SandboxSettings {
  /** Delay before a KYC submission is reviewed (VERIFIED, or REJECTED for the test values). */
  kycDelayMs: number;
  /** When set, orders settle to SUCCESS on their own this long after creation; otherwise they wait for a simulated outcome. */
  autoSettleMs: number | null;
  /** How long after `iat` a client assertion is accepted (doc 2 §5.8: "briefly", not shown). */
  assertionMaxAgeSeconds: number;
  /** Nationalities refused by check-access-service and the transaction endpoints (error 59). */
  blockedNationalities: readonly string[];
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  kycDelayMs: 1000,
  autoSettleMs: null,
  assertionMaxAgeSeconds: 300,
  blockedNationalities: ['KP', 'IR', 'SY', 'CU'],
};

/** The config file as written by a user (docs/sandbox.md shows an example). */
export interface SandboxConfigFile {
  partners?: PartnerConfigFile[];
  /** Overrides for the generated local partner (its codes and keys stay generated). */
  local?: Omit<PartnerConfigFile, 'partnerCode' | 'secretKey' | 'publicKeyFile'>;
  kycDelayMs?: number;
  autoSettleMs?: number | null;
  assertionMaxAgeSeconds?: number;
  blockedNationalities?: string[];
  /** Errors to answer instead of the business logic (docs/sandbox.md "Fault injection"). */
  faults?: Fault[];
}

export interface PartnerConfigFile {
  partnerCode: string;
  secretKey: string;
  /** PEM public key (SPKI or PKCS#1) the partner signs with; omitted: requests fail with 2. */
  publicKeyFile?: string;
  name?: string;
  email?: string;
  /** `LOCKED` answers 3 to every signed request. */
  status?: 'ACTIVE' | 'LOCKED';
  allowedIps?: string[];
  funds?: Record<string, number>;
  webhooks?: WebhookRegistration[];
  caps?: Partial<Caps>;
  scanToPay?: boolean;
  cashout?: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Json = Record<string, unknown>;

function fail(where: string, problem: string, fix: string): never {
  throw new ConfigError(`${where}: ${problem}; ${fix}`);
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function optNumber(o: Json, key: string, where: string, min = 0): number | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min)
    fail(`${where}.${key}`, `must be a number ≥ ${min}`, `write e.g. "${key}": ${Math.max(min, 1000)}`);
  return v;
}

function optString(o: Json, key: string, where: string): string | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') fail(`${where}.${key}`, 'must be a non-empty string', `write "${key}": "..."`);
  return v;
}

function optStringList(o: Json, key: string, where: string): string[] | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    fail(`${where}.${key}`, 'must be an array of strings', `write "${key}": ["..."]`);
  return v as string[];
}

function readPartnerOverrides(o: Json, where: string, base: Partner): Partner {
  const status = optString(o, 'status', where);
  if (status !== undefined && status !== 'ACTIVE' && status !== 'LOCKED')
    fail(`${where}.status`, `is "${status}"`, 'use "ACTIVE" or "LOCKED"');
  const funds = o.funds;
  if (
    funds !== undefined &&
    (!isObj(funds) || Object.entries(funds).some(([c, n]) => !/^[A-Z0-9]{2,10}$/.test(c) || typeof n !== 'number' || !(n >= 0)))
  ) {
    fail(
      `${where}.funds`,
      'must map currency codes (uppercase, e.g. USDT) to non-negative numbers',
      'write e.g. "funds": { "USDT": 1000 }',
    );
  }
  const webhooks = o.webhooks;
  if (webhooks !== undefined) {
    if (!Array.isArray(webhooks))
      fail(`${where}.webhooks`, 'must be an array', 'write "webhooks": [{ "secretKey": "...", "url": "http://127.0.0.1:9999/hook" }]');
    webhooks.forEach((w, i) => {
      if (!isObj(w) || typeof w.secretKey !== 'string' || !w.secretKey || typeof w.url !== 'string') {
        fail(`${where}.webhooks[${i}]`, 'needs a secretKey and a url', 'write { "secretKey": "...", "url": "http://127.0.0.1:9999/hook" }');
      }
      if (w.url !== 'sandbox:inbox' && !/^https?:\/\//.test(w.url))
        fail(
          `${where}.webhooks[${i}].url`,
          `"${w.url}" is not an http(s) URL`,
          'give the receiver as http://host:port/path, or "sandbox:inbox"',
        );
    });
  }
  const capsIn = o.caps;
  if (capsIn !== undefined && !isObj(capsIn))
    fail(`${where}.caps`, 'must be an object', `use the keys ${Object.keys(DEFAULT_CAPS).join(', ')}`);
  const caps = { ...base.caps };
  for (const k of Object.keys(capsIn ?? {})) {
    if (!(k in DEFAULT_CAPS)) fail(`${where}.caps.${k}`, 'is not a known cap', `use one of ${Object.keys(DEFAULT_CAPS).join(', ')}`);
    caps[k as keyof Caps] = optNumber(capsIn as Json, k, `${where}.caps`)!;
  }
  const bool = (key: string, dflt: boolean) => {
    const v = o[key];
    if (v === undefined) return dflt;
    if (typeof v !== 'boolean') fail(`${where}.${key}`, 'must be true or false', `write "${key}": false`);
    return v;
  };
  return {
    ...base,
    name: optString(o, 'name', where) ?? base.name,
    email: optString(o, 'email', where) ?? base.email,
    locked: status ? status === 'LOCKED' : base.locked,
    allowedIps: optStringList(o, 'allowedIps', where) ?? base.allowedIps,
    funds: (funds as Record<string, number> | undefined) ?? base.funds,
    // Registrations from the file come first, so they win over the local partner's built-in one.
    webhooks: [...((webhooks as WebhookRegistration[] | undefined) ?? []), ...base.webhooks],
    caps,
    scanToPay: bool('scanToPay', base.scanToPay),
    cashout: bool('cashout', base.cashout),
  };
}

/** A public key file's standing: a missing setting is error 2, an unusable key error 1 (doc 1 §5.11). */
export function partnerKeyFrom(pem: string | undefined): PartnerKey {
  if (pem === undefined) return { kind: 'missing' };
  try {
    return { kind: 'ok', key: loadPublicKey(pem, { bits: 'any' }) };
  } catch (e) {
    if (e instanceof KeyError) return { kind: 'unusable', reason: e.message };
    throw e;
  }
}

export function defaultPartner(partnerCode: string, secretKey: string, publicKey: PartnerKey): Partner {
  return {
    partnerCode,
    secretKey,
    publicKey,
    name: `Sandbox partner ${partnerCode}`,
    email: `${partnerCode.toLowerCase()}@sandbox.invalid`,
    locked: false,
    allowedIps: LOOPBACK_IPS,
    funds: { ...DEFAULT_FUNDS },
    webhooks: [],
    caps: { ...DEFAULT_CAPS },
    scanToPay: true,
    cashout: true,
  };
}

export interface LoadedConfig {
  settings: SandboxSettings;
  /** Partners from the file; the local partner is added by the server. */
  partners: Partner[];
  /** Raw overrides for the local partner. */
  local?: Json;
  /** Injected errors, checked against the catalogue at load. */
  faults?: Fault[];
}

/** Parses a config file's JSON text; relative key files are resolved against the file's folder. */
export function parseConfig(text: string, file: string): LoadedConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    fail(file, `is not valid JSON (${(e as Error).message})`, 'fix the syntax; docs/sandbox.md shows an example');
  }
  if (!isObj(raw)) fail(file, 'must hold a JSON object', 'write { "partners": [ ... ] }; docs/sandbox.md shows an example');
  const known = [
    'partners',
    'local',
    'kycDelayMs',
    'autoSettleMs',
    'assertionMaxAgeSeconds',
    'blockedNationalities',
    'faults',
    '$schema',
    'comment',
  ];
  for (const k of Object.keys(raw))
    if (!known.includes(k)) fail(`${file}: ${k}`, 'is not a known setting', `use one of ${known.slice(0, 7).join(', ')}`);
  const settings: SandboxSettings = { ...DEFAULT_SETTINGS };
  settings.kycDelayMs = optNumber(raw, 'kycDelayMs', file) ?? settings.kycDelayMs;
  if (raw.autoSettleMs !== null) settings.autoSettleMs = optNumber(raw, 'autoSettleMs', file) ?? settings.autoSettleMs;
  settings.assertionMaxAgeSeconds = optNumber(raw, 'assertionMaxAgeSeconds', file, 1) ?? settings.assertionMaxAgeSeconds;
  settings.blockedNationalities = optStringList(raw, 'blockedNationalities', file) ?? settings.blockedNationalities;
  const partnersIn = raw.partners ?? [];
  if (!Array.isArray(partnersIn))
    fail(
      `${file}: partners`,
      'must be an array',
      'write "partners": [{ "partnerCode": "...", "secretKey": "...", "publicKeyFile": "..." }]',
    );
  const seen = new Set<string>();
  const partners = partnersIn.map((p, i) => {
    const where = `${file}: partners[${i}]`;
    if (!isObj(p)) fail(where, 'must be an object', 'write { "partnerCode": "...", "secretKey": "...", "publicKeyFile": "..." }');
    const code = optString(p, 'partnerCode', where);
    const secret = optString(p, 'secretKey', where);
    if (!code || !secret) fail(where, 'needs partnerCode and secretKey', 'add both; publicKeyFile too, or every request fails with 2');
    if (seen.has(code)) fail(`${where}.partnerCode`, `"${code}" is listed twice`, 'give each partner its own code');
    seen.add(code);
    const keyFile = optString(p, 'publicKeyFile', where);
    let pem: string | undefined;
    if (keyFile) {
      const path = isAbsolute(keyFile) ? keyFile : resolve(dirname(file), keyFile);
      try {
        pem = readBoundedText(path, { maxBytes: KEY_FILE_MAX_BYTES });
      } catch (e) {
        fail(
          `${where}.publicKeyFile`,
          `${path} cannot be read${e instanceof BoundedReadError ? ` (${e.problem})` : ''}`,
          'point it at the PEM public key your backend signs with (relative paths are resolved against the config file)',
        );
      }
    }
    return readPartnerOverrides(p, where, defaultPartner(code, secret, partnerKeyFrom(pem)));
  });
  const local = raw.local;
  if (local !== undefined) {
    if (!isObj(local)) fail(`${file}: local`, 'must be an object', 'write "local": { "webhooks": [...] }');
    for (const k of ['partnerCode', 'secretKey', 'publicKeyFile']) {
      if (k in local)
        fail(
          `${file}: local.${k}`,
          "cannot be set: the local partner's credentials are generated",
          `remove it, or add a partner of your own under "partners"`,
        );
    }
    readPartnerOverrides(local, `${file}: local`, defaultPartner('LOCAL', 'unused', { kind: 'missing' })); // validate now, apply at start
  }
  return { settings, partners, local: local, faults: readFaults(raw.faults, file) };
}

function readFaults(v: unknown, file: string): Fault[] {
  if (v === undefined) return [];
  if (!Array.isArray(v))
    fail(`${file}: faults`, 'must be an array', 'write "faults": [{ "endpoint": "v2.wallet.balance", "errorCode": 9, "times": 1 }]');
  return v.map((f, i) => {
    const r = checkFault(f);
    if (isProblem(r)) fail(`${file}: faults[${i}]${r.where}`, r.problem, r.fix);
    return r;
  });
}

export function loadConfigFile(file: string): LoadedConfig {
  let text: string;
  try {
    text = readBoundedText(file, { maxBytes: ENV_FILE_MAX_BYTES });
  } catch (e) {
    throw new ConfigError(
      `${file}: the sandbox config cannot be read${e instanceof BoundedReadError ? ` (${e.problem})` : ''}; check the path given to --config`,
    );
  }
  return parseConfig(text, file);
}

export function applyLocalOverrides(local: Partner, overrides: Json | undefined): Partner {
  return overrides ? readPartnerOverrides(overrides, 'local', local) : local;
}
