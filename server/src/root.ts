import { fileURLToPath } from 'node:url';

/**
 * The project's folder, where the server finds the files it reads (the migrations, the built page,
 * the seed, the icon, the install's cache). Found from this module's place, two levels down in the
 * sources (server/src/) and in the built server alike (dist/server/, where every module's
 * `import.meta.url` is its bundle's): a path written relative to each module would break there.
 */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
