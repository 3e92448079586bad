// The server's side of `payoutHttp/secrets`: it asks the editor for an environment's stored
// secretKey and private key (VS Code SecretStorage), keeps the answer in the workspace layer's
// overlay (memory only), and re-lints when it changed, so lint, preview and send see the same values.
// An editor without the request (another LSP client) answers with an error: then there are none.
import { SecretsRequest, type StoredSecrets } from '../../../engine/protocol';
import type { SecretsOverlay } from '../../../engine/workspace/secrets';
import type { Connection } from 'vscode-languageserver/node';

/** How long to wait for the editor's answer to `payoutHttp/secrets` (it reads the OS keychain). */
const ANSWER_WAIT_MS = 10_000;

export class HostSecrets {
  /** The question to the editor in flight, per environment. */
  private readonly asking = new Map<string, Promise<void>>();
  /** A question asked again while one was in flight: it goes out once that one is answered. */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(
    private readonly connection: Connection,
    private readonly overlay: SecretsOverlay,
    /** Called when an environment's secrets changed: drop cached environments, lint again. */
    private readonly changed: () => void,
  ) {}

  /**
   * Asks the editor again (after the user stored or forgot a secret, or picked an environment).
   * The answer to a question already in flight may predate the change, so it is not reused: one more
   * question follows it (several changes meanwhile share that one).
   */
  refresh(environment: string): Promise<void> {
    const queued = this.queued.get(environment);
    if (queued) return queued;
    const inFlight = this.asking.get(environment);
    if (!inFlight) return this.ask(environment);
    const next = inFlight.then(() => {
      this.queued.delete(environment);
      return this.ask(environment);
    });
    this.queued.set(environment, next);
    return next;
  }

  /** Before a send: the environment's secrets are known (asked once, then kept until a change). */
  async ensure(environment: string): Promise<void> {
    const waiting = this.queued.get(environment) ?? this.asking.get(environment);
    if (waiting) await waiting;
    else if (!this.overlay.has(environment)) await this.refresh(environment);
  }

  private ask(environment: string): Promise<void> {
    const p = (async () => {
      let answer: StoredSecrets = {};
      try {
        // an editor that never answers must not hold up a send: after a while, there are none
        const noAnswer = new Promise<StoredSecrets>((resolve) => setTimeout(() => resolve({}), ANSWER_WAIT_MS).unref());
        const r = await Promise.race([this.connection.sendRequest<StoredSecrets>(SecretsRequest.method, { environment }), noAnswer]);
        if (r && typeof r === 'object') answer = r;
      } catch {
        // no such request on this client: no stored secrets
      }
      const secretKey = typeof answer.secretKey === 'string' ? answer.secretKey : undefined;
      const privateKeyPem = typeof answer.privateKeyPem === 'string' ? answer.privateKeyPem : undefined;
      if (this.overlay.set(environment, { secretKey, privateKeyPem })) this.changed();
    })().finally(() => this.asking.delete(environment));
    this.asking.set(environment, p);
    return p;
  }
}
