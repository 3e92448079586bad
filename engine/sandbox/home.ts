// The payout-http state folder and the `local` environment that lives in it.
//
// Layout (documented in docs/sandbox.md):
//   <home>/                              0700
//     credentials/                       0700, created once, atomically (a whole-folder rename)
//       partner.json                     partnerCode, secretKey, webhookSecretKey
//       partner-private.pem              the partner's RSA-2048 private key (PKCS#8)
//       partner-public.pem               its public half, which the sandbox verifies requests with
//       service-private.pem              the sandbox's own key, which signs responses and webhooks
//       service-public.pem               what the client verifies them with
//     local/                             the `local` environment
//       http-client.env.json             { "local": { base_url, plant_base_url, partnerCode, webhookSecretKey } }
//       http-client.private.env.json     { "local": { secretKey, privateKeyFile, servicePublicKeyFile } }
//     state.json                         the sandbox's state (users, orders, funds, ledger, ...)
//     sandbox.json                       pid and url of the running sandbox

import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { generateRsaKeyPair } from '../signing/keys';
import { ensurePrivateDir, readJsonIfExists, writePrivateFile, writePrivateJson } from './files';
import { LOCAL_ENV, localEnvironmentDir, payoutHome } from '../workspace/home';

// Where the folder is, and the `local` environment's name, are the workspace layer's facts.
export { LOCAL_ENV, payoutHome, localEnvironmentDir } from '../workspace/home';
export const ENV_FILE = 'http-client.env.json';
export const PRIVATE_ENV_FILE = 'http-client.private.env.json';
/** Base URL written before any sandbox has run; ensureLocalSandbox replaces it. */
const PLACEHOLDER_BASE_URL = 'http://127.0.0.1:0';
/** The plant store is mounted under the sandbox at this prefix (its base address ends in /v3, doc 3 §1). */
export const PLANT_PREFIX = '/plant-store/v3';

export function credentialsDir(home: string): string {
  return join(home, 'credentials');
}

export interface LocalCredentials {
  home: string;
  partnerCode: string;
  secretKey: string;
  /** The key the local partner registers its webhook under (doc 1 §6.6 is "not shown": see docs/sandbox.md). */
  webhookSecretKey: string;
  partnerPrivateKeyFile: string;
  partnerPublicKeyFile: string;
  servicePrivateKeyFile: string;
  servicePublicKeyFile: string;
  /** The folder holding the `local` environment's two env files. */
  envDir: string;
}

interface PartnerFile {
  partnerCode: string;
  secretKey: string;
  webhookSecretKey: string;
}

function credentialsOf(home: string, p: PartnerFile): LocalCredentials {
  const dir = credentialsDir(home);
  return {
    home,
    partnerCode: p.partnerCode,
    secretKey: p.secretKey,
    webhookSecretKey: p.webhookSecretKey,
    partnerPrivateKeyFile: join(dir, 'partner-private.pem'),
    partnerPublicKeyFile: join(dir, 'partner-public.pem'),
    servicePrivateKeyFile: join(dir, 'service-private.pem'),
    servicePublicKeyFile: join(dir, 'service-public.pem'),
    envDir: localEnvironmentDir(home),
  };
}

function readPartnerFile(home: string): PartnerFile | undefined {
  const file = join(credentialsDir(home), 'partner.json');
  const p = readJsonIfExists(file) as Partial<PartnerFile> | undefined;
  if (!p) return undefined;
  if (typeof p.partnerCode !== 'string' || typeof p.secretKey !== 'string' || typeof p.webhookSecretKey !== 'string') {
    throw new Error(`${file} is incomplete; delete the folder ${credentialsDir(home)} to have new local credentials generated`);
  }
  return p as PartnerFile;
}

export interface CredentialDeps {
  /** Random bytes source, a parameter so tests can pin it. */
  random?: (n: number) => Buffer;
  /** Key pair source (default: a fresh RSA-2048 pair from engine/signing). */
  generateKeyPair?: () => { privateKeyPem: string; publicKeyPem: string };
}

