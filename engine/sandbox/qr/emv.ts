// EMVCo merchant-presented QR (EMV QRCPS) as data: a string of TLV records, each a two-digit id,
// a two-digit length and that many characters of value, ending with the CRC record `63 04 XXXX`.

export interface Tlv {
  id: string;
  value: string;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMV QRCPS §4.7.3 prescribes, 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Parses one level of TLV records; throws with the offset where the text stops being TLV. */
export function parseTlv(text: string): Tlv[] {
  const out: Tlv[] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const lenText = text.slice(i + 2, i + 4);
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(lenText)) throw new Error(`not an EMV TLV record at offset ${i}`);
    const len = Number(lenText);
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) throw new Error(`record ${id} at offset ${i} claims ${len} characters but only ${value.length} remain`);
    out.push({ id, value });
    i += 4 + len;
  }
  return out;
}

export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV record ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Appends the CRC record to a payload built without it. */
export function withCrc(payload: string): string {
  const head = `${payload}6304`;
  return head + crc16(head);
}

export interface EmvPayload {
  /** Top-level records by id (the last one wins if an id repeats). */
  fields: Map<string, string>;
  /** Merchant account templates (ids 26-51) with their sub-records. */
  merchantAccounts: { id: string; sub: Map<string, string> }[];
  /** Sub-records of the additional data template (id 62), if any. */
  additional: Map<string, string>;
}

function subMap(value: string): Map<string, string> {
  return new Map(parseTlv(value).map((r) => [r.id, r.value]));
}

/**
 * Checks the CRC and splits the payload. Throws an Error whose message says what is wrong with
 * the string (the caller turns it into error 33).
 */
export function parseEmv(content: string): EmvPayload {
  const text = content.trim();
  if (!text.startsWith('000201')) throw new Error('it does not start with the EMV payload format indicator 000201');
  // The CRC record is the last 8 characters: searching for `6304` found the CRC's own value when
  // it was 6304 (one code in 65,536; found by qr.test.ts's property test, seed -388589327).
  const crcAt = text.length - 8;
  if (crcAt < 0 || !text.startsWith('6304', crcAt)) throw new Error('it does not end with a CRC record (6304XXXX)');
  const expected = crc16(text.slice(0, crcAt + 4));
  const given = text.slice(crcAt + 4).toUpperCase();
  if (given !== expected) throw new Error(`its CRC is ${given} but the content gives ${expected}`);
  const records = parseTlv(text);
  const fields = new Map(records.map((r) => [r.id, r.value]));
  const merchantAccounts: EmvPayload['merchantAccounts'] = [];
  for (const r of records) {
    const n = Number(r.id);
    if (n >= 26 && n <= 51) {
      try {
        merchantAccounts.push({ id: r.id, sub: subMap(r.value) });
      } catch {
        // Ids 02-25 are card-network accounts with plain values; a 26-51 value that is not TLV is unusable.
        throw new Error(`merchant account record ${r.id} is not a template of sub-records`);
      }
    }
  }
  const additional = fields.has('62') ? subMap(fields.get('62')!) : new Map<string, string>();
  return { fields, merchantAccounts, additional };
}
