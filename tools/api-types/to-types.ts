import openapiTS, { astToString } from 'openapi-typescript';

/** Where the page's generated API types live, from the repository's root. */
export const API_TYPES_FILE = 'web/src/lib/api-types.ts';

const HEADER = `/**
 * Generated from the OpenAPI document (GET /api/openapi.json) by \`npm run api:types\`. Do not edit:
 * change the route's schemas and run it again; \`npm test\` fails while this file is stale.
 */
`;

/** The TypeScript types of an OpenAPI 3.1 document: \`paths\` by path and method, \`components\`. */
export async function apiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    // What the server always sends is required in the answer types, not optional.
    defaultNonNullable: true,
    alphabetize: true,
  });
  return HEADER + astToString(ast);
}
