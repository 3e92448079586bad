// The shape shared by the format rules: each checks the literal string values of fields whose
// catalogue spec carries one `format`, and reports the code the catalogue decides for that field
// (engine/catalogue/decisions.ts), saying "assumed" where the decision is the project's.

import type { FieldSpec, FormatRule } from '../../../catalogue/types';
import type { BodyField } from '../../body';
import type { BlockRule, QuickFix, RuleDiagnostic } from '../types';
import { decisionFor } from '../../../catalogue/decisions';
import { diag, walkFields } from '../util';
import { ignoredByBody, rejectionOf } from './valueNotAllowed';

export interface FormatCheck {
  code: string;
  description: string;
  formats: readonly FormatRule[];
  /** A problem description ("is not a date in YYYY-MM-DD form") and the fix, or undefined when fine. */
  problem(value: string, spec: FieldSpec): { problem: string; fix: string; replacement?: string } | undefined;
}

export function formatRule(check: FormatCheck): BlockRule {
  return {
    code: check.code,
    description: check.description,
    check({ endpoint, body }) {
      if (!endpoint?.body) return [];
      const out: RuleDiagnostic[] = [];
      for (const { field, spec, path } of walkFields(body.fields, endpoint.body)) {
        if (!spec?.format || !check.formats.includes(spec.format) || !isPlainString(field) || ignoredByBody(spec, body)) continue;
        const found = check.problem(String(field.value), spec);
        if (!found) continue;
        const fixes: QuickFix[] | undefined =
          found.replacement !== undefined
            ? [
                {
                  title: `Change to ${JSON.stringify(found.replacement)}`,
                  edits: [{ span: field.valueSpan!, newText: JSON.stringify(found.replacement) }],
                  preferred: true,
                },
              ]
            : undefined;
        out.push(
          diag(
            check.code,
            'error',
            `\`${path}\` ${found.problem}: ${rejectionOf(endpoint, decisionFor(spec, 'format'))}. ${found.fix}`,
            field.valueSpan!,
            fixes,
          ),
        );
      }
      return out;
    },
  };
}

function isPlainString(field: BodyField): boolean {
  return field.kind === 'string' && !field.hasTemplates && !!field.valueSpan;
}
