// The Test Explorer's items: one per `.payout.http` file of the workspace, one child per request,
// found without sending anything. The language server lists a file's requests
// (`payoutHttp/testableRequests`: the open document's text, else the file read bounded from disk);
// this side holds no parser. Files are found on activation and kept current as they are created,
// edited (unsaved text included), renamed and deleted.
import * as vscode from 'vscode';
import { LANGUAGE_ID, TestableRequestsRequest, type TestableRequest } from '../../../engine/protocol';
import type { EngineClient } from '../engine';

export const REQUEST_FILES_GLOB = '**/*.payout.http';
/** Enough for any real workspace; a bound so a huge checkout does not flood the server with requests. */
const MAX_FILES = 2000;
/** Typing settles before the file's requests are listed again. */
const EDIT_DELAY_MS = 300;

export class TestDiscovery implements vscode.Disposable {
  /** What the server said of each request item (the run sends the request at `line`). */
  readonly requestOf = new WeakMap<vscode.TestItem, TestableRequest>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Bumped when a file is removed: a listing asked for before its deletion is dropped when it comes back. */
  private readonly removals = new Map<string, number>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly controller: vscode.TestController,
    private readonly engine: EngineClient,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher(REQUEST_FILES_GLOB);
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate((uri) => void this.refresh(uri)),
      // an open file is followed through its edits; a closed one changed on disk is read again
      watcher.onDidChange((uri) => void this.refresh(uri)),
      watcher.onDidDelete((uri) => this.remove(uri)),
      // deleted or renamed in VS Code itself (the Explorer): said at once, before the watcher
      vscode.workspace.onDidDeleteFiles((e) => e.files.forEach((f) => this.remove(f))),
      vscode.workspace.onDidRenameFiles((e) => {
        for (const f of e.files) {
          this.remove(f.oldUri);
          if (f.newUri.path.endsWith('.payout.http')) void this.refresh(f.newUri);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.languageId === LANGUAGE_ID && e.document.uri.scheme === 'file' && e.contentChanges.length)
          this.later(e.document.uri);
      }),
    );
    controller.refreshHandler = () => this.discover();
  }

  /** Every request file of the workspace, listed. */
  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(REQUEST_FILES_GLOB, '**/node_modules/**', MAX_FILES);
    const seen = new Set(files.map((f) => f.toString()));
    this.controller.items.forEach((item) => {
      if (!seen.has(item.id)) this.controller.items.delete(item.id);
    });
    await Promise.all(files.map((f) => this.refresh(f)));
  }

  private later(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.refresh(uri);
      }, EDIT_DELAY_MS),
    );
  }

  private remove(uri: vscode.Uri): void {
    this.removals.set(uri.toString(), (this.removals.get(uri.toString()) ?? 0) + 1);
    this.controller.items.delete(uri.toString());
    // a deleted folder: the files under it
    const prefix = `${uri.toString()}/`;
    this.controller.items.forEach((item) => {
      if (item.id.startsWith(prefix)) this.controller.items.delete(item.id);
    });
  }

  /** Lists a file's requests again (an item per request, ids stable across edits: the name, else the line). */
  async refresh(uri: vscode.Uri): Promise<vscode.TestItem | undefined> {
    if (vscode.workspace.getWorkspaceFolder(uri) === undefined) return undefined;
    const id = uri.toString();
    const removals = this.removals.get(id);
    let listed: { requests: TestableRequest[]; problem?: string };
    try {
      listed = await this.engine.request(TestableRequestsRequest, { uri: id });
      // a deleted file may still be open in an editor (the server lists its text): it is not a test any more
      await vscode.workspace.fs.stat(uri);
    } catch (e) {
      if (e instanceof vscode.FileSystemError) this.remove(uri);
      else this.log.warn(`Test Explorer: ${vscode.workspace.asRelativePath(uri)} not listed: ${(e as Error).message}`);
      return undefined;
    }
    if (this.removals.get(id) !== removals) return undefined; // deleted while it was being listed
    let file = this.controller.items.get(id);
    if (!file) {
      file = this.controller.createTestItem(id, vscode.workspace.asRelativePath(uri, false), uri);
      this.controller.items.add(file);
    }
    file.error = listed.problem;
    const used = new Set<string>();
    const children = listed.requests.map((r) => {
      // a name used twice in a file (a problem lint reports) still gives two items
      let childId = `${id}#${r.name ?? `line-${r.line + 1}`}`;
      if (used.has(childId)) childId = `${childId}@${r.line + 1}`;
      used.add(childId);
      const child = this.controller.createTestItem(childId, r.label, uri);
      child.range = new vscode.Range(r.range.start.line, r.range.start.character, r.range.end.line, r.range.end.character);
      child.sortText = String(r.line).padStart(8, '0');
      if (!r.hasAssertions) child.description = 'no ?? assertions: passes on success with a verified signature';
      this.requestOf.set(child, r);
      return child;
    });
    file.children.replace(children);
    return file;
  }

  dispose(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }
}
