// A literal whose JSON type is not the field's: `"fiatAmount": "100000"` is a string where the
// document says number. Values written as `{{...}}` are only known at send time and are skipped.

import type { FieldSpec } from '../../../catalogue/types';
import type { BodyField } from '../../body';
import type { BlockRule, QuickFix, RuleDiagnostic } from '../types';
import { signedSegmentOf } from '../../../catalogue';
import { decisionFor, nullDecision } from '../../../catalogue/decisions';
import { diag, walkFields } from '../util';
import { rejectionOf } from './valueNotAllowed';

function matches(spec: FieldSpec, field: BodyField): boolean {
  switch (field.kind) {
    case undefined:
    case 'template':
      return true;
    case 'null':
      // The catalogue's decision: a null is the field left out, fine for an optional field (and
      // `extendInfo: null` is what the document asks for VND/NGN); a required one is refused.
      return nullDecision(spec) === undefined;
    case 'string':
      return spec.type === 'string' || !!field.hasTemplates;
    case 'number':
      return spec.type === 'number' || (spec.type === 'integer' && Number.isInteger(field.value));
    case 'boolean':
      return spec.type === 'boolean';
    case 'object':
      return spec.type === 'object';
    case 'array':
      return spec.type === 'array';
  }
}

function fixFor(spec: FieldSpec, field: BodyField): QuickFix[] | undefined {
  if (!field.valueSpan) return undefined;
  if ((spec.type === 'number' || spec.type === 'integer') && field.kind === 'string' && typeof field.value === 'string') {
    const n = Number(field.value.trim());
    if (field.value.trim() !== '' && Number.isFinite(n)) {
      return [
        {
          title: `Write ${field.value.trim()} as a number`,
          edits: [{ span: field.valueSpan, newText: field.value.trim() }],
          preferred: true,
        },
      ];
    }
  }
  if (spec.type === 'string' && (field.kind === 'number' || field.kind === 'boolean') && field.rawText !== undefined) {
    return [{ title: 'Quote the value', edits: [{ span: field.valueSpan, newText: JSON.stringify(field.rawText) }], preferred: true }];
  }
  if (spec.type === 'string' && field.kind === 'boolean') {
    return [
      { title: 'Quote the value', edits: [{ span: field.valueSpan, newText: JSON.stringify(String(field.value)) }], preferred: true },
    ];
  }
  return undefined;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

export const wrongType: BlockRule = {
  code: 'payout/wrong-type',
  description: "A literal value of another JSON type than the field's.",
  check({ endpoint, body }) {
    if (!endpoint?.body) return [];
    const out: RuleDiagnostic[] = [];
    const payout = endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3';
    for (const { field, spec, path } of walkFields(body.fields, endpoint.body)) {
      if (!spec || matches(spec, field) || !field.valueSpan) continue;
      const decision =
        field.kind === 'null'
          ? nullDecision(spec, signedSegmentOf(endpoint, path)?.notRejectedAsMissing === true)!
          : decisionFor(spec, 'type');
      const actual =
        field.kind === 'null'
          ? 'null'
          : field.kind === 'number' && spec.type === 'integer'
            ? 'a number with a fraction'
            : article(field.kind ?? 'value');
      // A null is a value left out by mistake more often than a string typed without quotes.
      const how =
        field.kind === 'null'
          ? `write ${article(spec.type)}${spec.required ? '' : ', or leave the field out'}`
          : spec.type === 'string'
            ? 'put it in double quotes'
            : spec.type === 'number' || spec.type === 'integer'
              ? 'write the number without quotes'
              : `write ${article(spec.type)}`;
      out.push(
        diag(
          this.code,
          'error',
          `\`${path}\` is ${article(spec.type)}, but the body has ${actual}: ${how}.${payout ? ` Otherwise ${rejectionOf(endpoint, decision)}.` : ''}`,
          field.valueSpan,
          fixFor(spec, field),
        ),
      );
    }
    return out;
  },
};
