// Doc 1 §4.3: backIdImage is required unless `type` is PASSPORT; omitting it for another type
// returns 58, not 5. Read from the catalogue's `unless-passport` requirement.
import type { BlockRule, RuleDiagnostic } from '../types';
import { bodyAnchor, diag, errorName, insertFieldEdit } from '../util';

export const backImageRequired: BlockRule = {
  code: 'payout/back-image-required',
  description: 'backIdImage missing for a document type other than PASSPORT (58).',
  check({ block, endpoint, body }) {
    if (!endpoint?.body || !body.root) return [];
    const out: RuleDiagnostic[] = [];
    for (const spec of endpoint.body) {
      // A null is no value (the catalogue's `null` decision): the service finds it missing too.
      if (spec.required !== 'unless-passport' || (body.byName.has(spec.name) && body.byName.get(spec.name)!.kind !== 'null')) continue;
      // The field the requirement depends on, and the value that lifts it, are the catalogue's (`ignoredWhen`).
      const when = spec.ignoredWhen ?? { field: 'type', equals: 'PASSPORT' };
      const type = body.byName.get(when.field);
      // Unknown until send time (a variable) or absent (required-field-missing says so): no verdict.
      if (!type || type.kind !== 'string' || type.hasTemplates || type.value === when.equals) continue;
      const edit = insertFieldEdit(block, body, spec.name, '"data:image/jpeg;base64,"');
      out.push(
        diag(
          this.code,
          'error',
          `\`${spec.name}\` is missing for type ${String(type.value)}: the service answers ${errorName(spec.errorCode ?? 58)}, not 5. ${spec.requiredNote ?? ''} Add "${spec.name}" as a base64 data URL, or use type PASSPORT.`.replace(
            /\s+/g,
            ' ',
          ),
          type.valueSpan ?? bodyAnchor(block, body),
          edit ? [{ title: `Add "${spec.name}"`, edits: [edit], preferred: true }] : undefined,
        ),
      );
    }
    return out;
  },
};
