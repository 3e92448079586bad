// Every built-in endpoint in one list. index.ts publishes it as `catalogue.endpoints` and match.ts
// indexes it; it lives apart because match.ts cannot import index.ts (which re-exports match.ts).

import { plantStoreEndpoints } from '../openapi/plantStore';
import { localSandboxEndpoints } from './localSandbox';
import { payoutV2Endpoints } from './payoutV2';
import { payoutV3Endpoints } from './payoutV3';
import type { Endpoint } from './types';

export const builtInEndpoints: readonly Endpoint[] = [
  ...payoutV2Endpoints,
  ...payoutV3Endpoints,
  ...plantStoreEndpoints,
  ...localSandboxEndpoints,
];
