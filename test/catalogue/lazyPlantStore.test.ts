// The plant store's endpoints are built from its OpenAPI document on first need, not when the
// catalogue loads (engine/openapi/plantStore.ts): the language server's first diagnostics of a
// payout file do without them. A fresh process shows what loads; in this one, the answers of the
// start-up index (the endpoints written in code) are compared with the whole index's.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { catalogue, endpointById, matchRequest, type EndpointMatch } from '../../engine/catalogue/index';
import { codedEndpoints } from '../../engine/catalogue/endpoints';
import type { Endpoint } from '../../engine/catalogue/types';

const root = join(__dirname, '..', '..');

/** Runs `body` in a fresh Node process with the sources (tsx); `loaded()` says whether the plant store loaded. */
function fresh(body: string): unknown {
  const script = `
    const { plantStoreLoaded: loaded } = require(${JSON.stringify(join(root, 'engine/openapi/plantStore.ts'))});
    const out = [];
    ${body}
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' }));
}

describe('the plant store loads on first need', () => {
  it('lint, lenses and symbols of the quick-start file leave it unloaded; a plant-store request loads it', function () {
    this.timeout(60_000);
    const out = fresh(`
      const { readFileSync } = require('node:fs');
      const { createLanguageService } = require(${JSON.stringify(join(root, 'engine/language/index.ts'))});
      const svc = createLanguageService({ environment: 'local', loadEnvironment: () => ({ base_url: 'http://127.0.0.1:4010', partnerCode: 'P1', secretKey: 'S' }) });
      // the quick-start file and a request with a misspelt field, so lint has a finding to make
      const text = readFileSync(${JSON.stringify(join(root, 'examples/quickstart.payout.http'))}, 'utf8') +
        '\\n### typo\\nPOST {{base_url}}/api/v2/wallet/balance\\nContent-Type: application/json\\n\\n{ "partnerCode": "P1", "currencyy": "USDT" }\\n';
      const doc = svc.document('file:///w/quickstart.payout.http', 1, text);
      out.push(svc.diagnostics(doc).some((d) => d.message.includes('currencyy')), svc.codeLensPlaces(doc).length > 0, svc.documentSymbols(doc).length > 0, loaded());
      const { matchRequest } = require(${JSON.stringify(join(root, 'engine/catalogue/index.ts'))});
      out.push(matchRequest('GET', '{{plant_base_url}}/plant/5').endpoint?.id, loaded());
    `);
    assert.deepEqual(out, [true, true, true, false, 'plant-store.getPlantById', true]);
  });

  it('endpointById of a payout id does not load it; of a plant-store id, and catalogue.endpoints, do', function () {
    this.timeout(60_000);
    const out = fresh(`
      const c = require(${JSON.stringify(join(root, 'engine/catalogue/index.ts'))});
      out.push(c.endpointById('v3.auth.tokens')?.path, loaded(), c.endpointById('plant-store.addPlant')?.path, loaded());
      out.push(c.catalogue.endpoints.some((e) => e.api === 'plant-store'));
    `);
    assert.deepEqual(out, ['/v3/auth/tokens', false, '/plant', true, true]);
  });

  it('catalogue.endpoints holds every endpoint once, in the order v2, v3, plant store, local sandbox', () => {
    const apis = catalogue.endpoints.map((e) => e.api).filter((a, i, all) => a !== all[i - 1]);
    assert.deepEqual(apis, ['payout-v2', 'payout-v3', 'plant-store', 'local-sandbox']);
    assert.equal(new Set(catalogue.endpoints.map((e) => e.id)).size, catalogue.endpoints.length);
    for (const e of catalogue.endpoints) assert.equal(endpointById(e.id), e);
  });

  // An endpoint under a base of its own makes matchRequest use the whole index (built-in + extra);
  // on the payout service's paths it must answer as the start-up index does.
  const other: Endpoint = { ...codedEndpoints[0], id: 'other.one', api: 'openapi', base: 'other_url', path: '/elsewhere' };
  const summary = (m: EndpointMatch) => ({ ...m, endpoint: m.endpoint?.id, suggestion: m.suggestion?.id });
  const lines: [string, string][] = [];
  for (const e of codedEndpoints) {
    const path = e.path.replace(/\{[^}]+\}/g, '7');
    lines.push([e.method, `{{base_url}}${path}`], ['PATCH', `{{base_url}}${path}?a=1`], [e.method, `http://127.0.0.1:4010${path}`]);
    lines.push([e.method, `{{base_url}}${path.slice(0, -1)}`], [e.method, `http://127.0.0.1:4010${path}x`]);
  }
  lines.push(
    ['GET', '{{base_url}}/plant/5'],
    ['GET', '{{plant_base_url}}/v3/plant/5'],
    ['GET', '{{bse_url}}/api/v2/x'],
    ['GET', 'plant/5'],
  );

  it(`the payout service's requests match the same with and without the plant store's index (${lines.length} request lines)`, () => {
    for (const [method, url] of lines) {
      assert.deepEqual(summary(matchRequest(method, url)), summary(matchRequest(method, url, [other])), `${method} ${url}`);
    }
  });
});
