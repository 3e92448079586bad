// EMVCo merchant QR decoding (doc 1 §4.7) and the QR Ph generator (§4.8). The sample strings were
// built outside this codebase with Python's binascii.crc_hqx (an independent CRC-16/CCITT-FALSE);
// the PIX one is the Banco Central do Brasil's published example.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { QR_COUNTRY_CODES, QR_TYPES } from '../../engine/catalogue/index';
import { crc16, parseEmv } from '../../engine/sandbox/qr/emv';
import { decodeQr, type QrInfo } from '../../engine/sandbox/qr/decode';
import { buildMerchantQr, philippinesQr } from '../../engine/sandbox/qr/generate';
import { bankName } from '../../engine/sandbox/market';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients } from './client';

const SAMPLES = {
  vietqr:
    '00020101021238540010A00000072701240006970436011001234567890208QRIBFTTA53037045405500005802VN5913NGUYEN VAN AN6006HA NOI62230819Thanh toan don hang630498E1',
  qrph: '00020101021127580012com.p2pqrpay0111GXCHPHM2XXX0208999644030411091712345675204601653036085802PH5914JUAN DELA CRUZ6006MANILA6304FA33',
  promptpay: '00020101021229370016A0000006770101110113006681234567853037645406100.005802TH6304F142',
  pixBcb:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  qris: '00020101021126620013ID.CO.BCA.WWW011893600014000000000102120001950241000303UMI51440014ID.CO.QRIS.WWW0215ID10200123456780303UMI5204581253033605802ID5912WARUNG MAKAN6007JAKARTA63042F42',
  unknown: '00020101021126320019com.example.unknown01051234553038405802US5904SHOP6003NYC63049ECD',
};

function decoded(s: string): QrInfo {
  const r = decodeQr(s, bankName);
  assert.ok(r.ok, r.ok ? '' : r.reason);
  return r.info;
}

