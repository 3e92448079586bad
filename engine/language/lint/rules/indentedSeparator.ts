// A `###` line with spaces before it is not a separator (a separator starts its line, as in REST
// Client): the request written below it is read as more text of the request above, which then
// shows a dozen follow-on errors and none where the mistake is. An editor that kept a `}` indented
// indents the next line as well, so it happens without the user noticing. This names it on the line
// itself, with a fix that outdents it (docs/syntax.md: the decision not to read it as a separator,
// which would move block boundaries off line starts).
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag } from '../util';

const INDENTED_SEPARATOR = /^([ \t]+)###/gm;

export const indentedSeparator: BlockRule = {
  code: 'payout/indented-separator',
  description: 'A `###` line with spaces before it, read as text of the request above instead of starting a new one.',
  check({ block }) {
    const out: RuleDiagnostic[] = [];
    for (const m of block.text.matchAll(INDENTED_SEPARATOR)) {
      const indent = { start: m.index, end: m.index + m[1].length };
      let end = indent.end;
      while (end < block.text.length && block.text[end] !== '\n' && block.text[end] !== '\r') end++;
      out.push(
        diag(
          this.code,
          'error',
          'This `###` is indented, so it does not start a new request: the lines below it are read as part of the request above. Remove the spaces before `###`.',
          { start: indent.start, end },
          [{ title: 'Outdent the ### line', edits: [{ span: indent, newText: '' }], preferred: true }],
        ),
      );
    }
    return out;
  },
};
