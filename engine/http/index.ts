// engine/http: a request in a .payout.http file -> a signed HTTP call -> a verdict. Shared by the
// CLI (cli/) and the language server's engine host (server/src/host/). docs/http.md describes the flow.
export { PayoutSession, judge, type SessionDeps, type SessionOptions } from './session';
export { TokenCache, type AccessToken, type TokenCacheOptions } from './tokenCache';
export { verifyResponse, verifyWebhookPayload, verifyData, type Verdict, type VerifyKeys } from './verify';
export { decodeEnvelope, type DecodedEnvelope } from './decode';
export {
  retryDecision,
  createsOrder,
  orderLookupFor,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  type RetryPolicy,
  type RetryDecision,
} from './retry';
export { evaluateAssertion, evaluateAssertions, readPath, type AssertionResult, type AssertionContext } from './assertions';
export { toJUnitXml, escapeXml, type JUnitSuite, type JUnitCase } from './junit';
export { toCurl, shellQuote } from './curl';
export { renderResponse, renderSummary, explanationLines, verdictLine, markOf } from './render';
export { startWebhookListener, type WebhookDelivery, type WebhookListener } from './webhooks';
export { loadCredentials, type Credentials } from './credentials';
export { Redactor, maskToken } from './redact';
export { httpSend, TransportError, type HttpCall, type HttpResult, type TransportOptions } from './transport';
export type { PreparedRequest, SendResult, SigningInfo, ResponseInfo, AttemptInfo } from './types';
