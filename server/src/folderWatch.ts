// Watches one folder for files appearing or changing, also when the folder does not exist yet.
//
// Why a server-side fs.watch rather than LSP's workspace/didChangeWatchedFiles: the local sandbox
// writes the `local` environment into its state folder (engine/sandbox/home.ts, e.g.
// ~/.local/state/payout-http/local/), outside every workspace folder, and on a fresh machine only on
// the first Send. A client's file watcher covers the workspace; this covers the state folder. Until
// the folder exists, its deepest existing ancestor is watched and the watch moves down as folders
// appear.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { dirname, relative, sep } from 'node:path';

export interface FolderWatch {
  close(): void;
}

/**
 * Calls `onChange` (coalesced: once per burst of events) when a file named by `names` in `folder`
 * is created, replaced or changed.
 */
export function watchFolder(folder: string, names: readonly string[], onChange: () => void): FolderWatch {
  let watcher: FSWatcher | undefined;
  let watched = '';
  let closed = false;
  let pending = false;

  const fire = () => {
    if (pending || closed) return;
    pending = true;
    // Writers replace a file by a rename and write its sibling right after: read both at once.
    setTimeout(() => {
      pending = false;
      if (!closed) onChange();
    }, 50).unref?.();
  };

  const arm = () => {
    if (closed) return;
    let dir = folder;
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
    if (dir === watched) return;
    watcher?.close();
    watcher = undefined;
    watched = dir;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => {
        if (watched === folder) {
          if (!name || names.includes(String(name))) fire();
          return;
        }
        // An ancestor: a step of the path to the folder may have appeared.
        const next = relative(watched, folder).split(sep)[0];
        if (!name || String(name) === next) {
          arm();
          if (watched === folder) fire(); // created with its files already in it
        }
      });
      watcher.on('error', () => {
        // The folder was removed: watch from its ancestor again.
        watched = '';
        arm();
      });
    } catch {
      watched = ''; // unreadable: nothing to watch; the next Send's notification still reloads
    }
  };

  arm();
  return {
    close() {
      closed = true;
      watcher?.close();
    },
  };
}
