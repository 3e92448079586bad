import assert from 'node:assert/strict';
import {
  catalogue,
  errorByCode,
  errorBySemanticCode,
  errorsFor,
  sharedErrorsFor,
  sharedV3ErrorsFor,
  endpointById,
  v3ErrorByCode,
} from '../../engine/catalogue/index';
import { describeWithSeeds, readSeed, section, tables } from './seedDoc';

const doc1 = readSeed('000');
const doc2 = readSeed('001');

describeWithSeeds('error catalogue against doc 1 §7', () => {
  const errorTables = tables(section(doc1, '7. Errors').body);
  const mappedTable = errorTables.find((t) => t.header[1] === 'semanticCode')!;
  const unmappedTable = errorTables.find((t) => t.header[1] === 'Meaning of the message')!;

  it('finds both tables in the document', () => {
    assert.ok(mappedTable.rows.length > 40);
    assert.equal(unmappedTable.rows.length, 14);
  });

  it("has every mapped row, code and semanticCode, with the document's condition", () => {
    for (const [code, semanticCode, condition] of mappedTable.rows) {
      const e = errorByCode(Number(code));
      assert.ok(e, `code ${code} is in the catalogue`);
      assert.equal(e.semanticCode, semanticCode, `code ${code}`);
      assert.equal(e.meaning.replace(/`/g, ''), condition, `code ${code} meaning`);
      assert.equal(e.mapped, true, `code ${code}`);
      assert.ok(e.check && e.check.length > 10, `code ${code} says what to check`);
    }
  });

  it('has every unmapped row as INTERNAL_SERVER_ERROR with mapped: false', () => {
    const codes = unmappedTable.rows.map((r) => Number(r[0]));
    assert.deepEqual(codes, [21, 28, 32, 39, 40, 41, 43, 45, 47, 49, 51, 54, 55, 57]);
    for (const [code, meaning] of unmappedTable.rows) {
      const e = errorByCode(Number(code))!;
      assert.equal(e.semanticCode, 'INTERNAL_SERVER_ERROR');
      assert.equal(e.mapped, false);
      assert.equal(e.meaning.replace(/`/g, ''), meaning);
    }
  });

  it('has no code the document lacks', () => {
    const documented = new Set([...mappedTable.rows, ...unmappedTable.rows].map((r) => Number(r[0])));
    assert.deepEqual(
      catalogue.errors.map((e) => e.code).filter((c) => !documented.has(c)),
      [],
    );
    assert.equal(catalogue.errors.length, documented.size);
  });

  it('marks retry exactly for the codes the document names', () => {
    const sentence = /Retry with backoff is appropriate for ([\d, and]+)\./.exec(section(doc1, '7. Errors').body)![1];
    const named = sentence.match(/\d+/g)!.map(Number);
    assert.deepEqual(
      catalogue.errors.filter((e) => e.retry).map((e) => e.code),
      named,
    );
  });

  it('answers HTTP 201 for business errors and 401 for 38 only', () => {
    for (const e of catalogue.errors.filter((x) => x.code !== 0)) assert.equal(e.httpStatus, e.code === 38 ? 401 : 201, `code ${e.code}`);
  });

  it('gives 66 and 67 their literal message and a fallback of our own', () => {
    for (const code of [66, 67]) {
      const e = errorByCode(code)!;
      assert.equal(e.literalMessage, `msg.${code}`);
      assert.ok(e.fallbackMessage && !e.fallbackMessage.startsWith('msg.'));
    }
  });

  it('looks codes up by semanticCode (INTERNAL_SERVER_ERROR is code 1)', () => {
    assert.equal(errorBySemanticCode('DUPLICATE_TRANSACTION_ID')?.code, 11);
    assert.equal(errorBySemanticCode('INTERNAL_SERVER_ERROR')?.code, 1);
    assert.equal(errorBySemanticCode('NOPE'), undefined);
  });

  it('every per-endpoint error code is a catalogue code, and never repeats a shared one', () => {
    for (const ep of catalogue.endpoints) {
      const shared = new Set(sharedErrorsFor(ep).map((e) => e.code));
      for (const c of ep.errors ?? []) {
        assert.ok(errorByCode(c), `${ep.id}: ${c}`);
        assert.ok(!shared.has(c), `${ep.id}: ${c} is already shared`);
      }
      for (const c of Object.keys(ep.errorNotes ?? {})) assert.ok(errorByCode(Number(c)), `${ep.id} note on ${c}`);
    }
  });

  it('shares 1, 2, 3, 4, 5, 19 in that order across signed endpoints, and nothing on public ones', () => {
    assert.deepEqual(
      sharedErrorsFor(endpointById('v2.orders.details')!).map((e) => e.code),
      [1, 2, 3, 4, 5, 19],
    );
    assert.deepEqual(sharedErrorsFor(endpointById('v2.public.get-qr-code-info')!), []);
    assert.deepEqual(
      errorsFor(endpointById('v2.orders.details')!).map((e) => e.code),
      [1, 2, 3, 4, 5, 19, 15],
    );
  });
});

describeWithSeeds('per-endpoint errors against doc 1 §4', () => {
  const numbers = (text: string) => (text.replace(/\([^)]*\)/g, '').match(/\b\d+\b/g) ?? []).map(Number);

  it('lists, for each endpoint, the codes its section names (shared ones aside)', () => {
    for (const ep of catalogue.endpoints.filter((e) => e.api === 'payout-v2')) {
      const body = section(doc1, `${ep.source.replace('doc 1 §', '')} ${ep.method} ${ep.path}`).body;
      const shared = new Set(sharedErrorsFor(ep).map((e) => e.code));
      let documented: number[] | undefined;
      const line = /^Errors(?: beyond the shared ones)?:(.*)$/m.exec(body)?.[1];
      if (line && !/not shown/.test(line)) {
        documented = numbers(line.replace(/everything review-cashout returns/, ''));
        if (/everything review-cashout returns/.test(line)) documented.push(...endpointById('v2.orders.review-cashout')!.errors!);
      }
      const table = tables(body).find((t) => t.header[0] === 'Code');
      if (table) documented = table.rows.flatMap((r) => numbers(r[0]));
      if (!documented) continue; // 4.2, 4.6, 4.8, 4.12: no error list in the section
      assert.deepEqual(
        [...new Set(ep.errors)].sort((a, b) => a - b),
        [...new Set(documented.filter((c) => !shared.has(c)))].sort((a, b) => a - b),
        ep.id,
      );
    }
  });
});

describeWithSeeds('v3 errors against doc 2 §7', () => {
  it('has every row with its HTTP status', () => {
    const rows = tables(section(doc2, '7. Errors').body)[0].rows;
    assert.equal(rows.length, catalogue.v3Errors.length);
    for (const [status, code, condition] of rows) {
      const e = v3ErrorByCode(code)!;
      assert.equal(e.httpStatus, Number(status));
      assert.equal(e.meaning.replace(/`/g, ''), condition);
    }
  });

  it('shares token and IP errors by auth kind', () => {
    assert.deepEqual(
      sharedV3ErrorsFor(endpointById('v3.auth.tokens')!).map((e) => e.code),
      ['INVALID_SIGNATURE', 'PARTNER_IP_NOT_ALLOWED'],
    );
    assert.deepEqual(
      sharedV3ErrorsFor(endpointById('v3.orders.get')!).map((e) => e.code),
      ['ACCESS_TOKEN_INVALID', 'PARTNER_IP_NOT_ALLOWED'],
    );
    assert.deepEqual(sharedV3ErrorsFor(endpointById('v2.orders.details')!), []);
  });
});
