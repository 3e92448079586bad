// One validator per field format (engine/catalogue/formats.ts): the same inputs through lint (a
// submit-kyc or create-sell-order request in a .payout.http file) and through the local sandbox's
// validation (engine/sandbox/validate.ts: KYC fields, the user e-mail, transfer content) get the same verdict. The decisions
// for the open cases (`UK`, `AC`, `a@b.c`, data URLs with line breaks) are in docs/catalogue.md.
import assert from 'node:assert/strict';
import { endpointById } from '../../engine/catalogue/index';
import { isUnaccented } from '../../engine/catalogue/formats';
import { lintText } from '../../engine/language';
import { emailProblem } from '../../engine/sandbox/kyc';
import { validateFields } from '../../engine/sandbox/validate';

const kyc = endpointById('v2.user.submit-kyc')!;

/** Whether lint reports `code` on the value of `field` in a request that sets only that field. */
function lintRejects(endpoint: 'submit-kyc' | 'create-sell-order', field: string, value: string, code: string): boolean {
  const path = endpoint === 'submit-kyc' ? '/api/v2/user/submit-kyc' : '/api/v2/orders/create-sell-order';
  const text = `POST {{base_url}}${path}\nContent-Type: application/json\n\n${JSON.stringify({ [field]: value }, null, 2)}\n`;
  const found = lintText(text, { fileDir: '/nonexistent', environment: 'none', loadEnvironment: () => ({}) });
  return found.some((d) => d.code === code && d.range.start.line >= 4);
}

/** Whether the sandbox refuses the value of `field` in a submit-kyc body. */
function sandboxRejectsKyc(field: string, value: string): boolean {
  // The sandbox's validation of that one field (the format checks moved there from kyc.ts, issue 24).
  return (
    validateFields(
      kyc,
      { [field]: value },
      kyc.body!.filter((f) => f.name === field),
    ) !== undefined
  );
}

const CASES: {
  name: string;
  field: string;
  code: string;
  valid: string[];
  invalid: string[];
  sandbox: (v: string) => boolean;
  endpoint?: 'create-sell-order';
}[] = [
  {
    name: 'e-mail (27)',
    field: 'userEmail',
    code: 'payout/email-format',
    valid: ['alice@example.com', 'a.b+c@mail.example.vn', 'x@y.io'],
    invalid: ['a@b.c', 'alice@', 'alice', 'al ice@example.com', '@example.com', 'alice@example'],
    sandbox: (v) => emailProblem(v) !== undefined,
  },
  {
    name: 'nationality, ISO 3166-1 alpha-2',
    field: 'nationality',
    code: 'payout/country-code',
    valid: ['VN', 'PH', 'GB', 'US', 'AX'],
    invalid: ['UK', 'AC', 'EU', 'XK', 'vn', 'VNM', 'ZZ', 'Vietnam'],
    sandbox: (v) => sandboxRejectsKyc('nationality', v),
  },
  {
    name: 'dates',
    field: 'dateOfBirth',
    code: 'payout/date-format',
    valid: ['1990-01-31', '2024-02-29'],
    invalid: ['2023-02-29', '1990-13-01', '31/01/1990', '1990-1-31', '19900131'],
    sandbox: (v) => sandboxRejectsKyc('dateOfBirth', v),
  },
  {
    name: 'image data URLs (58)',
    field: 'frontIdImage',
    code: 'payout/data-url',
    valid: ['data:image/jpeg;base64,AAAA', 'data:image/png;base64,iVBORw0KGgo=', 'data:IMAGE/JPEG;base64,AAAA'],
    invalid: [
      'AAAABBBB',
      'data:image/jpeg;base64,AA AA',
      'data:image/jpeg;base64,AA\nAA',
      'data:application/pdf;base64,AAAA',
      'data:image/jpeg,AAAA',
      'data:image/jpeg;base64,A=A',
    ],
    sandbox: (v) => sandboxRejectsKyc('frontIdImage', v),
  },
  {
    name: 'PDF data URLs (58)',
    field: 'kycReport',
    code: 'payout/data-url',
    valid: ['data:application/pdf;base64,JVBERi0='],
    invalid: ['data:image/png;base64,AAAA', 'JVBERi0='],
    sandbox: (v) => sandboxRejectsKyc('kycReport', v),
  },
  {
    name: 'digits only',
    field: 'phoneCountryCode',
    code: 'payout/digits-only',
    valid: ['84', '63', '1'],
    invalid: ['+84', '84 ', 'vn'],
    sandbox: (v) => sandboxRejectsKyc('phoneCountryCode', v),
  },
  {
    name: 'unaccented transfer text (17)',
    field: 'content',
    code: 'payout/unaccented-text',
    endpoint: 'create-sell-order',
    valid: ['Coffee', 'Ca phe sua 2', ''],
    invalid: ['Cà phê sữa', 'Coffee!', 'Đà Nẵng', 'tab\there'],
    sandbox: (v) => !isUnaccented(v),
  },
];

describe('field formats: lint and the sandbox agree (engine/catalogue/formats.ts)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      for (const v of [...c.valid, ...c.invalid]) {
        const expected = c.invalid.includes(v);
        const lint = lintRejects(c.endpoint ?? 'submit-kyc', c.field, v, c.code);
        const sandbox = c.sandbox(v);
        assert.equal(lint, expected, `lint ${expected ? 'accepts' : 'rejects'} ${c.field} ${JSON.stringify(v)}`);
        assert.equal(sandbox, expected, `the sandbox ${expected ? 'accepts' : 'rejects'} ${c.field} ${JSON.stringify(v)}`);
      }
    });
  }
});
