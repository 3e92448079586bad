// The peer every language-server figure is read against: vscode-json-languageserver on the same
// request bodies as one JSON array, validated by a schema of the fields the bench's requests use.
// One definition for `npm run bench` and scripts/bench/coldStartAB.mjs.
import { join } from 'node:path';

const str = { type: 'string' };
const schema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['partnerCode'],
    additionalProperties: false,
    properties: {
      partnerCode: str,
      externalOrderId: { type: 'string', maxLength: 64 },
      currency: { enum: ['USDT', 'USDC'] },
      cryptoCurrency: { enum: ['USDT', 'USDC'] },
      fiatCurrency: { enum: ['VND', 'PHP'] },
      fiatAmount: { type: 'number', minimum: 0 },
      userEmail: str,
      bankCode: str,
      bankAccountNumber: str,
      content: { type: 'string', maxLength: 100 },
      extendInfo: { type: ['object', 'null'] },
      signature: str,
    },
  },
};

/** The peer server, started from the project's node_modules. */
export function jsonServer(root) {
  return {
    name: 'vscode-json-languageserver',
    command: [process.execPath, join(root, 'node_modules/vscode-json-languageserver/bin/vscode-json-languageserver'), '--stdio'],
    languageId: 'json',
    init: { provideFormatter: false },
    settings: {
      json: { validate: { enable: true }, schemas: [{ fileMatch: ['*.json'], url: 'inmemory://payout-bench/schema.json', schema }] },
    },
  };
}

/** The JSON bodies of a request file (`{` … `}` at the start of a line), in order. */
export function bodiesOf(text) {
  const bodies = [];
  let body;
  for (const l of text.split('\n')) {
    if (l === '{') body = [l];
    else if (body) {
      body.push(l);
      if (l === '}') {
        bodies.push(body.join('\n'));
        body = undefined;
      }
    }
  }
  return bodies;
}

/** The peer's document: bodies one after another in a JSON array, same lines and indents. */
export const jsonDocument = (bodies) => `[\n${bodies.join(',\n')}\n]\n`;
