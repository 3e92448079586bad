// Everything the sandbox remembers, as one plain JSON-able object, and the store that keeps it on
// disk. Handlers mutate the state synchronously (check, insert and debit happen in one turn of
// the event loop, so concurrent duplicates cannot both pass a check) and then call `changed()`;
// the store writes the file at most once per `debounceMs`, atomically, and on close.

import { readJsonIfExists, writePrivateJson } from './files';

export interface KycImage {
  mime: string;
  sha256: string;
  bytes: number;
}

export interface KycRecord {
  id: number;
  submittedAtMs: number;
  /** Where the review ends (decided at submission by the test triggers); applied after the delay. */
  outcome: 'VERIFIED' | 'REJECTED';
  outcomeReason?: string;
  /** Set once the review delay has passed. */
  reviewed: boolean;
  supplementStatus: 'NONE' | 'SUBMITTED' | 'REJECTED' | 'APPROVED';
  /** The profile as stored (names uppercase and unaccented); no images, only their document kinds. */
  profile: Record<string, string>;
  documentType: string;
  /** The documents on file, as digests (the read-back gives URLs, never the uploaded data). */
  images: { front?: KycImage; back?: KycImage; hold?: KycImage; report?: KycImage };
}

export interface UserRecord {
  partnerCode: string;
  userEmail: string;
  kyc?: KycRecord;
}

/** The order object of doc 1 §2.3, without its signature (added when it is sent). */
export interface OrderObject {
  externalOrderId: string;
  type: 'SELL' | 'CASHOUT';
  fiatAmount: number;
  paidAmount: number;
  status: string;
  descriptions: string;
  createdAt: string;
  expiresAt: string;
  tokenTransfer: Record<string, unknown>;
  bankTransfer: Record<string, unknown>;
  fees: { systemFee: number; processingFee: number };
}

export interface OrderRecord {
  partnerCode: string;
  userEmail: string;
  order: OrderObject;
  createdAtMs: number;
  fiatCurrency: string;
  /** Crypto debited from the fund. */
  currency: string;
  tokenAmount: number;
  usdAmount: number;
  webhookSecretKey?: string;
  /** The extendInfo the order was created with, kept verbatim. */
  extendInfo?: unknown;
  webhookDelivered?: boolean;
}

/** As the v3 ledger shows them (engine/catalogue v3.fund.ledger): a debit for an order, a refund of a failed one, a credit (the pre-load). */
export type LedgerKind = 'DEBIT' | 'REFUND' | 'CREDIT';

export interface LedgerEntry {
  seq: number;
  at: string; // ISO 8601 UTC
  partnerCode: string;
  currency: string;
  /** Positive; `kind` gives the direction. */
  amount: number;
  balanceAfter: number;
  kind: LedgerKind;
  externalOrderId?: string;
  userEmail?: string;
}

export interface WebhookDelivery {
  seq: number;
  at: string;
  partnerCode: string;
  url: string;
  externalOrderId: string;
  status: string;
  /** HTTP status of the receiver, or the network error. */
  result: string;
  /** The delivered payload (the signed order object); recorded only for the sandbox:inbox receiver. */
  payload?: unknown;
}

export interface SandboxState {
  version: 1;
  funds: Record<string, Record<string, number>>;
  ledger: LedgerEntry[];
  users: Record<string, UserRecord>;
  orders: Record<string, OrderRecord>;
  nextKycId: number;
  nextSeq: number;
  /** Client-assertion ids already used, with when they may be forgotten (Unix seconds). */
  usedJtis: Record<string, number>;
  /** Access tokens by SHA-256 of the token (the token itself is never stored). */
  tokens: Record<string, { partnerCode: string; userEmail: string; expiresAt: number }>;
  webhookDeliveries: WebhookDelivery[];
}

export function emptyState(): SandboxState {
  return { version: 1, funds: {}, ledger: [], users: {}, orders: {}, nextKycId: 1001, nextSeq: 1, usedJtis: {}, tokens: {}, webhookDeliveries: [] };
}

export const userKey = (partnerCode: string, userEmail: string) => `${partnerCode}\n${userEmail.toLowerCase()}`;
export const orderKey = (partnerCode: string, externalOrderId: string) => `${partnerCode}\n${externalOrderId}`;

export class Store {
  readonly state: SandboxState;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(private readonly file: string | undefined, private readonly debounceMs = 50) {
    const loaded = file ? (readJsonIfExists(file) as SandboxState | undefined) : undefined;
    if (loaded && loaded.version !== 1) {
      throw new Error(`${file} was written by another version of payout-http; move it away to start with a fresh sandbox state`);
    }
    this.state = loaded ? { ...emptyState(), ...loaded } : emptyState();
  }

  /** Marks the state as changed; it is written within `debounceMs`. */
  changed(): void {
    if (!this.file) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    writePrivateJson(this.file, this.state);
  }

  nextSeq(): number {
    return this.state.nextSeq++;
  }
}
