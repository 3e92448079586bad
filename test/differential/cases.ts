// The requests of the lint/sandbox differential test (issue 24): for each of the 14 signed
// /api/v2 endpoints, bodies the service accepts, then one mutation each, derived from the
// catalogue's description of every field (omitted, null, wrong type, "", out of its enum, bad
// formats, numbers at and over their limits), plus hand-written ones (extendInfo per currency,
// unknown fields, huge strings, nested depth, every two-letter nationality, calling codes) and
// values fast-check draws from each field's type. Deterministic for a seed: PAYOUT_HTTP_SEED varies it.

import fc from 'fast-check';
import { endpointById, sellExtendInfoRules } from '../../engine/catalogue';
import type { FieldSpec } from '../../engine/catalogue/types';

export const DEFAULT_SEED = 24;

export interface Case {
  endpointId: string;
  /** What was changed, e.g. `extendInfo.recipientName: ""`. */
  label: string;
  body: Record<string, unknown>;
}

/** What the base bodies need from the sandbox's state: users and an order made beforehand. */
export interface World {
  partnerCode: string;
  webhookSecretKey: string;
  /** A VERIFIED user who transacts (orders, quotes, access). */
  buyer: string;
  /** A VERIFIED user whose profile the supplements patch. */
  patched: string;
  /** An order that exists (orders/details). */
  orderId: string;
}

export const SIGNED_V2 = [
  'v2.account.verify',
  'v2.wallet.balance',
  'v2.user.submit-kyc',
  'v2.user.submit-kyc-supplement',
  'v2.user.get-kyc-information',
  'v2.user.check-access-service',
  'v2.orders.prices',
  'v2.bank.get-supported-banks',
  'v2.bank.account.verify',
  'v2.orders.review-sell-order',
  'v2.orders.create-sell-order',
  'v2.orders.details',
  'v2.orders.review-cashout',
  'v2.orders.create-cashout',
] as const;

const IMAGE = `data:image/jpeg;base64,${Buffer.from('differential-image').toString('base64')}`;
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4 differential').toString('base64')}`;

type Body = Record<string, unknown>;

/** Unique values per request: a fresh sandbox per run, so a counter is enough and keeps runs reproducible. */
let counter = 0;
const fresh = (prefix: string) => `${prefix}${++counter}`;

/** Sell bodies per fiat currency (doc 1 §4.13 extendInfo table): amounts inside the sandbox's sell bounds. */
const SELL_BY_FIAT: Record<string, { fiatAmount: number; bankCode: string; extendInfo: unknown }> = {
  VND: { fiatAmount: 100000, bankCode: '970436', extendInfo: null },
  NGN: { fiatAmount: 5000, bankCode: '044', extendInfo: null },
  PHP: {
    fiatAmount: 500,
    bankCode: 'GXCHPHM2XXX',
    extendInfo: { qrType: 'ph.ppmi.p2m', PH: { recipientName: 'JUAN DELA CRUZ', additionalData: { merchant: 'M1' } } },
  },
  GEL: { fiatAmount: 50, bankCode: 'TBC', extendInfo: { qrType: 'georgia.customer.k', GE: { recipientName: 'NINO', additionalData: {} } } },
  BRL: { fiatAmount: 100, bankCode: 'PIX', extendInfo: { qrType: 'PIX', BR: { recipientName: 'JOAO', additionalData: { key: 'k' } } } },
  ARS: { fiatAmount: 10000, bankCode: 'QR3', extendInfo: { qrType: 'QR3', AR: { recipientName: 'ANA', additionalData: {} } } },
  PEN: { fiatAmount: 100, bankCode: 'QR3', extendInfo: { qrType: 'QR3', PE: { recipientName: 'LUIS', additionalData: {} } } },
};

export function sellBody(w: World, fiat = 'VND'): Body {
  const s = SELL_BY_FIAT[fiat];
  return {
    partnerCode: w.partnerCode,
    externalOrderId: fresh('d-'),
    currency: 'USDT',
    userEmail: w.buyer,
    bankCode: s.bankCode,
    content: 'Coffee',
    bankAccountNumber: '0123456789',
    fiatAmount: s.fiatAmount,
    fiatCurrency: fiat,
    webhookSecretKey: w.webhookSecretKey,
    extendInfo: structuredClone(s.extendInfo),
  };
}

