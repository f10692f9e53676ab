import { enableCompileCache } from 'node:module';

/**
 * The server's entry. Node keeps the compiled code of the modules it loads (Node's compile cache,
 * in NODE_COMPILE_CACHE or the temporary folder), so a later start reads them compiled instead of
 * stripping and compiling each again, in the embedded database's thread as in this one.
 */
enableCompileCache();
await import('./server.ts');
