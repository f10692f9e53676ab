import { createPgDb } from '../../server/src/db/pg.ts';
import { buildAppOn } from '../../server/test/test-app.ts';

/**
 * The app's OpenAPI document, as /api/openapi.json serves it: the app is built on a database it
 * never reaches (the document needs no data).
 */
export async function apiDocument(): Promise<Record<string, unknown>> {
  const app = await buildAppOn(
    createPgDb({ connectionString: 'postgres://127.0.0.1:9/unused', shares: { reads: 1, writes: 1 } }),
  );
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
