// engine/proxy: the inspecting proxy (forward + inspect) and the conversion of a captured request
// into a `.payout.http` request. Above language, http and signing; used by the CLI and the server.
export * from './exchange';
export { startInspectingProxy, parseUpstream, type InspectingProxy, type InspectingProxyOptions } from './proxy';
export { startInspector, type Inspector } from './inspector';
export { inspectSafely } from './inspect';
export { startForwarder, endToEndHeaders, type Forwarder, type ForwarderOptions } from './forward';
export { inspectExchange, checkRequestSignature, checkResponseSignature, endpointOf } from './inspect';
export { proxyKeys, PARTNER_PUBLIC_KEY_FILE, type ProxyKeys } from './keys';
export { lintExchangeBody } from './lintBody';
export { parseRawHttp, type CapturedRequest, type CaptureParse } from './capture';
export { parseCurl, shellWords, isCurlCommand } from './curlCommand';
export { ImportRefused, toPayoutRequest, type ImportedRequest, type ToRequestOptions } from './toRequest';
