// A JSON body that is not an object (in practice an array) sent to an endpoint whose body is a set
// of named fields: the service reads each field by name and finds none (the local sandbox refuses it
// with "The body must be a JSON object"). No field rule can judge such a body, so nothing was said
// about it before this rule (mutation testing found the gap: docs/mutation/lint.md).
import type { BlockRule } from '../types';
import { bodyAnchor, diag } from '../util';

export const bodyNotObject: BlockRule = {
  code: 'payout/body-not-object',
  description: 'A JSON body that is not an object, sent to an endpoint that takes named fields.',
  check({ block, endpoint, body }) {
    const fields = endpoint?.body;
    if (!endpoint || !fields?.length || !body.root || body.root.type === 'object') return [];
    // A body that is one template (`{{order}}`) may well hold an object: only its value can tell.
    if (block.text.startsWith('{{', body.root.offset)) return [];
    // (a body is read as JSON when it opens with `{` or `[`, so in practice this is an array)
    const what = body.root.type === 'array' ? 'a JSON array' : 'not a JSON object';
    return [
      diag(
        this.code,
        'error',
        `The body is ${what}, but ${endpoint.method} ${endpoint.path} takes a JSON object of named fields, so the service finds none of them. Write the body as { "${fields[0].name}": …, … }.`,
        bodyAnchor(block, body),
      ),
    ];
  },
};
