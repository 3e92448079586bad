import assert from 'node:assert/strict';
import {
  catalogue,
  CASHOUT_RECIPIENT_TYPES,
  endpointById,
  limitByName,
  responseFields,
  sellExtendInfoKeyRead,
  sellExtendInfoRuleFor,
  signedFields,
} from '../../engine/catalogue/index';
import { describeWithSeeds, readSeed, section, tables } from './seedDoc';

const doc1 = readSeed('000');
const doc2 = readSeed('001');

describeWithSeeds('state machines', () => {
  it('order statuses and terminal flags are those of doc 1 §3.1', () => {
    const rows = tables(section(doc1, '3.1 Order status').body)[0].rows;
    assert.deepEqual(
      catalogue.orderStates.states.map((s) => [s.name, s.meaning, s.terminal ? 'Yes' : 'No']),
      rows,
    );
  });

  it('settlement moves every non-terminal status to SUCCESS or ERROR, and terminal statuses nowhere', () => {
    const t = catalogue.orderStates.transitions;
    for (const s of catalogue.orderStates.states) {
      const out = t
        .filter((x) => x.from === s.name && x.trigger === 'settlement')
        .map((x) => x.to)
        .sort();
      assert.deepEqual(out, s.terminal ? [] : ['ERROR', 'SUCCESS'], s.name);
    }
    assert.deepEqual(
      t.filter((x) => x.from === null).map((x) => [x.trigger, x.to]),
      [
        ['create-sell-order', 'AWAITING_PAYMENT'],
        ['create-cashout', 'AWAITING_PAYMENT'],
      ],
    );
  });

  it('KYC and supplement statuses are the values of doc 1 §2.4; assumed moves are marked', () => {
    assert.deepEqual(catalogue.shapes['kyc-profile'].find((f) => f.name === 'kycStatus')!.enum, ['PROCESSING', 'VERIFIED', 'REJECTED']);
    assert.deepEqual(
      catalogue.kycSupplementStates.states.map((s) => s.name),
      ['NONE', 'SUBMITTED', 'REJECTED', 'APPROVED'],
    );
    for (const m of [catalogue.kycStates, catalogue.kycSupplementStates]) {
      for (const t of m.transitions.filter((x) => x.trigger === 'review')) assert.ok(t.assumption);
    }
  });
});

describeWithSeeds('simulations (doc 2 §3)', () => {
  it('have the documented outcomes per endpoint, FAILED ending in ERROR', () => {
    const rows = tables(section(doc2, '3. States').body)[0].rows;
    const outcomes = (kind: string) => rows.filter((r) => r[0] === kind).map((r) => r[2]);
    const sim = (type: string) => catalogue.simulations.find((s) => s.orderType === type)!;
    assert.deepEqual(
      sim('SELL').outcomes.map((o) => o.value),
      outcomes('scan-to-pay'),
    );
    assert.deepEqual(
      sim('CASHOUT').outcomes.map((o) => o.value),
      outcomes('cashout'),
    );
    for (const s of catalogue.simulations) {
      const e = endpointById(s.endpointId)!;
      assert.equal(e.auth, 'sandbox-only');
      assert.deepEqual(
        e.body!.find((f) => f.name === 'outcome')!.enum,
        s.outcomes.map((o) => o.value),
      );
      assert.equal(s.outcomes.find((o) => o.value === 'FAILED')!.orderStatus, 'ERROR');
      assert.equal(s.outcomes.find((o) => o.value === 'PROCESSING')?.webhook ?? false, false);
    }
  });
});

describeWithSeeds('limits', () => {
  it('has machine-readable amounts', () => {
    assert.equal(limitByName('order-lifetime')!.amount, 15);
    assert.equal(limitByName('philippines-qrcode-min-amount')!.amount, 200);
    assert.equal(limitByName('cashout-floor-vnd')!.amount, 10000);
    assert.equal(limitByName('cashout-floor-vnd')!.errorCode, 16);
    assert.equal(limitByName('access-token-lifetime')!.amount, 60);
    const gen = endpointById('v2.public.generate-philippines-qrcode')!.body![0];
    assert.equal(gen.minimum, limitByName('philippines-qrcode-min-amount')!.amount);
  });
});

