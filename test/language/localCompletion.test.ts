// Before the first send the `local` environment has no base_url yet: the local sandbox writes it
// when it starts. Completion says so instead of "not set in local" (issue 27); another environment
// still says what is missing.
import assert from 'node:assert/strict';
import { mark, open, service } from './fixture';

function details(environment: string): Map<string, string | undefined> {
  const svc = service({}, environment);
  const m = mark('### Verify\nPOST {{|}}/api/v2/account/verify\n');
  const list = svc.completion(open(svc, m.text), m.positions[0]);
  return new Map(list.items.map((i) => [i.label, i.detail]));
}

describe('language/completion: the local environment before the sandbox first ran', () => {
  it('base_url and the other names the sandbox writes are "set by the local sandbox when it starts"', () => {
    const local = details('local');
    for (const name of ['base_url', 'plant_base_url', 'partnerCode', 'webhookSecretKey'])
      assert.equal(local.get(name), 'local: set by the local sandbox when it starts', name);
    assert.equal(local.get('userEmail'), 'not set in local');
  });

  it('another environment says the name is not set there', () => {
    assert.equal(details('staging').get('base_url'), 'not set in staging');
  });
});