describe('EMV QR codec', () => {
  it('CRC-16/CCITT-FALSE check value', () => {
    assert.equal(crc16('123456789'), '29B1');
  });

  it('VietQR: bank BIN, account, amount, content', () => {
    const i = decoded(SAMPLES.vietqr);
    assert.equal(i.qrType, 'vietqr');
    assert.equal(i.countryCode, 'VN');
    assert.equal(i.bankCode, '970436');
    assert.equal(i.bankName, 'Vietcombank');
    assert.equal(i.bankAccountNumber, '0123456789');
    assert.equal(i.recipientName, 'NGUYEN VAN AN');
    assert.equal(i.amount, 50000);
    assert.equal(i.content, 'Thanh toan don hang');
  });

  it('QR Ph person-to-person (com.p2pqrpay), static: no amount', () => {
    const i = decoded(SAMPLES.qrph);
    assert.equal(i.qrType, 'com.p2pqrpay');
    assert.equal(i.countryCode, 'PH');
    assert.equal(i.bankCode, 'GXCHPHM2XXX');
    assert.equal(i.bankName, 'GCash');
    assert.equal(i.bankAccountNumber, '09171234567');
    assert.equal(i.amount, undefined);
    assert.ok(Object.keys(i.additionalData).length > 0);
  });

  it('PromptPay (thailand.pwc), PIX (the BCB example), QRIS', () => {
    const pp = decoded(SAMPLES.promptpay);
    assert.deepEqual([pp.qrType, pp.countryCode, pp.bankAccountNumber, pp.amount], ['thailand.pwc', 'TH', '0066812345678', 100]);
    const pix = decoded(SAMPLES.pixBcb);
    assert.deepEqual(
      [pix.qrType, pix.countryCode, pix.recipientName, pix.bankAccountNumber],
      ['PIX', 'BR', 'Fulano de Tal', '123e4567-e12b-12d1-a456-426655440000'],
    );
    const qris = decoded(SAMPLES.qris);
    assert.deepEqual([qris.qrType, qris.bankCode, qris.recipientName], ['qris', '93600014', 'WARUNG MAKAN']);
  });

  it('every decoded qrType is one the document lists; countries too, except QRIS (see docs/sandbox.md)', () => {
    for (const s of [SAMPLES.vietqr, SAMPLES.qrph, SAMPLES.promptpay, SAMPLES.pixBcb]) {
      const i = decoded(s);
      assert.ok(QR_TYPES.includes(i.qrType), i.qrType);
      assert.ok(QR_COUNTRY_CODES.includes(i.countryCode), i.countryCode);
    }
  });

  it('refuses a wrong CRC, a truncated string, text that is not EMV, an unknown scheme, each saying why', () => {
    const badCrc = SAMPLES.vietqr.slice(0, -4) + '0000';
    const r1 = decodeQr(badCrc, bankName);
    assert.ok(!r1.ok && /CRC is 0000 but the content gives 98E1/.test(r1.reason));
    const r2 = decodeQr(SAMPLES.vietqr.slice(0, 40), bankName);
    assert.ok(!r2.ok);
    const r3 = decodeQr('https://example.com/pay', bankName);
    assert.ok(!r3.ok && /000201/.test(r3.reason));
    const r4 = decodeQr(SAMPLES.unknown, bankName);
    assert.ok(!r4.ok && /com\.example\.unknown/.test(r4.reason));
  });

  it('a QR whose CRC value is itself 6304 decodes (fast-check counterexample, seed -388589327)', () => {
    const s = '00020101021238470010A0000007270129000697041501154391406013498165204000053037045402165802VN5903Q4L6003HCM62050801 63046304';
    assert.equal(crc16(s.slice(0, -4)), '6304');
    const i = decoded(s);
    assert.deepEqual([i.bankAccountNumber, i.amount, i.recipientName, i.content], ['439140601349816', 16, 'Q4L', ' ']);
  });

  it('property: any generated merchant QR decodes back to its fields; any single changed character is caught', () => {
    const text = fc.stringMatching(/^[A-Z0-9 ]{1,20}$/);
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6,19}$/),
        fc.integer({ min: 1, max: 99_999_999 }),
        text,
        text,
        fc.nat(),
        (account, amount, name, content, pos) => {
          const s = buildMerchantQr({
            templateId: '38',
            template: [
              ['00', 'A000000727'],
              ['01', `0006970415${`01${String(account.length).padStart(2, '0')}${account}`}`],
            ],
            currency: '704',
            amount,
            country: 'VN',
            name,
            city: 'HCM',
            additional: [['08', content]],
          });
          const i = decoded(s);
          assert.deepEqual([i.bankAccountNumber, i.amount, i.recipientName, i.content], [account, amount, name, content]);
          const at = pos % s.length;
          const flipped = s.slice(0, at) + (s[at] === '1' ? '2' : '1') + s.slice(at + 1);
          assert.equal(decodeQr(flipped, bankName).ok, false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the QR Ph generator produces a string that parses as EMV and decodes as ph.ppmi.p2m', () => {
    const s = philippinesQr(250.5, '000123456789');
    assert.ok(parseEmv(s));
    const i = decoded(s);
    assert.deepEqual([i.qrType, i.countryCode, i.amount, i.bankCode], ['ph.ppmi.p2m', 'PH', 250.5, 'GXCHPHM2XXX']);
  });
});

