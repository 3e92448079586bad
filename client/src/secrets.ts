// The partner's secretKey and private key kept in VS Code's SecretStorage (the OS keychain), per
// environment. They take precedence over http-client.private.env.json and are never written into
// the workspace, an output channel or a response view. The language server asks for them with
// `payoutHttp/secrets` (answered by `overrides`) and keeps them in memory only; after a change the
// client tells it (SecretsChangedNotification) so lint, preview and send use the new values at once.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { CheckPrivateKeyRequest, SecretsChangedNotification, type StoredSecrets } from '../../engine/protocol';
import type { EngineClient } from './engine';

export type SecretKind = 'secretKey' | 'privateKey';

const keyOf = (environment: string, kind: SecretKind) => `payoutHttp/${environment}/${kind}`;

export class SecretStore {
  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly engine: EngineClient,
  ) {}

  async overrides(environment: string): Promise<StoredSecrets> {
    const [secretKey, privateKeyPem] = await Promise.all([
      this.storage.get(keyOf(environment, 'secretKey')),
      this.storage.get(keyOf(environment, 'privateKey')),
    ]);
    return { secretKey: secretKey || undefined, privateKeyPem: privateKeyPem || undefined };
  }

  async store(environment: string, kind: SecretKind, value: string): Promise<void> {
    await this.storage.store(keyOf(environment, kind), value);
    this.engine.notify(SecretsChangedNotification, { environment });
  }

  async clear(environment: string): Promise<void> {
    await Promise.all([this.storage.delete(keyOf(environment, 'secretKey')), this.storage.delete(keyOf(environment, 'privateKey'))]);
    this.engine.notify(SecretsChangedNotification, { environment });
  }

  /** Can this PEM sign? (The server's key loader answers; its message names the fix.) */
  async keyProblem(pem: string): Promise<string | undefined> {
    return (await this.engine.request(CheckPrivateKeyRequest, { pem })).problem;
  }
}

export async function storeSecretKeyCommand(store: SecretStore, environment: string): Promise<void> {
  const value = await vscode.window.showInputBox({
    title: `Payout HTTP: secretKey for the "${environment}" environment`,
    prompt: 'Kept in VS Code secret storage; it is used instead of secretKey in http-client.private.env.json.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'Enter the secretKey you received at onboarding.'),
  });
  if (value === undefined) return;
  await store.store(environment, 'secretKey', value.trim());
  void vscode.window.showInformationMessage(`Payout HTTP: secretKey stored for "${environment}".`);
}

export async function storePrivateKeyCommand(store: SecretStore, environment: string): Promise<void> {
  const choice = await vscode.window.showQuickPick(
    [
      { label: 'From a PEM file…', id: 'file' as const },
      { label: 'From the clipboard', id: 'clipboard' as const },
    ],
    { title: `Payout HTTP: private key for the "${environment}" environment` },
  );
  if (!choice) return;
  let pem: string;
  if (choice.id === 'file') {
    const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'PEM key': ['pem', 'key'], 'All files': ['*'] } });
    if (!picked?.[0]) return;
    try {
      pem = await fs.readFile(picked[0].fsPath, 'utf8');
    } catch (e) {
      void vscode.window.showErrorMessage(
        `Payout HTTP: cannot read ${picked[0].fsPath} (${(e as NodeJS.ErrnoException).code ?? 'error'}); check the path and its permissions.`,
      );
      return;
    }
  } else {
    pem = await vscode.env.clipboard.readText();
  }
  // The same parse and RSA-2048 check signing will do; its messages name the problem and the
  // fix (a public key, an encrypted or OpenSSH key, the wrong size) and never hold key text.
  const problem = await store.keyProblem(pem);
  if (problem) {
    void vscode.window.showErrorMessage(`Payout HTTP: this key cannot sign: ${problem}`);
    return;
  }
  await store.store(environment, 'privateKey', pem.trim() + '\n');
  void vscode.window.showInformationMessage(
    `Payout HTTP: private key stored for "${environment}"; it takes precedence over privateKeyFile.`,
  );
}
