// The v3 token exchange (doc 2 §4.1, §5): sign a fresh client assertion (never cached, doc 2
// §2.1), POST it with the user's email to /v3/auth/tokens, read accessToken and expiresAt from the
// v3 envelope. The path comes from the catalogue; the assertion from engine/signing.
import type { KeyObject } from 'node:crypto';
import { endpointById, v3Conventions } from '../catalogue';
import { createClientAssertion } from '../signing';
import { decodeEnvelope } from './decode';
import type { Redactor } from './redact';
import type { AccessToken } from './tokenCache';
import { httpSend, type TransportOptions } from './transport';

export const TOKEN_ENDPOINT_ID = 'v3.auth.tokens';

export interface ExchangeInput {
  baseUrl: string;
  userEmail: string;
  partnerCode: string;
  privateKey: KeyObject;
  /** Epoch milliseconds. */
  now: number;
  jti: string;
  redactor: Redactor;
  transport?: TransportOptions;
}

export async function exchangeToken(input: ExchangeInput): Promise<AccessToken> {
  const endpoint = endpointById(TOKEN_ENDPOINT_ID)!;
  const clientAssertion = await createClientAssertion({
    partnerCode: input.partnerCode,
    privateKey: input.privateKey,
    now: Math.floor(input.now / 1000),
    jti: input.jti,
  });
  input.redactor.add(clientAssertion, '<clientAssertion>');
  const res = await httpSend(
    {
      method: endpoint.method,
      url: `${input.baseUrl}${endpoint.path}`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientAssertion, userEmail: input.userEmail }),
    },
    input.transport,
  );
  let body: unknown;
  try {
    body = JSON.parse(res.bodyText);
  } catch {
    throw new Error(
      `the token exchange at ${endpoint.path} answered HTTP ${res.status} with a body that is not JSON; check base_url points at the payout service`,
    );
  }
  const decoded = decodeEnvelope(body, res.status, endpoint);
  const data = (body as { data?: { accessToken?: unknown; expiresAt?: unknown } }).data;
  if (decoded.semanticCode !== v3Conventions.successCode || typeof data?.accessToken !== 'string' || typeof data.expiresAt !== 'number') {
    const fix =
      decoded.semanticCode === 'INVALID_SIGNATURE'
        ? 'check that privateKeyFile is the key whose public half the service holds, that partnerCode is right, and that the clock is synchronised'
        : 'check the message above';
    throw new Error(`the token exchange failed: ${decoded.headline}; ${fix}`);
  }
  input.redactor.add(data.accessToken, '<accessToken>');
  return { accessToken: data.accessToken, expiresAt: data.expiresAt };
}