describe('sandbox QR endpoints (real process)', function () {
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess();
  });
  after(async () => sb?.stop());

  const info = async (qrContent: string) => {
    const res = await fetch(`${sb.url}/api/v2/public/get-qr-code-info?qrContent=${encodeURIComponent(qrContent)}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON answer; each test checks the fields it reads
    return { status: res.status, body: (await res.json()) as { success: boolean; errorCode: number; data: any; message: string } };
  };

  it('get-qr-code-info: public, unsigned, decodes; 33 otherwise', async () => {
    const r = await info(SAMPLES.vietqr);
    assert.equal(r.body.success, true);
    assert.equal(r.body.data.bankCode, '970436');
    assert.equal(r.body.data.signature, undefined);
    const bad = await info(SAMPLES.unknown);
    assert.equal(bad.body.errorCode, 33);
    assert.equal(bad.status, 201);
    // The message says why the string was refused.
    assert.equal(
      bad.body.message,
      'the QR format is not supported: no supported QR format uses the merchant account identifier com.example.unknown.',
    );
  });

  it('get-qr-code-info without qrContent, or with an empty one: 33, saying which query parameter to pass', async () => {
    for (const query of ['', '?qrContent=']) {
      const res = await fetch(`${sb.url}/api/v2/public/get-qr-code-info${query}`);
      const body = (await res.json()) as { errorCode: number; message: string; data: unknown };
      assert.deepEqual(
        [res.status, body.errorCode, body.message, body.data],
        [201, 33, 'qrContent is missing: pass the raw string the scanner read as the qrContent query parameter', null],
        query,
      );
    }
  });

  it('generate-philippines-qrcode -> get-qr-code-info round trip; 5 below 200', async () => {
    const gen = await fetch(`${sb.url}/api/v2/public/generate-philippines-qrcode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 200 }),
    });
    const g = (await gen.json()) as { data: { qrContent: string } };
    const r = await info(g.data.qrContent);
    assert.equal(r.body.success, true, r.body.message);
    assert.equal(r.body.data.qrType, 'ph.ppmi.p2m');
    assert.equal(r.body.data.amount, 200);
    // Each code is a new merchant: a random 12-digit merchant id (the account the order pays).
    assert.match(r.body.data.bankAccountNumber, /^\d{12}$/);
    const again = (await (
      await fetch(`${sb.url}/api/v2/public/generate-philippines-qrcode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 200 }),
      })
    ).json()) as { data: { qrContent: string } };
    assert.notEqual((await info(again.data.qrContent)).body.data.bankAccountNumber, r.body.data.bankAccountNumber);
    const low = await fetch(`${sb.url}/api/v2/public/generate-philippines-qrcode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 199 }),
    });
    assert.equal(((await low.json()) as { errorCode: number }).errorCode, 5);
    const broken = await fetch(`${sb.url}/api/v2/public/generate-philippines-qrcode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"amount": 200',
    });
    const b = (await broken.json()) as { errorCode: number; message: string };
    assert.equal(b.errorCode, 5);
    assert.match(b.message, /^The body is not valid JSON \(.+\): fix the syntax$/);
  });

  it('a decoded QR Ph feeds create-sell-order extendInfo as received', async () => {
    const { v2 } = localClients(sb.home);
    const { verifiedUser } = await import('./client');
    const userEmail = await verifiedUser(v2);
    const q = (await info(philippinesQr(500, '000987654321'))).body.data;
    const r = await v2.call('v2.orders.create-sell-order', {
      externalOrderId: `qr-${Date.now()}`,
      currency: 'USDT',
      fiatAmount: q.amount,
      fiatCurrency: 'PHP',
      userEmail,
      bankCode: q.bankCode,
      bankAccountNumber: q.bankAccountNumber,
      content: 'Lunch',
      extendInfo: { qrType: q.qrType, PH: { recipientName: q.recipientName, additionalData: q.additionalData } },
    });
    assert.equal(r.body.success, true, r.body.message);
  });

  it('v3 qr-decodings: no token needed', async () => {
    const res = await fetch(`${sb.url}/v3/scan-to-pay/qr-decodings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ qrContent: SAMPLES.pixBcb }),
    });
    const body = (await res.json()) as { code: string; data: QrInfo };
    assert.equal(res.status, 200);
    assert.equal(body.code, 'SUCCESS');
    assert.equal(body.data.qrType, 'PIX');
    const bad = await fetch(`${sb.url}/v3/scan-to-pay/qr-decodings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ qrContent: 'nope' }),
    });
    assert.equal(((await bad.json()) as { code: string }).code, 'QR_CODE_NOT_SUPPORTED');
  });
});
