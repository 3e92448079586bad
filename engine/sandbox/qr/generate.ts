// Builds QR strings in the formats the decoder reads: the sandbox helper
// generate-philippines-qrcode (doc 1 §4.8) and the test fixtures use these, so every generated
// string goes through the same decoder a scanned one does.

import { tlv, withCrc } from './emv';

export interface MerchantQrSpec {
  /** Merchant account template id (26-51) and its sub-records, 00 (the GUID) first. */
  templateId: string;
  template: [string, string][];
  mcc?: string;
  currency: string; // ISO 4217 numeric
  amount?: number;
  country: string;
  name: string;
  city: string;
  /** Sub-records of the additional data template (62), e.g. [['08', 'Coffee']]. */
  additional?: [string, string][];
}

export function buildMerchantQr(s: MerchantQrSpec): string {
  const dynamic = s.amount !== undefined;
  let out = tlv('00', '01') + tlv('01', dynamic ? '12' : '11');
  out += tlv(s.templateId, s.template.map(([id, v]) => tlv(id, v)).join(''));
  out += tlv('52', s.mcc ?? '0000');
  out += tlv('53', s.currency);
  if (s.amount !== undefined) out += tlv('54', formatAmount(s.amount));
  out += tlv('58', s.country) + tlv('59', s.name) + tlv('60', s.city);
  if (s.additional?.length) out += tlv('62', s.additional.map(([id, v]) => tlv(id, v)).join(''));
  return withCrc(out);
}

function formatAmount(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** A QR Ph merchant (P2M) code for the given amount; `merchantId` comes in so the caller decides randomness. */
export function philippinesQr(amount: number, merchantId: string): string {
  return buildMerchantQr({
    templateId: '28',
    template: [
      ['00', 'ph.ppmi.p2m'],
      ['01', 'GXCHPHM2XXX'],
      ['03', merchantId],
    ],
    mcc: '5812',
    currency: '608',
    amount,
    country: 'PH',
    name: 'SANDBOX MERCHANT',
    city: 'MANILA',
    additional: [
      ['05', merchantId.slice(-8)],
      ['08', 'Sandbox payment'],
    ],
  });
}
