// Everything the sandbox remembers, as one plain JSON-able object, and the store that keeps it on
// disk. Handlers mutate the state synchronously (check, insert and debit happen in one turn of
// the event loop, so concurrent duplicates cannot both pass a check) and then call `changed()`
// naming what they changed; the store journals it (journal.ts) and the server answers only once
// `durable()` says it is on the disk.

import { Journal } from './journal';

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
  return {
    version: 1,
    funds: {},
    ledger: [],
    users: {},
    orders: {},
    nextKycId: 1001,
    nextSeq: 1,
    usedJtis: {},
    tokens: {},
    webhookDeliveries: [],
  };
}

export const userKey = (partnerCode: string, userEmail: string) => `${partnerCode}\n${userEmail.toLowerCase()}`;
export const orderKey = (partnerCode: string, externalOrderId: string) => `${partnerCode}\n${externalOrderId}`;

/** The collections whose entries a change names (set, changed in place, or deleted). */
export type Keyed = 'funds' | 'users' | 'orders' | 'usedJtis' | 'tokens';
/** The lists that only grow: what a change appended is found by their length. */
const APPENDED = ['ledger', 'webhookDeliveries'] as const;
type Appended = (typeof APPENDED)[number];

/** One journal record: the counters, the entries named by the change (null: deleted), what was appended. */
interface ChangeRecord {
  n: [nextSeq: number, nextKycId: number];
  s?: [Keyed, string, unknown][];
  a?: [Appended, unknown[]][];
}

export class Store {
  readonly state: SandboxState;
  private readonly journal: Journal | undefined;
  private readonly journaledLength: Record<Appended, number>;
  /** Orders by partner and exact userEmail, built on first use: the caps check reads a user's orders on every create. */
  private byUser: Map<string, OrderRecord[]> | undefined;

  /** `file` is the snapshot (state.json); its journal sits beside it. No file: memory only. */
  constructor(file: string | undefined, log: (line: string) => void = () => {}) {
    let state = emptyState();
    if (file) {
      const loaded = Journal.load<SandboxState & { journalGeneration?: number }>(file);
      if (loaded.snapshot && loaded.snapshot.version !== 1) {
        throw new Error(`${file} was written by another version of payout-http; move it away to start with a fresh sandbox state`);
      }
      const { journalGeneration: _generation, ...snapshot } = loaded.snapshot ?? {};
      state = { ...state, ...snapshot };
      for (const r of loaded.records) replay(state, r as ChangeRecord);
      if (loaded.droppedBytes)
        log(`state journal: dropped a torn last record (${loaded.droppedBytes} bytes) left by a hard stop; it was never confirmed`);
      this.journal = Journal.open(file, loaded.generation, (g) => JSON.stringify({ ...this.state, journalGeneration: g }), log);
    }
    this.state = state;
    this.journaledLength = { ledger: state.ledger.length, webhookDeliveries: state.webhookDeliveries.length };
  }

  /**
   * Records a change made to the state: `entries` name the entries of keyed collections it set,
   * changed in place or deleted; ledger entries and webhook deliveries it appended, and the
   * counters, are picked up on their own. Serialized now (so a value that cannot be stored throws
   * here, inside the request); written by the next group commit: await `durable()` before answering.
   */
  changed(...entries: [Keyed, string][]): void {
    if (!this.journal) return;
    const record: ChangeRecord = { n: [this.state.nextSeq, this.state.nextKycId] };
    if (entries.length) record.s = entries.map(([c, k]) => [c, k, Object.hasOwn(this.state[c], k) ? this.state[c][k] : null]);
    const added: [Appended, unknown[]][] = [];
    for (const list of APPENDED) {
      if (this.state[list].length > this.journaledLength[list]) added.push([list, this.state[list].slice(this.journaledLength[list])]);
    }
    if (added.length) record.a = added;
    this.journal.append(record as unknown as Record<string, unknown>);
    for (const list of APPENDED) this.journaledLength[list] = this.state[list].length;
  }

  /** Resolves once every change recorded so far is on the disk. */
  durable(): Promise<void> {
    return this.journal ? this.journal.durable() : Promise.resolve();
  }

  /** Writes what is pending and a fresh snapshot (a clean stop). */
  async close(): Promise<void> {
    await this.journal?.close();
  }

  nextSeq(): number {
    return this.state.nextSeq++;
  }

  /** Stores a new order and records the change. */
  addOrder(rec: OrderRecord): void {
    const key = orderKey(rec.partnerCode, rec.order.externalOrderId);
    this.state.orders[key] = rec;
    if (this.byUser) {
      const list = this.byUser.get(`${rec.partnerCode}\n${rec.userEmail}`);
      if (list) list.push(rec);
      else this.byUser.set(`${rec.partnerCode}\n${rec.userEmail}`, [rec]);
    }
    this.changed(['orders', key]);
  }

  /**
   * A user's orders (exact userEmail), without scanning every order: with thousands stored, a scan
   * per create cost more than the create itself (Object.values over a large dictionary).
   */
  ordersOf(partnerCode: string, userEmail: string): readonly OrderRecord[] {
    if (!this.byUser) {
      this.byUser = new Map();
      for (const o of Object.values(this.state.orders)) {
        const k = `${o.partnerCode}\n${o.userEmail}`;
        const list = this.byUser.get(k);
        if (list) list.push(o);
        else this.byUser.set(k, [o]);
      }
    }
    return this.byUser.get(`${partnerCode}\n${userEmail}`) ?? [];
  }
}

/** Applies one journal record. Idempotent: replaying a record the snapshot already holds changes nothing. */
function replay(state: SandboxState, r: ChangeRecord): void {
  [state.nextSeq, state.nextKycId] = r.n;
  for (const [c, k, v] of r.s ?? []) {
    const table = state[c] as Record<string, unknown>;
    if (v === null) delete table[k];
    else table[k] = v;
  }
  for (const [list, items] of r.a ?? []) {
    const into = state[list] as { seq: number }[];
    // Items carry increasing seq numbers: those the snapshot already has are skipped.
    const last = into.length ? into[into.length - 1].seq : -Infinity;
    for (const item of items as { seq: number }[]) if (item.seq > last) into.push(item);
  }
}
