// The frontend's API types (src/lib/api-schema.ts) from the OpenAPI document, with openapi-typescript:
// the root's scripts/api-contract.mjs (`npm run api:generate`) calls it, then formats and writes the file.
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = [
  '// Generated from docs/openapi.json by `npm run api:generate` (scripts/api-contract.mjs, openapi-typescript): do not edit.',
  '// Use it through the aliases of ./types.ts.',
];

export async function apiTypes(document) {
  return `${HEADER.join('\n')}\n\n${astToString(await openapiTS(document))}`;
}
