// The local sandbox's own helpers (`payout-http sandbox`, docs/sandbox.md): endpoints that exist
// only there, never on the real Partner Payout Service, and appear in none of the documents. They
// are in the catalogue so request files may call them without lint calling them unknown, and so
// the sandbox router reads their paths from here. Plain JSON answers: no envelope, no signature.

import { bool, field, int, str } from './fieldBuilders';
import type { Endpoint } from './types';

const LOCAL = { api: 'local-sandbox', base: 'base_url', auth: 'none', source: 'payout-http docs/sandbox.md' } as const;

const ONLY_LOCAL =
  "Exists only in payout-http's local sandbox, not in the real service or its sandbox: use it against the `local` environment.";

/** One fault (docs/sandbox.md "Fault injection"); the sandbox checks the values against the catalogue. */
const FAULT_FIELDS = [
  str('endpoint', true, {
    notes: 'The catalogue id of an /api/v2 or /v3 endpoint (e.g. `v2.orders.review-cashout`), or `*` for all of them.',
  }),
  int('errorCode', true, { notes: 'A code of the error table (doc 1 §7), e.g. `9`; 38 answers HTTP 401, the others 201.' }),
  int('times', false, { minimum: 1, notes: 'How many requests it answers, then the endpoint works again; omitted: every request.' }),
  str('message', false, {
    notes: "Replaces the catalogue's meaning as the message; not allowed for 66 and 67, which always carry `msg.66` / `msg.67`.",
  }),
];

const FAULT_LIST = field('faults', 'array', true, {
  items: 'object',
  notes: 'The faults now active, in the order they are tried (endpoint-specific before `*`); `times` is what remains.',
  members: FAULT_FIELDS,
});

export const localSandboxEndpoints: Endpoint[] = [
  {
    id: 'sandbox.test-users',
    ...LOCAL,
    method: 'POST',
    path: '/sandbox/test-users',
    title: 'A fresh test user e-mail (local sandbox only)',
    notes: [ONLY_LOCAL, 'No body. A new address on every call, so a request file can run its test pass again and again.'],
    response: { fields: [str('userEmail', true, { format: 'email', notes: 'A fresh address, `tester-<hex>@example.com`.' })] },
  },
  {
    id: 'sandbox.health',
    ...LOCAL,
    method: 'GET',
    path: '/sandbox/health',
    title: 'Is the local sandbox up, and which process is it (local sandbox only)',
    notes: [ONLY_LOCAL, '`ensureLocalSandbox` reuses a running sandbox only when this answers with the pid in sandbox.json.'],
    response: {
      fields: [
        bool('ok', true),
        int('pid', true, { notes: 'The sandbox process.' }),
        str('url', true, { notes: 'Where it listens.' }),
        str('partnerCode', true, { notes: 'The generated local partner.' }),
      ],
    },
  },
  {
    id: 'sandbox.webhooks',
    ...LOCAL,
    method: 'GET',
    path: '/sandbox/webhooks',
    title: 'Webhook deliveries the local sandbox made (local sandbox only)',
    notes: [ONLY_LOCAL, "The local partner's built-in receiver `sandbox:inbox` records each delivery here with its signed payload."],
    query: [str('externalOrderId', false, { notes: "Only this order's deliveries; all of them when omitted." })],
    response: {
      fields: [
        field('deliveries', 'array', true, {
          items: 'object',
          notes: 'Oldest first.',
          members: [
            int('seq', true),
            str('at', true, { notes: 'ISO 8601 UTC.' }),
            str('partnerCode', true),
            str('url', true, { notes: 'The receiver; `sandbox:inbox` for the built-in one.' }),
            str('externalOrderId', true),
            str('status', true, { notes: 'The order status delivered.' }),
            str('result', true, { notes: "The receiver's HTTP status, or the network error." }),
            field('payload', 'object', false, { notes: 'The signed order object; recorded for `sandbox:inbox` only.' }),
          ],
        }),
      ],
    },
  },
  {
    id: 'sandbox.faults.add',
    ...LOCAL,
    method: 'POST',
    path: '/sandbox/faults',
    title: 'Make an endpoint answer an error code (local sandbox only)',
    notes: [
      ONLY_LOCAL,
      "Fault injection, for the codes the sandbox never produces on its own (9, 20, 38, 46, 66, 67, …): the endpoint answers the error envelope of the catalogue's error table after its shared checks, instead of its business logic. The same as an entry of the config file's `faults`; answers 400 with the problem and the fix for an invalid fault.",
    ],
    body: FAULT_FIELDS,
    response: { fields: [FAULT_LIST] },
  },
  {
    id: 'sandbox.faults.clear',
    ...LOCAL,
    method: 'DELETE',
    path: '/sandbox/faults',
    title: 'Remove every injected fault (local sandbox only)',
    notes: [ONLY_LOCAL, "No body. Removes the config file's faults too, until the sandbox restarts."],
    response: { fields: [FAULT_LIST] },
  },
  {
    id: 'sandbox.kyc-documents.get',
    ...LOCAL,
    method: 'GET',
    path: '/sandbox/kyc-documents/{kycId}/{document}',
    title: 'The digest of an uploaded KYC document (local sandbox only)',
    notes: [
      ONLY_LOCAL,
      "The sandbox's answer to the frontUrl, backUrl and holdUrl of a KYC profile. 404 when no such document is on file.",
    ],
    pathParams: [
      int('kycId', true, { notes: 'The KYC profile id, e.g. `1001` (the `id` submit-kyc answers).' }),
      str('document', true, { enum: ['front', 'back', 'hold'] }),
    ],
    response: {
      fields: [
        int('kycId', true),
        str('document', true),
        str('mime', true),
        int('bytes', true),
        str('sha256', true, { notes: 'Hex. The sandbox keeps this digest, not the image.' }),
        str('note', true),
      ],
    },
  },
  {
    id: 'sandbox.orders.qr',
    ...LOCAL,
    method: 'GET',
    path: '/sandbox/orders/{externalOrderId}/qr',
    title: 'The payment QR of a scan-to-pay order (local sandbox only)',
    notes: [ONLY_LOCAL, "The sandbox's answer to an order's `bankTransfer.qrUrl`. 404 when there is no scan-to-pay order with that id."],
    pathParams: [str('externalOrderId', true)],
    response: {
      fields: [
        str('externalOrderId', true),
        str('fiatCurrency', true),
        str('qrContent', true, { notes: 'The EMV string (VietQR for VND, QR Ph for PHP); null for other currencies.' }),
        str('note', false, { notes: 'Why qrContent is null.' }),
      ],
    },
  },
];
