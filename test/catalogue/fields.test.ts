import assert from 'node:assert/strict';
import { catalogue, endpointById, v2EnvelopeShape, v3Conventions, clientAssertionClaims } from '../../engine/catalogue/index';
import type { Endpoint, FieldSpec, Requirement } from '../../engine/catalogue/types';
import { describeWithSeeds, readSeed, section, tables } from './seedDoc';

const doc1 = readSeed('000');
const doc2 = readSeed('001');
const v2 = catalogue.endpoints.filter((e) => e.api === 'payout-v2');
const sectionOf = (e: Endpoint) => section(doc1, `${e.source.replace('doc 1 §', '')} ${e.method} ${e.path}`).body;

const REQUIRED: Record<string, Requirement> = {
  Yes: true,
  No: false,
  'Yes unless PASSPORT': 'unless-passport',
  'By currency': 'by-currency',
};

interface DocField {
  name: string;
  type: string;
  required?: Requirement;
  notes: string;
}

/** Field tables of a section: header `Field`/`Request field`, `Type`, optionally `Required`, `Notes`. */
function fieldTables(body: string): DocField[][] {
  return tables(body, true)
    .filter((t) => /^(Request )?field$/i.test(t.header[0]) && t.header[1] === 'Type')
    .map((t) => {
      const req = t.header.indexOf('Required');
      const notes = t.header.indexOf('Notes');
      return t.rows.flatMap((r) =>
        r[0].split(/,\s*/).map((name) => ({
          name: name.replace(/`/g, ''),
          type: r[1],
          required: req >= 0 ? REQUIRED[r[req]] : undefined,
          notes: notes >= 0 ? r[notes] : '',
        })),
      );
    });
}

/** "`A`, `B` or `C`." at the start of a note: the allowed values. */
function enumOf(notes: string): string[] | undefined {
  const m = /^(?:One of )?((?:`[^`]+`(?:, | or ))+`[^`]+`)\.?/.exec(notes);
  return m ? [...m[1].matchAll(/`([^`]+)`/g)].map((x) => x[1]) : undefined;
}

function checkFields(label: string, have: readonly FieldSpec[] | undefined, documented: DocField[], allRequired = false) {
  assert.ok(have, `${label} has fields`);
  assert.deepEqual(have.map((f) => f.name).sort(), documented.map((f) => f.name).sort(), `${label}: field names`);
  for (const d of documented) {
    const f: FieldSpec = have.find((x) => x.name === d.name)!;
    assert.equal(f.type, d.type, `${label}.${d.name} type`);
    const required = allRequired ? true : d.required;
    if (required !== undefined) assert.equal(f.required, required, `${label}.${d.name} required`);
    const values = enumOf(d.notes);
    if (values) assert.deepEqual(f.enum, values, `${label}.${d.name} enum`);
    const def = /Default `([^`]+)`/.exec(d.notes)?.[1];
    if (def) assert.equal(f.default, def, `${label}.${d.name} default`);
  }
}

describeWithSeeds('fields against the document tables', () => {
  it('request bodies match every field table of doc 1 §4 (names, types, required, enums, defaults)', () => {
    let checked = 0;
    for (const e of v2) {
      const body = sectionOf(e);
      const [first, second] = fieldTables(body);
      if (!first) continue;
      if (e.id === 'v2.public.get-qr-code-info') {
        checkFields(
          `${e.id} response`,
          catalogue.shapes['qr-info'],
          first.map((f) => ({ ...f, required: undefined })),
        );
      } else {
        checkFields(e.id, e.body, first, /All fields required\./.test(body));
      }
      if (second) {
        const ext = e.body!.find((f) => f.name === 'extendInfo')!;
        checkFields(`${e.id}.extendInfo`, ext.members, second);
      }
      checked++;
    }
    assert.equal(checked, 10, 'tables of sections 4.1, 4.3, 4.6, 4.7, 4.9, 4.11, 4.12, 4.13, 4.15, 4.16');
  });

  it('request bodies match the prose lists of the sections without a table', () => {
    for (const id of ['v2.wallet.balance', 'v2.user.get-kyc-information', 'v2.bank.get-supported-banks', 'v2.orders.details']) {
      const e = endpointById(id)!;
      const line = /^Request(?: fields)?: (.*)$/m.exec(sectionOf(e))![1].split(' Response `data`')[0];
      const named = [...line.matchAll(/`(\w+)`(?! ?\))/g)].map((m) => m[1]).filter((n) => n !== 'VND');
      assert.deepEqual(e.body!.map((f) => f.name).sort(), named.sort(), id);
      if (/all required/.test(line)) for (const f of e.body!) assert.equal(f.required, true, `${id}.${f.name}`);
    }
    const banks = endpointById('v2.bank.get-supported-banks')!.body!;
    assert.deepEqual(
      banks.map((f) => [f.name, f.required]),
      [
        ['partnerCode', true],
        ['fiatCurrency', false],
        ['signature', true],
      ],
    );
    assert.equal(banks[1].default, 'VND');
  });

  it('submit-kyc-supplement: partnerCode, userEmail, signature required, the listed fields optional', () => {
    const e = endpointById('v2.user.submit-kyc-supplement')!;
    const text = sectionOf(e);
    const optional = /formats? and meaning they have in submit-kyc: ([^.]+)\./.exec(text)![1].split(/,\s*/);
    assert.deepEqual(
      e
        .body!.filter((f) => f.required === false)
        .map((f) => f.name)
        .sort(),
      optional.sort(),
    );
    assert.deepEqual(
      e
        .body!.filter((f) => f.required === true)
        .map((f) => f.name)
        .sort(),
      ['partnerCode', 'signature', 'userEmail'],
    );
  });

  it('carries the format rules and error codes the notes state', () => {
    const kyc = endpointById('v2.user.submit-kyc')!.body!;
    const f = (n: string) => kyc.find((x) => x.name === n)!;
    assert.equal(f('frontIdImage').format, 'data-url-image');
    assert.equal(f('frontIdImage').errorCode, 58);
    assert.equal(f('kycReport').format, 'data-url-pdf');
    assert.equal(f('backIdImage').required, 'unless-passport');
    assert.equal(f('backIdImage').errorCode, 58);
    assert.equal(f('dateOfBirth').format, 'date');
    assert.equal(f('nationality').format, 'iso-country');
    assert.equal(f('phoneCountryCode').format, 'calling-code'); // digits only, on the list (issue 24)
    const sell = endpointById('v2.orders.create-sell-order')!.body!;
    assert.equal(sell.find((x) => x.name === 'content')!.format, 'unaccented');
    assert.equal(sell.find((x) => x.name === 'content')!.errorCode, 17);
    assert.equal(endpointById('v2.orders.prices')!.body!.find((x) => x.name === 'currencies')!.format, 'comma-list');
    const verify = endpointById('v2.bank.account.verify')!.body!.find((x) => x.name === 'fiatCurrency')!;
    assert.deepEqual(verify.enum, ['VND', 'NGN', 'GHS', 'ZAR', 'KES']);
    assert.equal(verify.errorCode, 53);
  });

  it('order and KYC profile shapes match doc 1 §2.3 and §2.4', () => {
    const orderRows = tables(section(doc1, '2.3 Order object').body)[0]
      .rows.map((r) => r[0])
      .filter((n) => n !== 'signature');
    assert.deepEqual(
      catalogue.shapes.order.map((f) => f.name),
      orderRows,
    );
    const kycRows = tables(section(doc1, '2.4 KYC profile').body)[0].rows.flatMap((r) => r[0].split(/,\s*/));
    assert.deepEqual(catalogue.shapes['kyc-profile'].map((f) => f.name).sort(), kycRows.sort());
    const members = (n: string) =>
      catalogue.shapes.order
        .find((f) => f.name === n)!
        .members!.map((m) => m.name)
        .join(', ');
    const text = section(doc1, '2.3 Order object').body;
    for (const n of ['tokenTransfer', 'bankTransfer', 'fees']) assert.ok(text.includes(`Members: ${members(n)}.`), n);
  });

  it('envelopes and the client assertion match doc 1 §2.2, doc 2 §2.3 and §2.1', () => {
    const names = (doc: string, heading: string) => tables(section(doc, heading).body)[0].rows.map((r) => r[0]);
    assert.deepEqual(
      v2EnvelopeShape.map((f) => f.name),
      names(doc1, '2.2 Response envelope'),
    );
    assert.deepEqual(
      v3Conventions.envelope.map((f) => f.name),
      names(doc2, '2.3 Response envelope'),
    );
    const claims = tables(section(doc2, '2.1 Client assertion').body)[0].rows;
    assert.deepEqual(
      clientAssertionClaims.map((c) => [c.name, c.type, c.required]),
      claims.map((r) => [r[0], r[1], r[2] === 'Yes']),
    );
    assert.deepEqual(
      catalogue.shapes['access-token'].map((f) => [f.name, f.type]),
      tables(section(doc2, '2.2 Access token').body)[0].rows.map((r) => [r[0], r[1]]),
    );
  });
});

describeWithSeeds('fields the client fills itself (filledByClient)', () => {
  const filled = (e: Endpoint) => (e.body ?? []).filter((f) => f.filledByClient).map((f) => f.name);

  it('is the signature of every signed-v2 endpoint, still required as the document says', () => {
    const signed = catalogue.endpoints.filter((e) => e.auth === 'signed-v2');
    assert.equal(signed.length, 14);
    for (const e of signed) {
      assert.deepEqual(filled(e), ['signature'], e.id);
      const sig = e.body!.find((f) => f.name === 'signature')!;
      assert.equal(sig.required, true, e.id);
      assert.match(sig.filledByClient!, /RSA-SHA256/, e.id);
    }
  });

  it('is the clientAssertion of the token exchange, and nothing else anywhere', () => {
    const tokens = endpointById('v3.auth.tokens')!;
    assert.deepEqual(filled(tokens), ['clientAssertion']);
    assert.match(tokens.body!.find((f) => f.name === 'clientAssertion')!.filledByClient!, /RS256 JWT/);
    for (const e of catalogue.endpoints.filter((x) => x.auth !== 'signed-v2' && x.id !== tokens.id)) assert.deepEqual(filled(e), [], e.id);
  });
});
