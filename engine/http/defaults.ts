// Defaults shared by the CLI (send --timeout, --max-bytes) and the extension (package.json's
// payoutHttp.request.timeoutMs and payoutHttp.response.maxSizeBytes, whose defaults a test keeps equal
// to these). No imports, so the extension client can read them without pulling in the transport.

/** Whole exchange, headers and body. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Largest response body accepted; a payout response is a few kilobytes. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
