// The plant store (document 3, seed 002) as catalogue endpoints, loaded from its OpenAPI
// document, the one source of truth for the store's shapes: contracts/plant-store.openapi.json.
// The document is bundled (a JSON import), so this works the same in tsx, esbuild and the VSIX.
// It is loaded on the first call of plantStoreApi(), not when the module loads: the language
// server's first diagnostics of a payout file never need it (README, Performance: cold start).

import doc from '../../contracts/plant-store.openapi.json';
import type { Endpoint } from '../catalogue/types';
import { loadOpenApi } from './load';

/** Where the document lives in the project; labels `Endpoint.source` and messages. */
export const PLANT_STORE_DOCUMENT = 'contracts/plant-store.openapi.json';

export interface PlantStoreApi {
  /** The OpenAPI document as data (for the sandbox's request validation and /openapi.json). */
  document: Readonly<Record<string, unknown>>;
  endpoints: readonly Endpoint[];
  /** Problems of the bundled document; empty (test/openapi checks it). */
  problems: readonly string[];
}

let loaded: PlantStoreApi | undefined;

/** The plant store's endpoints and document, loaded from the document on the first call. */
export function plantStoreApi(): PlantStoreApi {
  if (!loaded) {
    const { endpoints, problems } = loadOpenApi(doc, { base: 'plant_base_url', api: 'plant-store', sourcePath: PLANT_STORE_DOCUMENT });
    loaded = { document: doc, endpoints, problems };
  }
  return loaded;
}

/** Whether plantStoreApi() ran (test/catalogue/lazyPlantStore.test.ts: a payout file's lint does not load it). */
export function plantStoreLoaded(): boolean {
  return loaded !== undefined;
}
