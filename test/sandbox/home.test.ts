// The state folder, the generated local credentials and the `local` environment files.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalCredentials, localEnvironmentDir, payoutHome, setLocalBaseUrl } from '../../engine/sandbox/home';
import { readPrivateKeyFile, readPublicKeyFile } from '../../engine/signing/keys';
import { signText, verifyText } from '../../engine/signing/rsa';

const mode = (p: string) => statSync(p).mode & 0o777;
const tmp = () => join(mkdtempSync(join(tmpdir(), 'payout-home-')), 'state');

describe('sandbox state folder and local credentials', () => {
  it('payoutHome: $PAYOUT_HTTP_HOME, else $XDG_STATE_HOME/payout-http, else ~/.local/state/payout-http', () => {
    assert.equal(payoutHome({ PAYOUT_HTTP_HOME: '/x/y' }), '/x/y');
    assert.equal(payoutHome({ XDG_STATE_HOME: '/s' }), '/s/payout-http');
    assert.equal(payoutHome({}), join(homedir(), '.local', 'state', 'payout-http'));
    assert.equal(localEnvironmentDir('/h'), '/h/local');
  });

  it('generates a working partner key pair, a service key pair, codes and the local environment, all private', async () => {
    const home = tmp();
    const c = await ensureLocalCredentials(home);
    assert.equal(mode(home), 0o700);
    for (const f of [c.partnerPrivateKeyFile, c.partnerPublicKeyFile, c.servicePrivateKeyFile, c.servicePublicKeyFile])
      assert.equal(mode(f), 0o600, f);
    const env = JSON.parse(readFileSync(join(c.envDir, 'http-client.env.json'), 'utf8'));
    const priv = JSON.parse(readFileSync(join(c.envDir, 'http-client.private.env.json'), 'utf8'));
    assert.equal(mode(join(c.envDir, 'http-client.private.env.json')), 0o600);
    assert.equal(env.local.partnerCode, c.partnerCode);
    assert.equal(env.local.plant_base_url, `${env.local.base_url}/plant-store/v3`);
    assert.deepEqual(Object.keys(priv.local).sort(), ['privateKeyFile', 'secretKey', 'servicePublicKeyFile']);
    assert.ok(!JSON.stringify(env).includes(c.secretKey), 'the secret is only in the private file');
    // The pair really is a pair, and RSA-2048 (readPrivateKeyFile checks the size).
    const text = 'partner|<check>';
    assert.ok(verifyText(text, signText(text, readPrivateKeyFile(priv.local.privateKeyFile)), readPublicKeyFile(c.partnerPublicKeyFile)));
  });

  it('is stable across calls and keeps what the user added to the env files', async () => {
    const home = tmp();
    const a = await ensureLocalCredentials(home);
    const envFile = join(a.envDir, 'http-client.env.json');
    const env = JSON.parse(readFileSync(envFile, 'utf8'));
    env.local.userEmail = 'me@example.com';
    env.staging = { base_url: 'https://staging.example' };
    writeFileSync(envFile, JSON.stringify(env));
    await setLocalBaseUrl(home, 'http://127.0.0.1:4321');
    const b = await ensureLocalCredentials(home);
    assert.equal(b.partnerCode, a.partnerCode);
    assert.equal(b.secretKey, a.secretKey);
    const after = JSON.parse(readFileSync(envFile, 'utf8'));
    assert.equal(after.local.userEmail, 'me@example.com');
    assert.equal(after.staging.base_url, 'https://staging.example');
    assert.equal(after.local.base_url, 'http://127.0.0.1:4321');
    assert.equal(after.local.plant_base_url, 'http://127.0.0.1:4321/plant-store/v3');
  });

  it('concurrent first use yields one set of credentials', async () => {
    const home = tmp();
    const all = await Promise.all(Array.from({ length: 4 }, () => ensureLocalCredentials(home)));
    assert.equal(new Set(all.map((c) => c.partnerCode)).size, 1);
  });

  it('says how to fix a damaged env file instead of crashing on it', async () => {
    const home = tmp();
    const c = await ensureLocalCredentials(home);
    writeFileSync(join(c.envDir, 'http-client.env.json'), '{ not json');
    await assert.rejects(ensureLocalCredentials(home), /http-client\.env\.json is not valid JSON .*fix or delete the file/);
  });
});
