// The layer rules of the hexagonal layout (CONTRIBUTING.md, "Layers"), checked by `npm test`:
// dependencies point inward only, bootstrap -> adapters -> application -> domain.
/** Frameworks and drivers that belong to adapters and bootstrap, never to the core. */
const FRAMEWORKS =
  '(koa|@koa/|koa-|knex|better-sqlite3|pg|ioredis|inversify|reflect-metadata|ajv|pino|prom-client|rate-limiter-flexible|@sinclair/typebox|@scalar/)';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-self-contained',
      comment:
        'domain/ imports nothing outside itself but its one value library (phone numbers); no Node built-ins either (clock, env, I/O).',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', '(^|/)node_modules/libphonenumber-js/'] },
    },
    {
      name: 'application-talks-to-ports',
      comment: 'application/ sees the domain and its own ports, never an adapter, bootstrap or a framework.',
      severity: 'error',
      from: { path: '^application/' },
      to: { path: ['^adapters/', '^bootstrap/', `(^|/)node_modules/${FRAMEWORKS}`] },
    },
    {
      name: 'adapters-do-not-wire',
      comment: 'Only bootstrap/ knows Inversify and wires concrete classes together.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: ['^bootstrap/', '(^|/)node_modules/(inversify|reflect-metadata)/'] },
    },
    {
      name: 'no-circular',
      comment: 'A cycle between modules makes their load order matter.',
      severity: 'error',
      from: { path: '^(domain|application|adapters|bootstrap)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|tests|bench)/' },
  },
};
