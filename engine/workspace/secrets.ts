// The editor's secrets overlay: values the user keeps in VS Code's SecretStorage, handed to the
// language server per environment (the `payoutHttp/secrets` request) and held here in memory only.
// They take precedence over http-client.private.env.json, for lint, preview and send alike, because
// all three read the environment through `apply`. Nothing here prints, logs or writes a value.
import { PRIVATE_KEY, PRIVATE_KEY_FILE, SECRET_KEY } from '../syntax/environments';
import type { SelectedEnvironment } from './environment';

export interface EditorSecrets {
  secretKey?: string;
  /** PEM text of the partner's private key. */
  privateKeyPem?: string;
}

export class SecretsOverlay {
  private readonly byEnvironment = new Map<string, EditorSecrets>();

  /** Replaces what is known for `environment`; returns whether anything changed. */
  set(environment: string, secrets: EditorSecrets): boolean {
    const next: EditorSecrets = {
      ...(secrets.secretKey ? { secretKey: secrets.secretKey } : {}),
      ...(secrets.privateKeyPem ? { privateKeyPem: secrets.privateKeyPem } : {}),
    };
    const before = this.byEnvironment.get(environment) ?? {};
    this.byEnvironment.set(environment, next);
    return before.secretKey !== next.secretKey || before.privateKeyPem !== next.privateKeyPem;
  }

  has(environment: string): boolean {
    return this.byEnvironment.has(environment);
  }

  /** The variables of `env` with the stored secrets in place of the files' (a stored key replaces privateKeyFile). */
  variables(name: string, variables: Readonly<Record<string, string>>): Record<string, string> {
    const stored = this.byEnvironment.get(name);
    const out = { ...variables };
    if (stored?.secretKey) out[SECRET_KEY] = stored.secretKey;
    if (stored?.privateKeyPem) {
      out[PRIVATE_KEY] = stored.privateKeyPem;
      delete out[PRIVATE_KEY_FILE];
    }
    return out;
  }

  apply(env: SelectedEnvironment): SelectedEnvironment {
    return { ...env, variables: this.variables(env.name, env.variables) };
  }
}
