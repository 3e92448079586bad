import assert from 'node:assert/strict';
import { catalogue, signedFields, templateText } from '../../engine/catalogue/index';
import type { Endpoint } from '../../engine/catalogue/types';
import { backtickedAfter, describeWithSeeds, readSeed, section } from './seedDoc';

const doc1 = readSeed('000');
const v2 = catalogue.endpoints.filter((e) => e.api === 'payout-v2');
const signed = v2.filter((e) => e.auth === 'signed-v2');
const docSection = (e: Endpoint) => section(doc1, `${e.source.replace('doc 1 §', '')} ${e.method} ${e.path}`).body;

describeWithSeeds('signed strings', () => {
  it('every signed-v2 endpoint has a template over body fields and a required signature field', () => {
    assert.equal(signed.length, 14);
    for (const e of signed) {
      assert.ok(e.signedString, `${e.id} has a signed string`);
      const body = new Map(e.body?.map((f) => [f.name, f]));
      for (const s of e.signedString.segments) assert.ok(body.has(s.field), `${e.id}: signed ${s.field} is a body field`);
      const sig = body.get('signature');
      assert.ok(sig && sig.required === true && sig.type === 'string', `${e.id} has a required string signature`);
      assert.ok(!signedFields(e).has('signature'));
    }
  });

  it('unsigned endpoints have no signed string', () => {
    for (const e of catalogue.endpoints.filter((x) => x.auth !== 'signed-v2')) assert.equal(e.signedString, undefined, e.id);
  });

  it('each request template is the one the document prints in its section', () => {
    for (const e of signed) {
      const printed = backtickedAfter(docSection(e), /Signed string(?: \([^)]*\))?:/);
      assert.equal(printed.length, 1, `${e.id}: one signed string in the section`);
      assert.equal(templateText(e.signedString!), printed[0], e.id);
    }
  });

  it('each response signature is the one the document prints', () => {
    for (const e of v2) {
      const printed = backtickedAfter(docSection(e), /`signature` over/);
      if (e.id === 'v2.orders.create-sell-order' || e.id === 'v2.orders.details' || e.id === 'v2.orders.create-cashout') {
        // The order object's signature is printed in doc 1 §2.3.
        const order = backtickedAfter(section(doc1, '2.3 Order object').body, /Over/);
        assert.equal(templateText(e.response!.signature!), order[0], e.id);
        continue;
      }
      if (printed.length === 0) {
        assert.equal(e.response?.signature, undefined, `${e.id}: the document signs no response`);
        continue;
      }
      assert.equal(templateText(e.response!.signature!), printed[0], e.id);
    }
    const banks = catalogue.endpoints.find((e) => e.id === 'v2.bank.get-supported-banks')!;
    assert.deepEqual(banks.response!.signature!.segments, [], 'bank list signature is <secretKey> alone');
  });

  it('signs omitted fields as the document says: 0 for review/create-sell-order fiatAmount, undefined otherwise', () => {
    const zero = signed.flatMap((e) => e.signedString!.segments.filter((s) => s.omittedAs === '0').map((s) => `${e.id}:${s.field}`));
    assert.deepEqual(zero.sort(), ['v2.orders.create-sell-order:fiatAmount', 'v2.orders.review-sell-order:fiatAmount']);
    const byId = (id: string) => signed.find((e) => e.id === id)!.signedString!.segments;
    const cashout = byId('v2.orders.create-cashout');
    for (const f of ['fiatCurrency', 'fiatAmount']) assert.match(cashout.find((s) => s.field === f)!.omissionNote!, /46/);
    const sell = byId('v2.orders.create-sell-order').find((s) => s.field === 'bankAccountNumber')!;
    assert.equal(sell.omittedAs, 'undefined');
    assert.match(sell.omissionNote!, /not rejected as missing/);
  });

  it('notes the rejected KYC profile signs `undefined|REJECTED|<secretKey>`', () => {
    const kyc = catalogue.endpoints.find((e) => e.id === 'v2.user.get-kyc-information')!;
    assert.ok(kyc.response!.signature!.notes!.some((n) => n.includes('`undefined|REJECTED|<secretKey>`')));
  });

  it('the webhook is signed like the order object', () => {
    assert.equal(templateText(catalogue.webhook!.signature), 'externalOrderId|type|fiatAmount|status|<secretKey>');
    assert.deepEqual([...catalogue.webhook!.firesOn], ['SUCCESS', 'ERROR']);
  });
});
