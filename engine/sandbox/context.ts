// What every sandbox operation works with, and the outcome it returns. Operations are written
// once and answered by both surfaces: /api/v2 wraps an outcome in the signed envelope of doc 1
// §2.2, /v3 in the {code, message, data} envelope of doc 2 §2.3.

import type { KeyObject } from 'node:crypto';
import { errorByCode } from '../catalogue/index';
import type { Partner, SandboxSettings } from './config';
import type { FaultList } from './faults';
import type { Store } from './state';

export interface SandboxContext {
  store: Store;
  settings: SandboxSettings;
  partners: Map<string, Partner>;
  /** The service's own private key: signs responses and webhooks (doc 1 §5.7). */
  serviceKey: KeyObject;
  /** Milliseconds since the epoch; a parameter so tests pin time. */
  clock: () => number;
  /** Fresh random ids (tokens, tx hashes); a parameter so tests pin them. */
  randomId: (bytes: number) => string;
  /** The sandbox's own base URL (for document URLs and the built-in webhook inbox). */
  selfUrl: () => string;
  /** One line per event; never bodies or secrets. */
  log: (line: string) => void;
  /** Queues a webhook delivery (see webhooks.ts). */
  deliverWebhook: (partnerCode: string, externalOrderId: string) => void;
  /** Schedules automatic settlement when `autoSettleMs` is set. */
  scheduleSettlement: (partnerCode: string, externalOrderId: string) => void;
  /** Injected errors (config `faults`, POST /sandbox/faults). */
  faults: FaultList;
}

export type Outcome = { ok: true; data: Record<string, unknown> } | { ok: false; code: number; message: string; data?: unknown };

export const ok = (data: Record<string, unknown>): Outcome => ({ ok: true, data });

/** A business error. The message says what was wrong with this request; the code's meaning comes from the catalogue. */
export function fail(code: number, message: string, data?: unknown): Outcome {
  if (!errorByCode(code)) throw new Error(`sandbox bug: error code ${code} is not in the catalogue`);
  return data === undefined ? { ok: false, code, message } : { ok: false, code, message, data };
}

/** The user an operation acts for: named in the body on /api/v2, by the token on /v3. */
export interface Caller {
  partner: Partner;
  userEmail?: string;
}
