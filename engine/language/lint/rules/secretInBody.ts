// A secret variable ({{secretKey}}, {{privateKey}}, {{accessToken}}, ...) written into the body: the
// body is sent as it is, so the secret would travel in clear (and land in the service's logs). The
// secretKey only ever goes into the signed string, which payout-http builds itself. A documented
// body field written as its own variable (`"webhookSecretKey": "{{webhookSecretKey}}"`) is not one.
import { isSecretVariable } from '../../../syntax/environments';
import type { TemplateRef } from '../../../syntax/types';
import { bodyFieldSpec } from '../../../catalogue';
import type { Endpoint } from '../../../catalogue/types';
import type { BodyModel } from '../../body';
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag, targetsCatalogue } from '../util';

export const secretInBody: BlockRule = {
  code: 'payout/secret-in-body',
  description: 'A secret variable in the body would be sent in clear.',
  check({ block, endpoint, body: model, match }) {
    const body = block.body?.span;
    // A password in the body of a login to another API (kulala's httpbin examples) is that API's business.
    if (!body || !targetsCatalogue(match)) return [];
    const out: RuleDiagnostic[] = [];
    for (const r of block.references) {
      if (r.kind !== 'variable' || !isSecretVariable(r.name) || r.span.start < body.start || r.span.end > body.end) continue;
      if (ownField(r, model, endpoint)) continue;
      out.push(
        diag(
          this.code,
          'error',
          `{{${r.name}}} in the body would send the secret in clear. Remove it: the secretKey only goes into the signed string, which payout-http builds and signs itself; keys and tokens travel in their own headers or fields.`,
          r.span,
        ),
      );
    }
    return out;
  },
};

/**
 * A field the endpoint documents as a body field, filled from its own variable (create-sell-order
 * and create-cashout `webhookSecretKey`), is meant to travel in the body (issue 24).
 */
function ownField(r: TemplateRef, model: BodyModel, endpoint: Endpoint | undefined): boolean {
  const f = model.byName.get(r.name);
  const whole = f?.kind === 'template' || (f?.kind === 'string' && f.value === `{{${r.name}}}`);
  const inside = !!f?.valueSpan && r.span.start >= f.valueSpan.start && r.span.end <= f.valueSpan.end;
  return whole && inside && !!endpoint && bodyFieldSpec(endpoint, r.name) !== undefined;
}
