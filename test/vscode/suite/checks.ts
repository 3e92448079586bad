// The e2e checks through the VS Code API: CodeLens preview, body completion, lint diagnostics,
// and a Send to the local sandbox with a verified response in the response view.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ensureLocalCredentials } from '../../../engine/sandbox/home';

const EXTENSION_ID = 'payout-http.payout-http';

async function until<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function registerChecks(): void {
  const workspace = process.env.PAYOUT_HTTP_WORKSPACE!;
  let partnerCode = '';
  let secretKey = '';

  describe('payout-http in VS Code', () => {
    before(async () => {
      const creds = await ensureLocalCredentials(process.env.PAYOUT_HTTP_HOME);
      partnerCode = creds.partnerCode;
      secretKey = creds.secretKey;
      await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    });

    it('previews the canonical string of account/verify in a CodeLens', async () => {
      const uri = vscode.Uri.file(path.join(workspace, 'quickstart.payout.http'));
      await vscode.window.showTextDocument(uri);
      const titles = await until(async () => {
        const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
        const t = lenses.map((l) => l.command?.title ?? '');
        // the server may prefix the string with a label ("Signs: "); the string itself is exact
        return t.some((x) => x === `${partnerCode}|<secretKey>` || x.endsWith(` ${partnerCode}|<secretKey>`)) ? t : undefined;
      });
      assert.ok(titles.some((t) => /Send request/.test(t)));
    });

    it("completes the endpoint's fields in a body", async () => {
      const file = path.join(workspace, 'completion.payout.http');
      fs.writeFileSync(
        file,
        'POST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  \n}\n',
      );
      const uri = vscode.Uri.file(file);
      await vscode.window.showTextDocument(uri);
      const labels = await until(async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          uri,
          new vscode.Position(5, 2),
        );
        const l = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label).replace(/^"|"$/g, ''));
        return l.includes('externalOrderId') ? l : undefined;
      });
      assert.ok(!labels.includes('partnerCode'));
    });

    it('reports lint diagnostics with payout codes', async () => {
      const file = path.join(workspace, 'lint.payout.http');
      fs.writeFileSync(
        file,
        'POST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n',
      );
      const uri = vscode.Uri.file(file);
      await vscode.window.showTextDocument(uri);
      const diags = await until(() => {
        const d = vscode.languages.getDiagnostics(uri);
        return d.some((x) => /externalOrderId/.test(x.message)) ? d : undefined;
      });
      assert.ok(diags.some((d) => String(typeof d.code === 'object' ? d.code.value : d.code).startsWith('payout/')));
    });

    it('sends account/verify to the local sandbox and shows the verified verdict', async () => {
      const uri = vscode.Uri.file(path.join(workspace, 'quickstart.payout.http'));
      const doc = await vscode.workspace.openTextDocument(uri);
      const line = doc
        .getText()
        .split('\n')
        .findIndex((l) => l.startsWith('POST '));
      await vscode.commands.executeCommand('payoutHttp.sendRequest', uri.toString(), line);
      const text = await until(() => {
        const view = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'payout-http-response');
        return view && /^Signature: /m.test(view.getText()) ? view.getText() : undefined;
      });
      assert.match(text, /^Signature: verified/m);
      assert.ok(!text.includes(secretKey));
    });
  });
}
