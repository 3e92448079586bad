// A `# @openapi` directive whose document cannot be used as it is: unreadable file, syntax error,
// dangling `$ref`, ... (engine/openapi words each problem with its fix). Shown on the directive.
import type { FileRule, RuleDiagnostic } from '../types';
import { diag } from '../util';

export const openapiDocument: FileRule<never> = {
  code: 'payout/openapi-document',
  description: 'A `# @openapi` document that cannot be read or has problems.',
  collect: () => undefined,
  check(ctx) {
    const out: RuleDiagnostic[] = [];
    for (const use of ctx.openapi) {
      if (!use.problems.length) continue;
      const more =
        use.problems.length > 1
          ? ` (and ${use.problems.length - 1} more problem${use.problems.length > 2 ? 's' : ''}: ${use.problems.slice(1, 4).join(' ')})`
          : '';
      const span = { start: use.block.start + use.directive.span.start, end: use.block.start + use.directive.span.end };
      out.push(diag(this.code, 'warning', `${use.problems[0]}${more}`, span));
    }
    return out;
  },
};
