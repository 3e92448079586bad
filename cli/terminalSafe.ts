// Text from the network (paths, bodies, messages an upstream chose) may carry terminal control
// sequences: OSC 52 writes the clipboard, OSC 0 the window title, CSI clears the screen. Before
// such text reaches a terminal every control character is written as a visible escape (`\x1b`),
// so it reads as what it is and does nothing. (A minimal version for the proxy; the issue-12
// branch brings a shared sanitizer, which this should give way to when both are merged.)

/** C0 controls (tab and line feed too: an exchange is one line), DEL and the C1 range. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
