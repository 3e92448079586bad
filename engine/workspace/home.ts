// Where the payout-http state folder is and what the local sandbox's `local` environment holds.
// The sandbox (engine/sandbox/home.ts) creates and fills the folder; everything that only needs to
// know where it is and which names it defines (environment selection, the language service's
// scope) reads it here, so nothing above the workspace layer reaches into engine/sandbox for it.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, PARTNER_CODE, PLANT_BASE_URL, PRIVATE_KEY_FILE, SECRET_KEY, SERVICE_PUBLIC_KEY_FILE } from '../syntax/environments';

/** The environment of the local sandbox, used when no other is picked. */
export const LOCAL_ENV = 'local';

/** $PAYOUT_HTTP_HOME, else the XDG state folder's `payout-http`. */
export function payoutHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PAYOUT_HTTP_HOME) return env.PAYOUT_HTTP_HOME;
  const stateHome = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(stateHome, 'payout-http');
}

/** The folder of the `local` environment's two env files. */
export function localEnvironmentDir(home: string = payoutHome()): string {
  return join(home, 'local');
}

/** The folder of the CLI's history (`send --history`, `payout-http history`; engine/history). */
export function historyDir(home: string = payoutHome()): string {
  return join(home, 'history');
}

/** The key the local partner's webhooks are signed under (written by the sandbox next to partnerCode). */
export const WEBHOOK_SECRET_KEY = 'webhookSecretKey';

/**
 * The names the sandbox writes into the `local` environment (engine/sandbox/home.ts writes exactly
 * these), so on a fresh machine they are defined before any file holds them.
 */
export const LOCAL_SANDBOX_VARIABLES: readonly string[] = [
  BASE_URL,
  PLANT_BASE_URL,
  PARTNER_CODE,
  WEBHOOK_SECRET_KEY,
  SECRET_KEY,
  PRIVATE_KEY_FILE,
  SERVICE_PUBLIC_KEY_FILE,
];
