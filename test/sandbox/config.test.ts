// The --config file: what it accepts, and messages that name the problem and the fix.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, parseConfig, DEFAULT_SETTINGS } from '../../engine/sandbox/config';
import { generateRsaKeyPair } from '../../engine/signing/keys';

describe('sandbox config file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'payout-cfg-'));
  writeFileSync(join(dir, 'p.pem'), generateRsaKeyPair().publicKeyPem);
  const file = join(dir, 'sandbox.config.json');
  const parse = (v: unknown) => parseConfig(JSON.stringify(v), file);

  it('reads partners with keys relative to the file, and the settings', () => {
    const c = parse({
      kycDelayMs: 0,
      autoSettleMs: 500,
      partners: [
        {
          partnerCode: 'P1',
          secretKey: 's',
          publicKeyFile: 'p.pem',
          status: 'LOCKED',
          webhooks: [{ secretKey: 'w', url: 'http://127.0.0.1:9/h' }],
          caps: { dailyUsd: 5 },
        },
      ],
    });
    assert.equal(c.settings.kycDelayMs, 0);
    assert.equal(c.settings.autoSettleMs, 500);
    const p = c.partners[0];
    assert.equal(p.publicKey.kind, 'ok');
    assert.equal(p.locked, true);
    assert.equal(p.caps.dailyUsd, 5);
    assert.equal(p.caps.perTransactionUsd > 0, true);
    assert.equal(p.webhooks[0].url, 'http://127.0.0.1:9/h');
    assert.deepEqual(parse({}).settings, DEFAULT_SETTINGS);
  });

  it('a partner without a key has a missing key (error 2 at request time), not a config error', () => {
    assert.equal(parse({ partners: [{ partnerCode: 'P', secretKey: 's' }] }).partners[0].publicKey.kind, 'missing');
  });

  for (const [label, value, pattern] of [
    ['bad JSON', '{', /is not valid JSON/],
    ['unknown setting', { kycDelay: 1 }, /kycDelay: is not a known setting; use one of/],
    ['missing secretKey', { partners: [{ partnerCode: 'P' }] }, /partners\[0\]: needs partnerCode and secretKey/],
    [
      'duplicate partner',
      {
        partners: [
          { partnerCode: 'P', secretKey: 's' },
          { partnerCode: 'P', secretKey: 't' },
        ],
      },
      /"P" is listed twice/,
    ],
    [
      'unreadable key file',
      { partners: [{ partnerCode: 'P', secretKey: 's', publicKeyFile: 'nope.pem' }] },
      /nope\.pem cannot be read \(no such file\); point it at the PEM public key/,
    ],
    ['bad status', { partners: [{ partnerCode: 'P', secretKey: 's', status: 'FROZEN' }] }, /use "ACTIVE" or "LOCKED"/],
    [
      'bad webhook url',
      { local: { webhooks: [{ secretKey: 'w', url: 'ftp://x' }] } },
      /webhooks\[0\]\.url: "ftp:\/\/x" is not an http\(s\) URL/,
    ],
    ['unknown cap', { local: { caps: { hourlyUsd: 1 } } }, /caps\.hourlyUsd: is not a known cap/],
    ['negative delay', { kycDelayMs: -1 }, /kycDelayMs: must be a number ≥ 0/],
  ] as const) {
    it(`explains: ${label}`, () => {
      assert.throws(
        () => parseConfig(typeof value === 'string' ? value : JSON.stringify(value), file),
        (e: Error) => e instanceof ConfigError && pattern.test(e.message),
      );
    });
  }
});

describe('startSandbox({ config }) with the config as an object', () => {
  it("applies it (here: the local partner's pre-load)", async () => {
    const { startSandbox } = await import('../../engine/sandbox/server');
    const { localClients } = await import('./client');
    const sb = await startSandbox({ home: mkdtempSync(join(tmpdir(), 'payout-cfgobj-')), config: { local: { funds: { USDT: 7 } } } });
    try {
      const { v2 } = localClients(sb.home);
      assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance, 7);
    } finally {
      await sb.close();
    }
  });
});
