// Bounds on what a request may ask the sandbox to store. A body whose extendInfo nested ~5,000
// levels was accepted and confirmed, then serializing the state overflowed the stack and the
// process died, losing the order (issue 12). Bodies are now measured before anything is checked or
// stored, and refused with INVALID_REQUEST_DATA (5), the contract's error for a request that fails
// validation (docs/sandbox.md, "Limits"). The walk is iterative, so measuring cannot overflow.

/** Deepest nesting accepted in a request body: the deepest documented body (extendInfo.PH.*) is 3. */
export const MAX_BODY_DEPTH = 32;
/** Largest free-form value stored verbatim (an order's extendInfo), serialized. */
export const MAX_STORED_VALUE_BYTES = 16 * 1024;

/** Why `body` cannot be stored, or undefined when it can. */
export function storableProblem(body: Record<string, unknown>): string | undefined {
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) {
    return `The body nests more than ${MAX_BODY_DEPTH} levels deep: the sandbox stores no value that deep; send extendInfo and every object as documented (a few levels)`;
  }
  // An absent extendInfo is measured as null (4 bytes): JSON.stringify(undefined) is no text at all.
  const bytes = Buffer.byteLength(JSON.stringify(body.extendInfo ?? null));
  if (bytes > MAX_STORED_VALUE_BYTES) {
    return `extendInfo is ${bytes} bytes as JSON, more than the ${MAX_STORED_VALUE_BYTES} the sandbox stores with an order: send only the documented members`;
  }
  return undefined;
}

/**
 * Whether a JSON value has objects or arrays nested more than `limit` deep (`{}` is 1 deep, a
 * scalar 0). It stops at the first container found below the limit.
 */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  // Each value with the depth of the containers around it.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, around] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (around === limit) return true;
    for (const child of Object.values(v)) stack.push([child, around + 1]);
  }
  return false;
}
