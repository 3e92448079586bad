// Every built-in endpoint in one list. index.ts publishes it as `catalogue.endpoints` and match.ts
// indexes it; it lives apart because match.ts cannot import index.ts (which re-exports match.ts).
// The plant store's endpoints come from its OpenAPI document, loaded on first need
// (engine/openapi/plantStore.ts): the endpoints written in code are at hand from the start.

import { plantStoreApi } from '../openapi/plantStore';
import { localSandboxEndpoints } from './localSandbox';
import { payoutV2Endpoints } from './payoutV2';
import { payoutV3Endpoints } from './payoutV3';
import type { Endpoint } from './types';

/** The payout service's endpoints (v2, v3) and the local sandbox's helpers: no document to load. */
export const codedEndpoints: readonly Endpoint[] = [...payoutV2Endpoints, ...payoutV3Endpoints, ...localSandboxEndpoints];

let all: Endpoint[] | undefined;

/** Every built-in endpoint, the plant store's included (loading its document on the first call). */
export function builtInEndpoints(): Endpoint[] {
  return (all ??= [...payoutV2Endpoints, ...payoutV3Endpoints, ...plantStoreApi().endpoints, ...localSandboxEndpoints]);
}