export function kycBody(w: World): Body {
  return {
    partnerCode: w.partnerCode,
    userEmail: `${fresh('k')}@example.com`,
    firstName: 'Nguyen',
    lastName: 'Van An',
    nationality: 'VN',
    type: 'ID_CARD',
    nationalId: fresh('N'),
    dateOfBirth: '1990-04-12',
    gender: 'male',
    issueDate: '2020-01-01',
    expiryDate: '2030-01-01',
    frontIdImage: IMAGE,
    backIdImage: IMAGE,
    holdIdImage: IMAGE,
    kycReport: PDF,
    addressLine1: '1 Trang Tien',
    addressLine2: 'Hoan Kiem',
    city: 'Hanoi',
    state: 'Hanoi',
    zipCode: '100000',
    phoneNumber: '912345678',
    phoneCountryCode: '84',
  };
}

/** A body the service accepts, with every field the endpoint documents (fresh ids where they must be unique). */
export function baseBody(id: string, w: World): Body {
  const p = { partnerCode: w.partnerCode };
  switch (id) {
    case 'v2.account.verify':
      return { ...p };
    case 'v2.wallet.balance':
      return { ...p, currency: 'USDT' };
    case 'v2.user.submit-kyc':
      return kycBody(w);
    case 'v2.user.submit-kyc-supplement': {
      // Every patchable field, so each one's mutation is judged (nationalId fresh: 52 is another user's).
      const { partnerCode: _p, userEmail: _u, ...rest } = kycBody(w);
      return { ...p, userEmail: w.patched, ...rest };
    }
    case 'v2.user.get-kyc-information':
      return { ...p, userEmail: w.buyer };
    case 'v2.user.check-access-service':
      return { ...p, userEmail: w.buyer, fiatCurrency: 'VND', service: 'SCAN_TO_PAY' };
    case 'v2.orders.prices':
      return { ...p, currencies: 'USDT', network: 'TRC20', fiatCurrency: 'VND', service: 'SELL' };
    case 'v2.bank.get-supported-banks':
      return { ...p, fiatCurrency: 'VND' };
    case 'v2.bank.account.verify':
      return { ...p, bankCode: '970436', bankAccountNumber: '0123456789', fiatCurrency: 'VND' };
    case 'v2.orders.review-sell-order':
      return { ...p, currency: 'USDT', fiatAmount: 100000, fiatCurrency: 'VND', userEmail: w.buyer };
    case 'v2.orders.create-sell-order':
      return sellBody(w);
    case 'v2.orders.details':
      return { ...p, externalOrderId: w.orderId };
    case 'v2.orders.review-cashout':
      return { ...p, userEmail: w.buyer, fiatCurrency: 'VND', fiatAmount: 500000, cryptoCurrency: 'USDT' };
    case 'v2.orders.create-cashout':
      return {
        ...p,
        externalOrderId: fresh('c-'),
        userEmail: w.buyer,
        cryptoCurrency: 'USDT',
        fiatCurrency: 'VND',
        fiatAmount: 500000,
        webhookSecretKey: w.webhookSecretKey,
        extendInfo: {
          recipientName: 'NGUYEN VAN AN',
          recipientNumber: '0123456789',
          recipientBankCode: '970436',
          transferContent: 'Salary',
          recipientType: 'PERSONAL',
        },
      };
  }
  throw new Error(`no base body for ${id}`);
}

/** Values of another JSON type than the field's. */
function wrongTypes(f: FieldSpec): unknown[] {
  switch (f.type) {
    case 'string':
      return [123, true, ['x'], { v: 'x' }];
    case 'number':
    case 'integer':
      return ['100000', true, [1], { n: 1 }];
    case 'object':
      return ['x', 1, [{}]];
    default:
      return ['x'];
  }
}

/** Values that break the field's format (doc 1 §4.3 formats, §4.13 content, userEmail 27). */
const BAD_FORMATS: Record<string, unknown[]> = {
  email: ['alice', 'alice@', '@example.com', 'a@b.c', 'alice @example.com', ' alice@example.com', 'alice@@example.com'],
  'iso-country': ['vn', 'VNM', 'UK', 'Vietnam', 'V1', 'AC'],
  date: ['31/01/1990', '1990-02-30', '1990-1-31', '19900131', '1990-13-01', '2024-02-30T00:00:00Z'],
  'data-url-image': [Buffer.from('bare').toString('base64'), 'data:image/jpeg,abc', 'data:application/pdf;base64,QUJD', 'http://x/y.jpg'],
  'data-url-pdf': [Buffer.from('bare').toString('base64'), 'data:image/png;base64,QUJD', 'data:application/pdf;base64,@@'],
  'digits-only': ['+84', '84 ', 'abc', '0084', '999', '0', '1264', '8-4'],
  unaccented: ['Cà phê', 'Coffee!', 'a_b', 'tab\there', 'Đồng'],
};

const HUGE = 'A'.repeat(70 * 1024);

/**
 * Fields whose accepted values are the service's own lists, not the document's: partners (4),
 * tokens and providers (6, 46), banks and accounts (1, 18, 56). Any other value there is refused
 * for the service's state, which lint cannot know, so they get no drawn, huge or blank values;
 * omitted, null, another type and (required) "" are still judged.
 */
