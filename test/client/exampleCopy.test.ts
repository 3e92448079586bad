// The user's copy of an example: its header names the example it came from, and its commands name
// the copy instead of `examples/…`, a path that is not in the user's folder. Titles for the picker.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleCopyText, exampleTitle } from '../../client/src/exampleCopy';

const EXAMPLES = join(import.meta.dirname, '../../examples');

describe('client/exampleCopy', () => {
  for (const name of readdirSync(EXAMPLES).filter((f) => f.endsWith('.payout.http'))) {
    it(`${name}: the copy names its example and never examples/`, () => {
      const text = readFileSync(join(EXAMPLES, name), 'utf8');
      const copy = exampleCopyText(name, text);
      assert.ok(copy.startsWith(`# Your copy of the extension's example ${name} `), copy.slice(0, 200));
      assert.ok(!copy.includes(`examples/${name}`), 'the copy still names examples/');
      if (text.includes(`npx payout-http send examples/${name}`)) assert.ok(copy.includes(`npx payout-http send ${name}`));
      assert.ok(copy.endsWith(text.split(`examples/${name}`).join(name)), 'the rest of the file is unchanged');
      const title = exampleTitle(text);
      assert.ok(title.length >= 5 && title.length <= 80 && !/[:(]/.test(title), title);
    });
  }

  it('titles cut at the colon, the bracket or the sentence', () => {
    assert.equal(exampleTitle('# Quick start: four requests that answer at once.\n'), 'Quick start');
    assert.equal(exampleTitle('# Cashout to a bank account (doc 1 §4.11, §4.15): resolve\n'), 'Cashout to a bank account');
  });
});
