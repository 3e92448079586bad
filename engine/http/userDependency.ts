// The user a v3 request's token is for is read outside the request's own text: from `# @user`, else
// from the `userEmail` variable when the body names no user. Neither is resolved by resolveRequest,
// so a `{{testUser.response...}}` reached that way would never be sent first; the session and its
// plan ask here which text that is, and send the requests it reads a response of before the request.
import { matchRequest, v3Conventions } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import { USER_EMAIL } from '../syntax/environments';
import type { RequestBlock } from '../syntax/types';

/**
 * The text the token's user is resolved from (prepare.ts `userOf` reads the same places in the same
 * order), or undefined when the request needs no user, or names it in its body (then resolveRequest
 * already sees its references). `bodyNamesUser`: the body has a non-empty `userEmail`.
 */
export function userTemplate(block: RequestBlock, bodyNamesUser: boolean, extraEndpoints?: Endpoint[]): string | undefined {
  const directive = block.directives.find((d) => d.name === 'user');
  if (directive?.value) return directive.value;
  if (bodyNamesUser || !block.requestLine) return undefined;
  const auth = v3Conventions.authorizationHeader.toLowerCase();
  if (block.headers.some((h) => h.name.toLowerCase() === auth)) return undefined; // a typed token: no user
  const endpoint = matchRequest(block.requestLine.method, block.requestLine.url, extraEndpoints).endpoint;
  return endpoint?.auth === 'bearer-v3' || endpoint?.auth === 'sandbox-only' ? `{{${USER_EMAIL}}}` : undefined;
}
