// Bounds on what a request may ask the sandbox to store. A body whose extendInfo nested ~5,000
// levels was accepted and confirmed, then serializing the state overflowed the stack and the
// process died, losing the order (issue 12). Bodies are now measured before anything is checked or
// stored, and refused with INVALID_REQUEST_DATA (5), the contract's error for a request that fails
// validation (docs/sandbox.md, "Limits"). The walk is iterative, so measuring cannot overflow.

// The bounds are the catalogue's decisions (depth, size), which lint reports too.
import { bodyBoundsProblem, MAX_BODY_DEPTH, MAX_EXTEND_INFO_BYTES } from '../catalogue/decisions';

export { MAX_BODY_DEPTH };
/** Largest free-form value stored verbatim (an order's extendInfo), serialized. */
export const MAX_STORED_VALUE_BYTES = MAX_EXTEND_INFO_BYTES;

/** Why `body` cannot be stored, or undefined when it can (the catalogue's depth and size decisions, which lint reports too). */
export function storableProblem(body: Record<string, unknown>): string | undefined {
  return bodyBoundsProblem(body)?.message;
}
