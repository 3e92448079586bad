// A v3 endpoint that needs a bearer token, sent without one. The client gets tokens by itself
// (doc 2 §5: assertion -> /v3/auth/tokens, per user), so this only warns when it cannot know the
// user: no Authorization header, no `# @user` directive, no userEmail in the body and no
// `userEmail` variable (the order engine/http/prepare.ts looks in).
import type { Endpoint } from '../../../catalogue/types';
import type { FileRule, RuleDiagnostic } from '../types';
import { diag } from '../util';

export const USER_DIRECTIVE = 'user';

export const tokenUnavailable: FileRule<Endpoint> = {
  code: 'payout/token-unavailable',
  description: 'A v3 endpoint needing a token, with no Authorization header and no user to get a token for.',
  collect({ block, endpoint, body }) {
    if (!endpoint || (endpoint.auth !== 'bearer-v3' && endpoint.auth !== 'sandbox-only')) return undefined;
    if (block.headers.some((h) => h.name.toLowerCase() === 'authorization')) return undefined;
    if (block.directives.some((d) => d.name === USER_DIRECTIVE && d.value.trim() !== '')) return undefined;
    if (body.byName.has('userEmail')) return undefined;
    return endpoint;
  },
  emptyWhileItemsEqual: true,
  check(ctx, items) {
    if (ctx.variableNames.has('userEmail')) return [];
    const out: RuleDiagnostic[] = [];
    for (const { block, data: endpoint } of items) {
      const line = block.requestLine!;
      out.push(
        diag(
          this.code,
          'warning',
          `${endpoint.method} ${endpoint.path} needs an access token for a user, and the client cannot tell which user: add \`# @${USER_DIRECTIVE} alice@example.com\` above the request, define \`@userEmail = ...\`, or send \`Authorization: Bearer ...\`.`,
          { start: block.start + line.span.start, end: block.start + line.span.end },
        ),
      );
    }
    return out;
  },
};
