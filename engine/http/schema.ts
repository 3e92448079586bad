// The response against its OpenAPI schema (engine/openapi/schemaCheck.ts), as a SendResult field.
// Only an endpoint that documents a schema for the status answered gets an outcome: "matches"
// must mean something was compared, so payout endpoints (no OpenAPI document) and undocumented
// statuses get none rather than a vacuous pass.
import type { Endpoint } from '../catalogue/types';
import { checkResponse, responseSchemaFor } from '../openapi/schemaCheck';
import type { ResponseInfo, SchemaOutcome } from './types';

export function schemaOutcome(endpoint: Endpoint | undefined, response: ResponseInfo): SchemaOutcome | undefined {
  if (!endpoint || responseSchemaFor(endpoint, response.status) === undefined) return undefined;
  // A body that is not JSON is checked as its text (a schema expecting an object reports it); none at all as undefined.
  const body = response.body !== undefined ? response.body : response.bodyText === '' ? undefined : response.bodyText;
  return { endpointId: endpoint.id, problems: checkResponse(endpoint, response.status, body) };
}
