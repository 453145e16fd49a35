// Container tokens shared by every context. A context's own tokens live in its file under contexts/.
export const TOKENS = {
  Config: Symbol.for('Config'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  UnitOfWork: Symbol.for('UnitOfWork'),
  SecretHasher: Symbol.for('SecretHasher'),
  Logger: Symbol.for('Logger'),
  RateLimiter: Symbol.for('RateLimiter'),
  /** Public routes, per client address; and per endpoint (an inbound endpoint id, the Cloud API webhook). */
  PublicAddressRateLimiter: Symbol.for('PublicAddressRateLimiter'),
  PublicEndpointRateLimiter: Symbol.for('PublicEndpointRateLimiter'),
  /** Failed API key authentications, per client address. */
  AuthFailureRateLimiter: Symbol.for('AuthFailureRateLimiter'),
  MemoryStore: Symbol.for('MemoryStore'),
  KnexDatabase: Symbol.for('KnexDatabase'),
  /** The counters of the core (the `Metrics` port), kept with the HTTP durations in the Prometheus adapter. */
  Metrics: Symbol.for('Metrics'),
  /** Whether this node's dependencies answer (`GET /readyz`). */
  Readiness: Symbol.for('Readiness'),
  /** Multi-bound: every context's provisioning for a new team. */
  TeamSetupStep: Symbol.for('TeamSetupStep'),
} as const;