/**
 * The local partner's credentials, generated on first use and kept in the state folder.
 * Safe against concurrent first use by several processes: each generates into its own temp folder
 * and renames it into place; the loser of the race discards its own and reads the winner's.
 */
// Async although every step is synchronous today: callers await it beside the other start-up steps,
// and a failure reaches them as a rejection, as theirs do.
// eslint-disable-next-line @typescript-eslint/require-await
export async function ensureLocalCredentials(home: string = payoutHome(), deps: CredentialDeps = {}): Promise<LocalCredentials> {
  const random = deps.random ?? randomBytes;
  const generate = deps.generateKeyPair ?? generateRsaKeyPair;
  ensurePrivateDir(home);
  let partner = readPartnerFile(home);
  if (!partner) {
    const tmp = mkdtempSync(join(home, '.credentials-'));
    try {
      ensurePrivateDir(tmp);
      const partnerKeys = generate();
      const serviceKeys = generate();
      const fresh: PartnerFile = {
        partnerCode: `LOCAL${random(3).toString('hex').toUpperCase()}`,
        secretKey: random(24).toString('base64url'),
        webhookSecretKey: `whsec-local-${random(6).toString('hex')}`,
      };
      writePrivateFile(join(tmp, 'partner-private.pem'), partnerKeys.privateKeyPem);
      writePrivateFile(join(tmp, 'partner-public.pem'), partnerKeys.publicKeyPem);
      writePrivateFile(join(tmp, 'service-private.pem'), serviceKeys.privateKeyPem);
      writePrivateFile(join(tmp, 'service-public.pem'), serviceKeys.publicKeyPem);
      writePrivateJson(join(tmp, 'partner.json'), fresh);
      renameSync(tmp, credentialsDir(home));
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
    }
    partner = readPartnerFile(home);
    if (!partner) throw new Error(`could not create local credentials in ${credentialsDir(home)}; check that the folder is writable`);
  }
  const creds = credentialsOf(home, partner);
  writeLocalEnvironment(creds);
  return creds;
}

type EnvFile = Record<string, Record<string, unknown>>;

function readEnvFile(file: string): EnvFile {
  const v = readJsonIfExists(file);
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new Error(`${file} must hold a JSON object of environments; fix or delete it`);
  }
  return v as EnvFile;
}

/**
 * Writes (or refreshes) the `local` environment. Other environments and other variables a user
 * added to `local` are kept; only the values the sandbox owns are set.
 */
function writeLocalEnvironment(creds: LocalCredentials, baseUrl?: string): void {
  const envFile = join(creds.envDir, ENV_FILE);
  const privateFile = join(creds.envDir, PRIVATE_ENV_FILE);
  const env = readEnvFile(envFile);
  const local = { ...(env[LOCAL_ENV] ?? {}) };
  const base = baseUrl ?? (typeof local.base_url === 'string' ? local.base_url : PLACEHOLDER_BASE_URL);
  Object.assign(local, {
    base_url: base,
    plant_base_url: `${base}${PLANT_PREFIX}`,
    partnerCode: creds.partnerCode,
    webhookSecretKey: creds.webhookSecretKey,
  });
  env[LOCAL_ENV] = local;
  const priv = readEnvFile(privateFile);
  priv[LOCAL_ENV] = {
    ...(priv[LOCAL_ENV] ?? {}),
    secretKey: creds.secretKey,
    privateKeyFile: creds.partnerPrivateKeyFile,
    servicePublicKeyFile: creds.servicePublicKeyFile,
  };
  writePrivateJson(envFile, env);
  writePrivateJson(privateFile, priv);
}

/** Points the `local` environment at a running sandbox. */
export async function setLocalBaseUrl(home: string, baseUrl: string): Promise<void> {
  const creds = await ensureLocalCredentials(home);
  writeLocalEnvironment(creds, baseUrl);
}