describeWithSeeds('extendInfo', () => {
  it('create-sell-order rules by fiatCurrency follow doc 1 §4.13', () => {
    const php = sellExtendInfoRuleFor('PHP');
    assert.equal(php.key, 'PH');
    assert.deepEqual(php.requiredMembers, [
      { name: 'recipientName', errorCode: 18 },
      { name: 'additionalData', errorCode: 44 },
    ]);
    assert.equal(php.rejections![0].errorCode, 18);
    assert.equal(sellExtendInfoRuleFor('GEL').missingKeyErrorCode, 1);
    for (const [cur, key] of [
      ['BRL', 'BR'],
      ['ARS', 'AR'],
      ['PEN', 'PE'],
    ]) {
      assert.equal(sellExtendInfoRuleFor(cur).key, key);
      assert.equal(sellExtendInfoRuleFor(cur).required, 'in-practice');
    }
    for (const cur of ['VND', 'NGN', 'IDR']) assert.equal(sellExtendInfoRuleFor(cur).key, null);
    assert.equal(sellExtendInfoKeyRead({ PE: {}, AR: {} }), 'AR');
    assert.equal(sellExtendInfoKeyRead({ BR: null, PE: {} }), 'PE');
    const members = endpointById('v2.orders.create-sell-order')!
      .body!.find((f) => f.name === 'extendInfo')!
      .members!.map((m) => m.name);
    for (const k of ['qrType', 'PH', 'GE', 'BR', 'AR', 'PE', 'ID', 'TH', 'VN']) assert.ok(members.includes(k), k);
  });

  it('extendInfo is never signed', () => {
    for (const e of catalogue.endpoints) assert.ok(!signedFields(e).has('extendInfo'), e.id);
  });

  it('cashout recipientType is an assumed enum answering 5', () => {
    const ext = endpointById('v2.orders.create-cashout')!.body!.find((f) => f.name === 'extendInfo')!;
    const rt = ext.members!.find((m) => m.name === 'recipientType')!;
    assert.deepEqual(rt.enum, CASHOUT_RECIPIENT_TYPES);
    assert.equal(rt.errorCode, 5);
    assert.ok(rt.assumption);
  });
});

describeWithSeeds('v3 surface', () => {
  it('mirrors v2 bodies without partnerCode, userEmail and signature', () => {
    const pairs: [string, string][] = [
      ['v3.kyc.submissions', 'v2.user.submit-kyc'],
      ['v3.scan-to-pay.quotes', 'v2.orders.review-sell-order'],
      ['v3.scan-to-pay.orders', 'v2.orders.create-sell-order'],
      ['v3.cashout.quotes', 'v2.orders.review-cashout'],
      ['v3.cashout.orders', 'v2.orders.create-cashout'],
    ];
    for (const [v3, v2] of pairs) {
      const expected = endpointById(v2)!
        .body!.map((f) => f.name)
        .filter((n) => !['partnerCode', 'userEmail', 'signature'].includes(n));
      assert.deepEqual(
        endpointById(v3)!.body!.map((f) => f.name),
        expected,
        v3,
      );
      for (const f of endpointById(v3)!.body!)
        assert.ok(!/\bsigned\b/i.test(f.notes ?? ''), `${v3}.${f.name} notes do not talk about signing`);
    }
  });

  it('token exchange takes clientAssertion and userEmail and answers accessToken, expiresAt', () => {
    const e = endpointById('v3.auth.tokens')!;
    assert.deepEqual(
      e.body!.map((f) => [f.name, f.required]),
      [
        ['clientAssertion', true],
        ['userEmail', true],
      ],
    );
    assert.deepEqual(
      responseFields(e).map((f) => [f.name, f.type]),
      [
        ['accessToken', 'string'],
        ['expiresAt', 'integer'],
      ],
    );
  });

  it('the ledger entries carry the fields the test pass needs', () => {
    const entries = responseFields(endpointById('v3.fund.ledger')!)[0];
    assert.deepEqual(
      entries.members!.map((m) => m.name),
      ['id', 'at', 'kind', 'currency', 'amount', 'balanceAfter', 'externalOrderId'],
    );
    assert.deepEqual(entries.members!.find((m) => m.name === 'kind')!.enum, ['DEBIT', 'REFUND', 'CREDIT']);
  });

  it('every referenced shape exists', () => {
    for (const e of catalogue.endpoints) {
      const s = e.response?.shape;
      if (s) assert.ok(catalogue.shapes[s]?.length, `${e.id}: ${s}`);
    }
  });
});
