// Issue 24: lint and the local sandbox make one decision per request. Over 2,000+ generated
// requests to the 14 signed /api/v2 endpoints (cases.ts), each is linted by the real language
// service and sent, signed, over keep-alive to one real sandbox process; refusals that depend on
// the service's state are set apart by their codes (compare.ts). Expected: 0 disagreements, and
// where both refuse, lint names the code the sandbox answers. PAYOUT_HTTP_SEED varies the draw.
import { strict as assert } from 'node:assert';
import { endpointById } from '../../engine/catalogue';
import { lintText } from '../../engine/language';
import { buildCanonical } from '../../engine/signing/canonical';
import { signText } from '../../engine/signing/rsa';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { readLocalEnv, type LocalEnv } from '../sandbox/client';
import { baseBody, generateCases, kycBody, seedFromEnv, type Case, type World } from './cases';
import { verdict, type Verdict } from './compare';

const CONCURRENCY = 8;
const HUGE_LIMIT = 1e12;

describe('lint and the sandbox make one decision per request (issue 24, real process)', function () {
  this.timeout(180_000);
  let sb: SandboxProcess;
  let env: LocalEnv;
  let world: World;

  async function send(endpointId: string, body: Record<string, unknown>): Promise<number> {
    const e = endpointById(endpointId)!;
    const signed = { ...body, signature: signText(buildCanonical(e.signedString!, body).withSecret(env.secretKey), env.privateKey) };
    const res = await fetch(env.base_url + e.path, {
      method: e.method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(signed),
    });
    const answer = (await res.json()) as { errorCode: number; message: string };
    return answer.errorCode;
  }

  async function verified(email: string): Promise<void> {
    const r = await send('v2.user.submit-kyc', { ...kycBody({ partnerCode: env.partnerCode } as World), userEmail: email });
    assert.equal(r, 0, `setup: KYC of ${email}`);
    // --kyc-delay 0: the review happens on the next read.
    assert.equal(await send('v2.user.get-kyc-information', { partnerCode: env.partnerCode, userEmail: email }), 0);
  }

  before(async () => {
    sb = await startSandboxProcess({
      args: ['--kyc-delay', '0'],
      config: {
        local: {
          funds: { USDT: HUGE_LIMIT },
          caps: {
            perTransactionUsd: HUGE_LIMIT,
            dailyUsd: HUGE_LIMIT,
            dailyCount: HUGE_LIMIT,
            weeklyUsd: HUGE_LIMIT,
            monthlyUsd: HUGE_LIMIT,
          },
        },
      },
    });
    env = readLocalEnv(sb.home);
    world = {
      partnerCode: env.partnerCode,
      webhookSecretKey: env.webhookSecretKey,
      buyer: 'buyer@example.com',
      patched: 'patched@example.com',
      orderId: 'existing-order',
    };
    await verified(world.buyer);
    await verified(world.patched);
    const order = await send('v2.orders.create-sell-order', {
      ...baseBody('v2.orders.create-sell-order', world),
      externalOrderId: world.orderId,
    });
    assert.equal(order, 0, 'setup: the order orders/details reads');
  });
  after(async () => sb?.stop());

  function lint(c: Case) {
    const e = endpointById(c.endpointId)!;
    const text = `@base_url = ${env.base_url}\n\n### t\n${e.method} {{base_url}}${e.path}\nContent-Type: application/json\n\n${JSON.stringify(c.body, null, 2)}\n`;
    return lintText(text, { fileDir: sb.home });
  }

  it('0 disagreements over the generated requests; where both refuse, the same code', async () => {
    const seed = seedFromEnv();
    const cases = generateCases(world, seed);
    assert.ok(cases.length >= 2000, `only ${cases.length} cases`);
    const results: { c: Case; v: Verdict; sandbox: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        const findings = lint(c);
        const code = await send(c.endpointId, c.body);
        results.push({ c, v: verdict(findings, code), sandbox: code });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const bad = results.filter((r) => r.v.kind !== 'agree' && r.v.kind !== 'state');
    const state = results.filter((r) => r.v.kind === 'state');
    const table = bad
      .map((r) => `| ${r.c.endpointId} | ${r.c.label.slice(0, 80)} | ${'lint' in r.v ? r.v.lint : 'nothing'} | ${r.sandbox} |`)
      .join('\n');
    const byKind = (k: string) => bad.filter((r) => r.v.kind === k).length;
    const summary =
      `seed ${seed}: ${results.length} requests, ${state.length} set apart as state-dependent ` +
      `(${[...new Set(state.map((r) => r.sandbox))].sort((a, b) => a - b).join(', ')}); ` +
      `${bad.length} disagree: ${byKind('lint-only')} lint errors the sandbox accepts, ${byKind('sandbox-only')} sandbox refusals without a lint error, ` +
      `${byKind('other-code')} with another code`;
    console.log(
      bad.length ? `${summary}\n| endpoint | case | lint errors [codes named] | sandbox |\n|---|---|---|---|\n${table}` : summary,
    );
    assert.equal(bad.length, 0, summary);
  });
});
