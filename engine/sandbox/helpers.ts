// The local sandbox's own helpers (catalogue api 'local-sandbox', docs/sandbox.md): which paths and
// methods exist, and their parameters, come from the catalogue; this file only answers them. They
// are not part of the contract: plain JSON, no envelope, no signature.

import { catalogue } from '../catalogue/index';
import type { Endpoint } from '../catalogue/types';
import type { SandboxContext } from './context';
import { checkFault, isProblem } from './faults';
import { kycDocument } from './kyc';
import { orderQr } from './orderQr';
import { matchPath } from './route';
import type { HttpAnswer } from './v2';

interface HelperCall {
  ctx: SandboxContext;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The raw request body ('' when none). */
  body: string;
  /** The generated local partner, named by the health answer. */
  localPartnerCode: string;
}

const found = (body: unknown): HttpAnswer => ({ status: 200, body, logCode: '200' });
const notFound = (message: string): HttpAnswer => ({ status: 404, body: { message }, logCode: '404' });
const badRequest = (message: string): HttpAnswer => ({ status: 400, body: { message }, logCode: '400' });

/** POST /sandbox/faults: the same checks as the config file's `faults`, answered as a 400 instead of a startup error. */
function addFault(ctx: SandboxContext, body: string): HttpAnswer {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return badRequest('The body must be one fault as JSON, e.g. { "endpoint": "v2.wallet.balance", "errorCode": 9, "times": 1 }');
  }
  const r = checkFault(v);
  if (isProblem(r)) return badRequest(`fault${r.where}: ${r.problem}; ${r.fix}`);
  ctx.faults.add(r);
  return found({ faults: ctx.faults.list() });
}

const HELPERS: Record<string, (call: HelperCall) => HttpAnswer> = {
  // A fresh e-mail per call, so a request file can run its test pass again and again.
  'sandbox.test-users': ({ ctx }) => found({ userEmail: `tester-${ctx.randomId(6)}@example.com` }),
  'sandbox.health': ({ ctx, localPartnerCode }) => found({ ok: true, pid: process.pid, url: ctx.selfUrl(), partnerCode: localPartnerCode }),
  'sandbox.webhooks': ({ ctx, query }) => {
    const id = query.get('externalOrderId');
    return found({ deliveries: ctx.store.state.webhookDeliveries.filter((d) => !id || d.externalOrderId === id) });
  },
  'sandbox.kyc-documents.get': ({ ctx, params }) => {
    const doc = kycDocument(ctx, Number(params.kycId), params.document);
    return doc ? found(doc) : notFound('No such document on file');
  },
  'sandbox.faults.add': ({ ctx, body }) => addFault(ctx, body),
  'sandbox.faults.clear': ({ ctx }) => {
    ctx.faults.clear();
    return found({ faults: ctx.faults.list() });
  },
  'sandbox.orders.qr': ({ ctx, params }) => {
    const qr = orderQr(ctx, params.externalOrderId);
    return qr ? found(qr) : notFound('No scan-to-pay order with that id');
  },
};

const ENDPOINTS = catalogue.endpoints.filter((e) => e.api === 'local-sandbox');
for (const e of ENDPOINTS) if (!HELPERS[e.id]) throw new Error(`sandbox bug: no handler for the catalogue's ${e.id}`);
for (const id of Object.keys(HELPERS))
  if (!ENDPOINTS.some((e) => e.id === id)) throw new Error(`sandbox bug: ${id} is not in the catalogue`);

/** Path parameters as the catalogue types them: an integer is digits, an enum one of its values. */
function paramsFit(endpoint: Endpoint, params: Record<string, string>): boolean {
  return (endpoint.pathParams ?? []).every((p) => {
    const v = params[p.name] ?? '';
    return (p.type !== 'integer' || /^\d+$/.test(v)) && (!p.enum || p.enum.includes(v));
  });
}

/** The answer of the helper at `method path`, or undefined when no helper is there. */
export function handleHelper(
  ctx: SandboxContext,
  localPartnerCode: string,
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
): HttpAnswer | undefined {
  for (const e of ENDPOINTS) {
    if (e.method !== method) continue;
    const params = matchPath(e.path, path);
    if (params && paramsFit(e, params)) return HELPERS[e.id]({ ctx, params, query, body, localPartnerCode });
  }
  return undefined;
}
