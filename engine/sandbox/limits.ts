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
export function storableProblem(body: unknown): string | undefined {
  const depth = depthOf(body, MAX_BODY_DEPTH + 1);
  if (depth > MAX_BODY_DEPTH) {
    return `The body nests more than ${MAX_BODY_DEPTH} levels deep: the sandbox stores no value that deep; send extendInfo and every object as documented (a few levels)`;
  }
  const info = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).extendInfo : undefined;
  if (info !== undefined) {
    const bytes = Buffer.byteLength(JSON.stringify(info) ?? '');
    if (bytes > MAX_STORED_VALUE_BYTES) {
      return `extendInfo is ${bytes} bytes as JSON, more than the ${MAX_STORED_VALUE_BYTES} the sandbox stores with an order: send only the documented members`;
    }
  }
  return undefined;
}

/** The nesting depth of a JSON value (a scalar is 0), counted up to `limit` and no further. */
function depthOf(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    const here = d + 1;
    if (here > max) max = here;
    if (max >= limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, here]);
  }
  return max;
}
