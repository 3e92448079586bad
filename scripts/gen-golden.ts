// Writes test/fixtures/golden/vectors.json: for every signed string in the catalogue (each signed
// endpoint's request, each response, the webhook), a fixed sample body, the canonical string it
// gives with a fixed TEST secret, and its RSA-SHA256 signature by the committed TEST keys.
// test/signing/golden.test.ts recomputes each vector and checks it with openssl.
//
//   npx tsx scripts/gen-golden.ts
//
// Re-run it when a template in the catalogue changes on purpose; the diff of vectors.json then
// shows exactly which signed strings changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../engine/catalogue';
import type { FieldSpec } from '../engine/catalogue/types';
import { buildCanonical } from '../engine/signing/canonical';
import { loadPrivateKey } from '../engine/signing/keys';
import { signText } from '../engine/signing/rsa';
import { allSignedTemplates, type NamedTemplate } from '../engine/signing/templates';

const ROOT = join(import.meta.dirname, '..');
/** A test secret, committed on purpose; it authenticates nothing. */
export const GOLDEN_SECRET = 'test-secret-golden-not-real-7f3a';
export const GOLDEN_KEYS = {
  partner: { private: 'test/fixtures/keys/test-partner-private.pem', public: 'test/fixtures/keys/test-partner-public.pem' },
  service: { private: 'test/fixtures/keys/test-service-private.pem', public: 'test/fixtures/keys/test-service-public.pem' },
} as const;

export interface GoldenVector {
  /** `<template id>#<case>`. */
  id: string;
  template: string;
  case: string;
  signer: 'partner' | 'service';
  /** The JSON text of the body (request) or `data` (response, webhook), as it travels. */
  body: string;
  canonical: string;
  display: string;
  signature: string;
}

// Realistic samples by field name; anything else is derived from the field's spec.
const SAMPLES: Record<string, unknown> = {
  partnerCode: 'TESTPARTNER',
  userEmail: 'alice@example.com',
  externalOrderId: 'ORD-2026-0001',
  currency: 'USDT',
  cryptoCurrency: 'USDT',
  fiatCurrency: 'VND',
  fiatAmount: 100000,
  bankCode: '970436',
  bankAccountNumber: '0123456789',
  bankAccountName: 'NGUYEN VAN A',
  content: 'Coffee',
  nationality: 'VN',
  currencies: 'USDT,ETH,BTC',
  name: 'Test Partner',
  email: 'ops@partner.example',
  balance: 2500.75,
  price: 25950,
  tokenAmount: 3.85356455,
  totalPayment: 100500,
  id: 4711,
  nationalId: '079123456789',
  access: true,
  network: 'TRC20',
};

// Per-template values where the generic sample would be untrue to the document.
const OVERRIDES: Record<string, Record<string, unknown>> = {
  'v2.orders.create-cashout/response': { type: 'CASHOUT' },
  webhook: { status: 'SUCCESS' }, // the webhook fires on SUCCESS or ERROR only (doc 1 §6.1)
};

// The document's own worked cases, as extra vectors.
const DOC_CASES: Record<string, { name: string; body: string }[]> = {
  // doc 1 §4.5: a REJECTED profile signs `undefined|REJECTED|<secretKey>`.
  'v2.user.get-kyc-information/response': [
    { name: 'doc:rejected-profile', body: '{"kycStatus":"REJECTED","kycSupplementStatus":"NONE","rejectReason":"Document unreadable"}' },
  ],
  // doc 1 §4.12: quoted by tokenAmount, fiatAmount is undefined and signed as that text.
  'v2.orders.review-sell-order/response': [
    {
      name: 'doc:quoted-by-tokenAmount',
      body: '{"currency":"USDT","price":25950,"tokenAmount":10,"totalPayment":259500,"processingFee":0,"systemFee":0}',
    },
  ],
  // Number formatting and text the way a JS service reads them from JSON: 100000.00 is 100000,
  // null is `null`, accents are UTF-8.
  'v2.orders.create-sell-order/request': [
    {
      name: 'edge:js-printing',
      body: '{"partnerCode":"TESTPARTNER","externalOrderId":"ORD-é-1","currency":"USDT","fiatAmount":100000.00,"bankCode":"970436","bankAccountNumber":null,"content":"Cà phê sữa","userEmail":"alice@example.com"}',
    },
  ],
  // 1e21 prints as 1e+21, 1e-7 as 1e-7, -0 as 0.
  'v2.orders.review-cashout/response': [
    { name: 'edge:large-and-float', body: '{"fiatAmount":1e21,"currency":"USDT","price":0.1,"tokenAmount":1e-7,"totalPayment":-0}' },
  ],
};

function sample(name: string, spec: FieldSpec | undefined): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if (spec?.enum?.length) return spec.enum[0];
  switch (spec?.type) {
    case 'number':
    case 'integer':
      return 42;
    case 'boolean':
      return true;
  }
  if (spec?.format === 'date') return '1990-01-31';
  return `${name}-sample`;
}

function fieldSpecs(t: NamedTemplate): FieldSpec[] {
  if (t.kind === 'webhook') return catalogue.shapes.order;
  const e = catalogue.endpoints.find((x) => x.id === t.endpointId)!;
  if (t.kind === 'request') return e.body ?? [];
  return e.response?.shape ? catalogue.shapes[e.response.shape] : (e.response?.fields ?? []);
}

/** The field the omitted case leaves out: one the document says something about, else the last. */
function omittedField(t: NamedTemplate): string | undefined {
  const segs = t.template.segments;
  return (segs.find((s) => s.omittedAs === '0') ?? segs.find((s) => s.omissionNote) ?? segs.at(-1))?.field;
}

/** Bodies per case: the full sample, one field omitted, and for some templates edge values. */
function cases(t: NamedTemplate): { name: string; body: string }[] {
  const specs = fieldSpecs(t);
  const full: Record<string, unknown> = {};
  for (const s of t.template.segments)
    full[s.field] = sample(
      s.field,
      specs.find((f) => f.name === s.field),
    );
  Object.assign(full, OVERRIDES[t.id]);
  const out = [{ name: 'full', body: JSON.stringify(full) }];
  const dropped = omittedField(t);
  if (dropped) {
    const { [dropped]: _gone, ...rest } = full;
    out.push({ name: `omitted:${dropped}`, body: JSON.stringify(rest) });
  }
  out.push(...(DOC_CASES[t.id] ?? []));
  return out;
}

export function buildVectors(): GoldenVector[] {
  const keys = {
    partner: loadPrivateKey(readFileSync(join(ROOT, GOLDEN_KEYS.partner.private), 'utf8')),
    service: loadPrivateKey(readFileSync(join(ROOT, GOLDEN_KEYS.service.private), 'utf8')),
  };
  return allSignedTemplates(catalogue).flatMap((t) =>
    cases(t).map((c) => {
      const canonical = buildCanonical(t.template, JSON.parse(c.body) as Record<string, unknown>);
      const text = canonical.withSecret(GOLDEN_SECRET);
      return {
        id: `${t.id}#${c.name}`,
        template: t.id,
        case: c.name,
        signer: t.signer,
        body: c.body,
        canonical: text,
        display: canonical.display,
        signature: signText(text, keys[t.signer]),
      };
    }),
  );
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const vectors = buildVectors();
  const out = {
    note: 'Generated by scripts/gen-golden.ts from the catalogue. TEST secret and TEST keys only.',
    secret: GOLDEN_SECRET,
    keys: GOLDEN_KEYS,
    vectors,
  };
  const file = join(ROOT, 'test/fixtures/golden/vectors.json');
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${vectors.length} vectors to ${file}`);
}
