// Typed calls to the language server, the editor's one engine host (engine/protocol.ts declares
// every message once). A thin layer over LanguageClient: the types come from the protocol constant,
// so a call cannot send the wrong params or misread the result.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ParamsOf, ResultOf, TypedNotification, TypedRequest } from '../../engine/protocol';

export class EngineClient {
  constructor(private readonly client: () => LanguageClient | undefined) {}

  private running(): LanguageClient {
    const c = this.client();
    if (!c?.isRunning())
      throw new Error('the Payout HTTP language server is not running; see the "Payout HTTP Language Server" output, or reload the window');
    return c;
  }

  async request<T extends TypedRequest<unknown, unknown>>(
    type: T,
    params: ParamsOf<T>,
    token?: vscode.CancellationToken,
  ): Promise<ResultOf<T>> {
    return this.running().sendRequest<ResultOf<T>>(type.method, params, token);
  }

  notify<T extends TypedNotification<unknown>>(type: T, params: ParamsOf<T>): void {
    const c = this.client();
    if (c?.isRunning()) void c.sendNotification(type.method, params);
  }
}
