import { TeamContext } from '../domain/shared/team';

// Container tokens shared by every context. A context's own tokens live in its file under contexts/.
export const TOKENS = {
  Config: Symbol.for('Config'),
  Clock: Symbol.for('Clock'),
  /** The requests this process is serving (`RequestActivity`): what background work that writes in steps gives way to. */
  RequestActivity: Symbol.for('RequestActivity'),
  Stopwatch: Symbol.for('Stopwatch'),
  /** What the application remembers in the process (`Memos`: API keys trusted, projects found). */
  Memos: Symbol.for('Memos'),
  IdGenerator: Symbol.for('IdGenerator'),
  /** Where the id generator and the secret hasher hand out fixed ids instead (`FixedIdScope`): the demo's creation. */
  FixedIdScope: Symbol.for('FixedIdScope'),
  UnitOfWork: Symbol.for('UnitOfWork'),
  /** Idempotency-Keys of the batch routes, shared by the contexts that have one. */
  BatchKeyRepository: Symbol.for('BatchKeyRepository'),
  SecretHasher: Symbol.for('SecretHasher'),
  /**
   * Seals with SECRETS_KEY what must be read back (inbox credentials, signing secrets): bound by the WhatsApp
   * context, which was its first user, as `WHATSAPP_TOKENS.CredentialCipher`.
   */
  CredentialCipher: Symbol.for('WhatsAppCredentialCipher'),
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
  /** Whether the storage answers: bound by the storage module (`bootstrap/storage/`). */
  DatabaseProbe: Symbol.for('DatabaseProbe'),
  /** Multi-bound: every context's provisioning for a new team. */
  TeamSetupStep: Symbol.for('TeamSetupStep'),
  // Multi-bound by the context modules; read with `getAll` in the order the modules are loaded.
  /** A context's HTTP routes (`RouteModule`). */
  RouteModule: Symbol.for('RouteModule'),
  /** A context's operator commands (`CliCommand[]`), which resolve their use cases only when one runs. */
  CliCommands: Symbol.for('CliCommands'),
  /** A context's sample data for the demo team (`DemoSeed`). */
  DemoSeed: Symbol.for('DemoSeed'),
  /** What a server process runs in the background while it serves (`BackgroundWork`). */
  BackgroundWork: Symbol.for('BackgroundWork'),
} as const;

/** Adds a context's sample data to the demo team, once the contexts before it have added theirs. */
export type DemoSeed = (team: TeamContext) => Promise<void>;
