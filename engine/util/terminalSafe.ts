// Text from the network or from a file, made safe to print to a terminal. A response body, a
// decoded `message`, an unverified webhook's externalOrderId or a line of a request file may carry
// escape sequences: OSC 52 writes the clipboard, OSC 0 sets the window title, CSI clears the screen
// or moves the cursor, BEL rings (issue 12). Every control character is shown escaped instead
// (ESC as `\x1b`), so a terminal displays it and never acts on it. Newlines and tabs stay: they are
// layout, not commands. CRLF becomes LF; a lone CR (which rewrites the line) is escaped.
//
// C0 controls are written `\xNN`; C1 controls, DEL and the bidirectional overrides (which can make
// text read in another order than it runs) are written `\u00NN` / `\uNNNN`. Inside JSON text this
// keeps the output valid JSON with the same value: JSON.stringify already escapes C0, and `\uNNNN`
// is JSON's own escape.

// C0 except tab and LF, DEL, C1, and the bidi controls (LRE..RLO, LRI..PDI, LRM/RLM/ALM).
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character escaped, ready for a terminal. */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