const SERVICE_VALUED = new Set([
  'partnerCode',
  'currency',
  'cryptoCurrency',
  'currencies',
  'fiatCurrency',
  'bankCode',
  'bankAccountNumber',
  'extendInfo.recipientNumber',
  'extendInfo.recipientBankCode',
]);

function setPath(body: Body, path: string[], value: unknown): Body {
  const out = structuredClone(body);
  let o = out as Record<string, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[path[path.length - 1]] = value;
  return out;
}

function omitPath(body: Body, path: string[]): Body {
  const out = structuredClone(body);
  let o = out as Record<string, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  delete o[path[path.length - 1]];
  return out;
}

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { n: v };
  return v;
}

/** The mutations of one field, from its catalogue description. */
function fieldMutations(spec: FieldSpec, path: string[], base: () => Body, rnd: fc.Random | undefined, seed: number): [string, Body][] {
  const name = path.join('.');
  const out: [string, Body][] = [];
  const add = (what: string, value: unknown) => out.push([`${name}: ${what}`, setPath(base(), path, value)]);
  out.push([`${name} omitted`, omitPath(base(), path)]);
  add('null', null);
  for (const v of wrongTypes(spec)) add(`wrong type ${JSON.stringify(v)}`, v);
  const serviceValued = SERVICE_VALUED.has(name) && !spec.enum;
  if (spec.type === 'string' && (!serviceValued || spec.required === true)) add('""', '');
  if (spec.type === 'string' && !serviceValued) {
    add('huge', HUGE);
    add('spaces', '   ');
  }
  if (spec.enum) {
    for (const v of ['XYZ', spec.enum[0].toLowerCase(), `${spec.enum[0]} `, ''])
      if (!spec.enum.includes(v)) add(`out of enum ${JSON.stringify(v)}`, v);
  }
  for (const v of spec.format ? (BAD_FORMATS[spec.format] ?? []) : []) add(`bad format ${JSON.stringify(v)}`, v);
  if (spec.type === 'number' || spec.type === 'integer') {
    for (const v of [0, -1, 0.5, 1e15, spec.minimum ?? 10000, (spec.minimum ?? 10000) - 1, 14000000, 14000001, 9999]) add(`${v}`, v);
  }
  // Values fast-check draws from the field's type: strings of any characters, any finite numbers.
  const arb: fc.Arbitrary<unknown> =
    spec.type === 'number' || spec.type === 'integer'
      ? fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
      : spec.type === 'string'
        ? fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.stringMatching(/^[A-Za-z0-9 @.+-]{0,20}$/))
        : fc.jsonValue({ maxDepth: 2 });
  void rnd;
  if (serviceValued) return out;
  for (const v of fc.sample(arb, { seed: seed ^ hash(name), numRuns: 3 })) add(`drawn ${JSON.stringify(v).slice(0, 30)}`, v);
  return out;
}

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

