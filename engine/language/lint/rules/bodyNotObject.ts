// A body that is not a JSON object (an array, or text such as `"o-1"`, `123` or `a=1&b=2`) sent to an
// endpoint whose body is a set of named fields: the service reads each field by name and finds none
// (the local sandbox refuses it with "The body must be a JSON object"). No field rule can judge such
// a body, so nothing was said about it before this rule (mutation testing found the gap:
// docs/mutation/lint.md).
import type { Span } from '../../../syntax/types';
import type { BlockRule } from '../types';
import { bodyAnchor, diag } from '../util';

export const bodyNotObject: BlockRule = {
  code: 'payout/body-not-object',
  description: 'A body that is not a JSON object, sent to an endpoint that takes named fields.',
  check({ block, endpoint, body }) {
    const fields = endpoint?.body;
    const sent = block.body;
    if (!endpoint || !fields?.length || !sent || sent.kind === 'file') return [];
    // A body that opens with a template (`{{order}}`) may well hold an object: only its value can tell.
    if (block.text.startsWith('{{', body.root?.offset ?? sent.span.start)) return [];
    let what: string;
    let at: Span;
    if (body.root) {
      // Read as JSON because it opens with `{` or `[`: an object (however broken) or an array.
      if (body.root.type !== 'array') return [];
      what = 'a JSON array';
      at = bodyAnchor(block, body);
    } else if (sent.kind === 'text') {
      // Read as text because it opens with neither `{` nor `[`: shown on its first line.
      what = 'not a JSON object';
      const lineEnd = /[\r\n]/.exec(sent.text);
      at = { start: sent.span.start, end: sent.span.start + (lineEnd ? lineEnd.index : sent.text.length) };
    } else return [];
    return [
      diag(
        this.code,
        'error',
        `The body is ${what}, but ${endpoint.method} ${endpoint.path} takes a JSON object of named fields, so the service finds none of them. Write the body as { "${fields[0].name}": …, … }.`,
        at,
      ),
    ];
  },
};
