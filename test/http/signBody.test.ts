// A signed /api/v2 body is sent as the user typed it, with the signature added as one more member:
// the bytes the service parses are the ones in the file (the signed string is built from them).
import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointById } from '../../engine/catalogue';
import { signV2Body } from '../../engine/http/signBody';
import { buildCanonical, signText } from '../../engine/signing';

const privateKey = createPrivateKey(readFileSync(join(__dirname, '..', 'fixtures', 'keys', 'test-partner-private.pem'), 'utf8'));
const creds = { partnerCode: 'P1', secretKey: 'test-secret', privateKey, problems: {} };
const verify = endpointById('v2.account.verify')!;

describe('http/signBody', () => {
  it('adds the signature without reformatting the body: one line, tabs, CRLF and nested objects stay as typed', () => {
    const bodies = [
      '{"partnerCode":"P1","currency":"USDT"}',
      '{\r\n\t"partnerCode": "P1",\r\n\t"currency": "USDT",\r\n\t"extra": {"a": [1,2]}\r\n}',
      '{\n    "partnerCode": "P1"\n}\n',
    ];
    for (const body of bodies) {
      const signed = signV2Body(verify, body, creds, []);
      assert.deepEqual(signed.problems, []);
      const signature = signText(buildCanonical(verify.signedString!, JSON.parse(body)).withSecret('test-secret'), privateKey);
      assert.equal(signed.signing?.signature, signature);
      const member = `"signature": ${JSON.stringify(signature)}`;
      const expected: Record<string, string> = {
        [bodies[0]]: `{"partnerCode":"P1","currency":"USDT", ${member}}`,
        [bodies[1]]: `{\r\n\t"partnerCode": "P1",\r\n\t"currency": "USDT",\r\n\t"extra": {"a": [1,2]},\r\n\t${member}\r\n}`,
        [bodies[2]]: `{\n    "partnerCode": "P1",\n    ${member}\n}\n`,
      };
      assert.equal(signed.body, expected[body]);
    }
  });

  it('explains a typed signature that does not match, unless the caller explains it itself (`explain` would search twice)', () => {
    const wrong = signText('P1|<not the string>', privateKey);
    const body = `{"partnerCode":"P1","signature":"${wrong}"}`;
    const explained = signV2Body(verify, body, creds, []);
    const left = signV2Body(verify, body, creds, [], false);
    for (const r of [explained, left]) {
      assert.equal(r.signing?.typedMatches, false);
      assert.deepEqual(r.warnings, ['the signature typed in the body does not match the one computed from the body; it is sent as typed']);
    }
    assert.equal(explained.signing?.explanation?.verifiedAsExpected, false);
    assert.equal(left.signing?.explanation, undefined);
  });
});