/** Every case, in a fixed order for a seed. */
export function generateCases(w: World, seed: number): Case[] {
  counter = 0;
  const cases: Case[] = [];
  const push = (endpointId: string, label: string, body: Body) => cases.push({ endpointId, label, body });
  for (const id of SIGNED_V2) {
    const endpoint = endpointById(id)!;
    push(id, 'valid', baseBody(id, w));
    for (const spec of endpoint.body ?? []) {
      if (spec.filledByClient) continue;
      for (const [label, body] of fieldMutations(spec, [spec.name], () => baseBody(id, w), undefined, seed)) push(id, label, body);
      for (const m of spec.members ?? []) {
        const base = () => baseBody(id, w);
        if (typeof base()[spec.name] !== 'object' || base()[spec.name] === null) continue;
        if (!(m.name in (base()[spec.name] as Body))) continue;
        for (const [label, body] of fieldMutations(m, [spec.name, m.name], base, undefined, seed)) push(id, label, body);
      }
    }
    push(id, 'unknown field', { ...baseBody(id, w), unknownField: 'x' });
    push(id, 'misspelt field', { ...baseBody(id, w), partnercode: 'x' });
  }

  // extendInfo per currency (doc 1 §4.13): each rule's currency valid, key omitted, null, its members.
  for (const rule of sellExtendInfoRules) {
    for (const fiat of rule.fiatCurrencies.filter((f) => f in SELL_BY_FIAT)) {
      const id = 'v2.orders.create-sell-order';
      push(id, `${fiat} valid`, sellBody(w, fiat));
      push(id, `${fiat} extendInfo omitted`, omitPath(sellBody(w, fiat), ['extendInfo']));
      push(id, `${fiat} extendInfo null`, setPath(sellBody(w, fiat), ['extendInfo'], null));
      push(id, `${fiat} extendInfo {}`, setPath(sellBody(w, fiat), ['extendInfo'], {}));
      push(id, `${fiat} extendInfo nested 40`, setPath(sellBody(w, fiat), ['extendInfo'], { qrType: 'x', deep: nested(40) }));
      push(id, `${fiat} extendInfo nested 5`, setPath(sellBody(w, fiat), ['extendInfo'], { qrType: 'x', deep: nested(5) }));
      if (rule.key) {
        const withKey = sellBody(w, fiat);
        push(id, `${fiat} ${rule.key} omitted`, omitPath(withKey, ['extendInfo', rule.key]));
        push(id, `${fiat} ${rule.key} null`, setPath(sellBody(w, fiat), ['extendInfo', rule.key], null));
        push(id, `${fiat} ${rule.key} "x"`, setPath(sellBody(w, fiat), ['extendInfo', rule.key], 'x'));
        for (const member of ['recipientName', 'additionalData']) {
          push(id, `${fiat} ${rule.key}.${member} omitted`, omitPath(sellBody(w, fiat), ['extendInfo', rule.key, member]));
          push(id, `${fiat} ${rule.key}.${member} null`, setPath(sellBody(w, fiat), ['extendInfo', rule.key, member], null));
          push(id, `${fiat} ${rule.key}.${member} ""`, setPath(sellBody(w, fiat), ['extendInfo', rule.key, member], ''));
          push(id, `${fiat} ${rule.key}.${member} 42`, setPath(sellBody(w, fiat), ['extendInfo', rule.key, member], 42));
        }
        push(id, `${fiat} digits name and account`, setPath(sellBody(w, fiat), ['extendInfo', rule.key, 'recipientName'], '12345'));
        for (const other of ['BR', 'AR', 'PE', 'VN']) {
          if (other === rule.key) continue;
          const two = sellBody(w, fiat);
          (two.extendInfo as Body)[other] = { recipientName: 'X', additionalData: {} };
          push(id, `${fiat} ${rule.key} and ${other}`, two);
        }
      } else {
        push(id, `${fiat} extendInfo with PH`, setPath(sellBody(w, fiat), ['extendInfo'], SELL_BY_FIAT.PHP.extendInfo));
      }
    }
  }

  // Cross-field rules.
  const kyc = 'v2.user.submit-kyc';
  for (const type of ['PASSPORT', 'ID_CARD', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT']) {
    push(kyc, `${type} without backIdImage`, omitPath({ ...kycBody(w), type }, ['backIdImage']));
    push(kyc, `${type} with a bare backIdImage`, { ...kycBody(w), type, backIdImage: 'QUJD' });
    push(kyc, `${type} with backIdImage ""`, { ...kycBody(w), type, backIdImage: '' });
  }
  push('v2.user.submit-kyc-supplement', 'no patchable field', { partnerCode: w.partnerCode, userEmail: w.patched });
  push('v2.user.submit-kyc-supplement', 'only nulls', { partnerCode: w.partnerCode, userEmail: w.patched, city: null });
  push('v2.user.submit-kyc-supplement', 'PASSPORT with a bare backIdImage', {
    partnerCode: w.partnerCode,
    userEmail: w.patched,
    type: 'PASSPORT',
    backIdImage: 'QUJD',
  });
  push('v2.orders.review-sell-order', 'by tokenAmount', { partnerCode: w.partnerCode, currency: 'USDT', tokenAmount: 10 });
  push('v2.orders.review-sell-order', 'neither amount', { partnerCode: w.partnerCode, currency: 'USDT' });
  push('v2.orders.create-sell-order', 'bankAccountNumber omitted (PHP)', omitPath(sellBody(w, 'PHP'), ['bankAccountNumber']));

  // Every two-letter nationality (676), and calling codes 0-999 (a sample) with their spellings.
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) for (const b of letters) push(kyc, `nationality ${a}${b}`, { ...kycBody(w), nationality: a + b });
  const codes = fc.sample(fc.integer({ min: 0, max: 1300 }), { seed, numRuns: 120 });
  for (const n of codes) push(kyc, `phoneCountryCode ${n}`, { ...kycBody(w), phoneCountryCode: String(n) });
  return cases;
}

export function seedFromEnv(): number {
  const s = process.env.PAYOUT_HTTP_SEED;
  if (s === undefined || s === '') return DEFAULT_SEED;
  const n = Number(s);
  if (!Number.isInteger(n))
    throw new Error(`PAYOUT_HTTP_SEED is "${s}": set it to an integer, or leave it unset for the CI seed ${DEFAULT_SEED}`);
  return n;
}
