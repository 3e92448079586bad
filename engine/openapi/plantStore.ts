// The plant store (document 3, seed 002) as catalogue endpoints, loaded from its OpenAPI
// document, the one source of truth for the store's shapes: contracts/plant-store.openapi.json.
// The document is bundled (a JSON import), so this works the same in tsx, esbuild and the VSIX.

import doc from '../../contracts/plant-store.openapi.json';
import type { Endpoint } from '../catalogue/types';
import { loadOpenApi } from './load';

/** Where the document lives in the project; labels `Endpoint.source` and messages. */
export const PLANT_STORE_DOCUMENT = 'contracts/plant-store.openapi.json';

/** The plant store's OpenAPI document as data (for the sandbox's request validation). */
export const plantStoreDocument: Readonly<Record<string, unknown>> = doc;

const loaded = loadOpenApi(doc, { base: 'plant_base_url', api: 'plant-store', sourcePath: PLANT_STORE_DOCUMENT });

/** Problems of the bundled document; empty (test/openapi checks it). */
export const plantStoreProblems: readonly string[] = loaded.problems;

export const plantStoreEndpoints: Endpoint[] = loaded.endpoints;
