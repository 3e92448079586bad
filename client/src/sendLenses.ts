// The VS Code client's own "Send request" lenses (engine/protocol.ts SEND_LENSES_ON_CLIENT): the
// server lists one lens per request, and each gets its Send lens here, in front of the preview lens
// of a signed request. The editor shows the same lenses as when the server listed both, with half
// of them built, sent and converted for a large file, and no resolve round trip for Send.
// No vscode import (the lens is made by the caller), so it is unit-tested.
import { CODE_LENS_PREVIEW, SEND_REQUEST_COMMAND, SEND_REQUEST_TITLE, type SendRequestArguments } from '../../engine/protocol';

/** What is read of a listed lens: its line and the kind in its data. */
interface ListedLens {
  range: { start: { line: number } };
  data?: unknown;
}

export interface SendLensCommand {
  title: string;
  command: string;
  arguments: SendRequestArguments;
}

/**
 * The lenses to show for the server's list: before each listed lens a Send lens for its line (made
 * by `makeSend` from the lens and its command); a preview lens is kept (the editor resolves it), a
 * Send place is not (its Send lens replaces it).
 */
export function withSendLenses<L extends ListedLens>(
  uri: string,
  listed: readonly L[],
  makeSend: (lens: L, command: SendLensCommand) => L,
): L[] {
  const lenses: L[] = [];
  for (const lens of listed) {
    lenses.push(makeSend(lens, { title: SEND_REQUEST_TITLE, command: SEND_REQUEST_COMMAND, arguments: [uri, lens.range.start.line] }));
    if (Array.isArray(lens.data) && lens.data[0] === CODE_LENS_PREVIEW) lenses.push(lens);
  }
  return lenses;
}
