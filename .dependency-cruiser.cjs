/**
 * The dependency rules of ARCHITECTURE.md, checked by `npm run lint` (dependency-cruiser).
 * A feature is a folder under server/src/; its SQL (`*.sql.ts`) is its own.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-sql',
      comment:
        "A feature reaches another feature's data through that feature's service or public module, never its SQL.",
      severity: 'error',
      from: { path: '^server/src/([^/]+)/' },
      // db/ is not a feature but the storage every feature shares.
      to: { path: '\\.sql\\.ts$', pathNot: '^server/src/($1|db)/' },
    },
    {
      name: 'feature-public-module',
      comment:
        "A feature uses another only through that feature's public module (its index.ts). app.ts and deps.ts, " +
        'which wire the features together, and the layers every feature shares (db, http, identity, limits, ' +
        'clients, util) are not features.',
      severity: 'error',
      from: { path: '^server/src/([^/]+)/' },
      to: {
        path: '^server/src/(spots|community|channels|moderation|search|routing|stats|page|health|settings|seed|basemap|trust)/',
        pathNot: ['^server/src/$1/', '^server/src/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'routes-no-sql',
      comment: 'Routes call services; only services (and other SQL) call SQL.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.sql\\.ts$' },
    },
    {
      name: 'page-not-server',
      comment: 'The page shares code with the server only through common/.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-page',
      comment: 'The server shares code with the page (its dictionaries included) only through common/.',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { path: '^web/' },
    },
    {
      name: 'common-stands-alone',
      comment: 'common/ is read by server and page alike, so it imports neither.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules do not import each other in a circle.',
      severity: 'error',
      from: { path: '^(server/src|web/src|common)/' },
      // A type-only import is gone at run time, so a circle through one is not a circle.
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
