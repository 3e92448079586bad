// A small client for the sandbox tests: reads the `local` environment the sandbox wrote (as a
// user's tool would), signs /api/v2 requests with engine/signing over the catalogue's templates,
// verifies the service's response signatures, and speaks /v3 with real client assertions.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID, type KeyObject } from 'node:crypto';
import { endpointById, orderSignature } from '../../engine/catalogue/index';
import type { SignedTemplate } from '../../engine/catalogue/types';
import { buildCanonical } from '../../engine/signing/canonical';
import { readPrivateKeyFile, readPublicKeyFile } from '../../engine/signing/keys';
import { signText, signTextWith, verifyText } from '../../engine/signing/rsa';
import { createClientAssertion } from '../../engine/signing/jwt';

export interface LocalEnv {
  base_url: string;
  partnerCode: string;
  webhookSecretKey: string;
  secretKey: string;
  privateKey: KeyObject;
  servicePublicKey: KeyObject;
}

export function readLocalEnv(home: string): LocalEnv {
  const dir = join(home, 'local');
  const env = JSON.parse(readFileSync(join(dir, 'http-client.env.json'), 'utf8')).local;
  const priv = JSON.parse(readFileSync(join(dir, 'http-client.private.env.json'), 'utf8')).local;
  return {
    base_url: env.base_url,
    partnerCode: env.partnerCode,
    webhookSecretKey: env.webhookSecretKey,
    secretKey: priv.secretKey,
    privateKey: readPrivateKeyFile(priv.privateKeyFile),
    servicePublicKey: readPublicKeyFile(priv.servicePublicKeyFile, { bits: 'any' }),
  };
}

export interface V2Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON answer; each test checks the fields it reads
  body: { success: boolean; message: string; data: any; errorCode: number; semanticCode: string };
}

export interface Credentials {
  partnerCode: string;
  secretKey: string;
  privateKey: KeyObject;
  servicePublicKey: KeyObject;
}

export interface CallOptions {
  /** Send without a signature field. */
  unsigned?: boolean;
  /** Sign with PSS padding instead of PKCS#1 v1.5. */
  pss?: boolean;
  /** Sign with another secret. */
  secretKey?: string;
  /** Leave partnerCode out of the body (it is filled in by default). */
  noPartnerCode?: boolean;
  headers?: Record<string, string>;
}

export class V2Client {
  constructor(
    readonly url: string,
    readonly creds: Credentials,
  ) {}

  /** POSTs to a signed endpoint (by catalogue id), signing over its catalogue template. */
  async call(endpointId: string, fields: Record<string, unknown>, o: CallOptions = {}): Promise<V2Answer> {
    const endpoint = endpointById(endpointId)!;
    const body: Record<string, unknown> = o.noPartnerCode ? { ...fields } : { partnerCode: this.creds.partnerCode, ...fields };
    if (!o.unsigned) {
      const text = buildCanonical(endpoint.signedString!, body).withSecret(o.secretKey ?? this.creds.secretKey);
      body.signature = o.pss ? signTextWith(text, this.creds.privateKey, 'sha256', 'pss') : signText(text, this.creds.privateKey);
    }
    const res = await fetch(this.url + endpoint.path, {
      method: endpoint.method,
      headers: { 'Content-Type': 'application/json', ...o.headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as V2Answer['body'] };
  }

  /** True when `data.signature` verifies over the template with the service key. */
  verifies(data: Record<string, unknown>, template: SignedTemplate): boolean {
    const text = buildCanonical(template, data).withSecret(this.creds.secretKey);
    return verifyText(text, data.signature, this.creds.servicePublicKey);
  }

  /** Verifies an endpoint's response signature as the catalogue describes it. */
  responseVerifies(endpointId: string, data: Record<string, unknown>): boolean {
    return this.verifies(data, endpointById(endpointId)!.response!.signature!);
  }

  orderVerifies(order: Record<string, unknown>): boolean {
    return this.verifies(order, orderSignature);
  }
}

export interface V3Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON answer; each test checks the fields it reads
  body: { code: string; message: string; data: any };
}

export class V3Client {
  token?: string;
  constructor(
    readonly url: string,
    readonly creds: Credentials,
  ) {}

  async assertion(claims: { now?: number; jti?: string; ttl?: number } = {}): Promise<string> {
    return createClientAssertion({
      partnerCode: this.creds.partnerCode,
      privateKey: this.creds.privateKey,
      now: claims.now ?? Math.floor(Date.now() / 1000),
      jti: claims.jti ?? randomUUID(),
      ...(claims.ttl ? { ttlSeconds: claims.ttl } : {}),
    });
  }

  async login(userEmail: string): Promise<V3Answer> {
    const r = await this.request('POST', '/v3/auth/tokens', { clientAssertion: await this.assertion(), userEmail });
    if (r.body.code === 'SUCCESS') this.token = r.body.data.accessToken;
    return r;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<V3Answer> {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as V3Answer['body'] };
  }
}

export function localClients(home: string): { env: LocalEnv; v2: V2Client; v3: V3Client } {
  const env = readLocalEnv(home);
  return { env, v2: new V2Client(env.base_url, env), v3: new V3Client(env.base_url, env) };
}

/** A tiny valid-looking document as a data URL. */
export const IMAGE = `data:image/jpeg;base64,${Buffer.from('sandbox-test-image').toString('base64')}`;
export const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4 sandbox').toString('base64')}`;

export function kycFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Nguyễn',
    lastName: 'Đức Anh',
    nationality: 'VN',
    type: 'ID_CARD',
    nationalId: `ID${randomUUID().slice(0, 8)}`,
    dateOfBirth: '1990-04-12',
    gender: 'male',
    issueDate: '2020-01-01',
    expiryDate: '2030-01-01',
    frontIdImage: IMAGE,
    backIdImage: IMAGE,
    holdIdImage: IMAGE,
    kycReport: PDF,
    city: 'Hanoi',
    phoneNumber: '912345678',
    phoneCountryCode: '84',
    ...overrides,
  };
}

/** Polls until the user's KYC leaves PROCESSING (the sandbox reviews after --kyc-delay). */
export async function waitForKyc(v2: V2Client, userEmail: string): Promise<V2Answer> {
  for (;;) {
    const r = await v2.call('v2.user.get-kyc-information', { userEmail });
    if (!r.body.success || r.body.data.kycStatus !== 'PROCESSING') return r;
    await new Promise((res) => setTimeout(res, 20));
  }
}

/** Submits KYC and waits for VERIFIED; returns the e-mail. */
export async function verifiedUser(
  v2: V2Client,
  email = `user-${randomUUID()}@example.com`,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const r = await v2.call('v2.user.submit-kyc', { userEmail: email, ...kycFields(overrides) });
  if (!r.body.success) throw new Error(`KYC submission failed: ${r.body.message}`);
  const done = await waitForKyc(v2, email);
  if (done.body.data?.kycStatus !== 'VERIFIED') throw new Error(`KYC did not verify: ${JSON.stringify(done.body)}`);
  return email;
}
