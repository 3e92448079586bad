import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { shellQuote, toCurl } from '../../engine/http/curl';

describe('http/curl: commands a POSIX shell reads back exactly', () => {
  it('quotes any text so sh passes it through unchanged', () => {
    for (const text of [`it's`, `"double" $HOME \`cmd\` \\ back`, 'multi\nline', '', `'''`]) {
      assert.equal(execFileSync('sh', ['-c', `printf '%s' ${shellQuote(text)}`]).toString(), text);
    }
  });

  it('writes secret headers as shell variables, never their value', () => {
    const cmd = toCurl({
      method: 'GET',
      url: 'http://127.0.0.1:1/v3/kyc/profile',
      headers: { Authorization: 'Bearer real-token-value', Accept: 'application/json' },
      secretHeaders: { Authorization: 'Bearer $ACCESS_TOKEN' },
    });
    assert.ok(!cmd.includes('real-token-value'));
    assert.match(cmd, /-H "Authorization: Bearer \$ACCESS_TOKEN"/);
    assert.match(cmd, /-H 'Accept: application\/json'/);
  });
});
