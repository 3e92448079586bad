// The server's side of `payoutHttp/secrets`: it asks the editor for an environment's stored
// secretKey and private key (VS Code SecretStorage), keeps the answer in the workspace layer's
// overlay (memory only), and re-lints when it changed, so lint, preview and send see the same values.
// An editor without the request (another LSP client) answers with an error: then there are none.
import { SecretsRequest, type StoredSecrets } from '../../../engine/protocol';
import type { SecretsOverlay } from '../../../engine/workspace/secrets';
import type { Connection } from 'vscode-languageserver/node';

export class HostSecrets {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly connection: Connection,
    private readonly overlay: SecretsOverlay,
    /** Called when an environment's secrets changed: drop cached environments, lint again. */
    private readonly changed: () => void,
  ) {}

  /** Asks the editor again (after the user stored or forgot a secret, or picked an environment). */
  refresh(environment: string): Promise<void> {
    let p = this.pending.get(environment);
    if (!p) {
      p = (async () => {
        let answer: StoredSecrets = {};
        try {
          const r = await this.connection.sendRequest<StoredSecrets>(SecretsRequest.method, { environment });
          if (r && typeof r === 'object') answer = r;
        } catch {
          // no such request on this client: no stored secrets
        }
        const secretKey = typeof answer.secretKey === 'string' ? answer.secretKey : undefined;
        const privateKeyPem = typeof answer.privateKeyPem === 'string' ? answer.privateKeyPem : undefined;
        if (this.overlay.set(environment, { secretKey, privateKeyPem })) this.changed();
      })().finally(() => this.pending.delete(environment));
      this.pending.set(environment, p);
    }
    return p;
  }

  /** Before a send: the environment's secrets are known (asked once, then kept until a change). */
  async ensure(environment: string): Promise<void> {
    if (!this.overlay.has(environment) || this.pending.has(environment)) await this.refresh(environment);
  }
}
