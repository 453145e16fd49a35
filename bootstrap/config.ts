import { availableParallelism } from 'node:os';
import { isOriginPattern } from '../adapters/http/middleware/allowed-origins';
import { parseSecretsKey } from '../adapters/system/aes-gcm-cipher';
import { PERSON_RECORDS_LIMIT } from '../domain/privacy/person-records';

export type StorageKind = 'memory' | 'sqlite' | 'postgres';

export interface Config {
  port: number;
  host: string;
  /**
   * Where the API is reached from outside, without a trailing slash: `PUBLIC_BASE_URL`, or else the listening
   * address. The inbound URLs the CLI prints start with it.
   */
  publicBaseUrl: string;
  databaseUrl: string;
  /** PostgreSQL schema (tests isolate runs with it); not an environment setting. */
  databaseSchema?: string;
  /** `DATABASE_POOL_MAX`: PostgreSQL connections a process keeps at most for its units of work. */
  databasePoolMax: number;
  logLevel: string;
  rateLimitPerMinute: number;
  /** Requests a minute per client address across the public routes (the webhooks that take no API key). */
  publicRateLimitPerMinute: number;
  /** Requests a minute per public endpoint: each inbound receiver's endpoint id; the Cloud API webhook as one. */
  inboundRateLimitPerMinute: number;
  /** `INBOUND_MAX_RECORDS`: the most records (leads) one inbound delivery may make; more is refused whole. */
  inboundMaxRecords: number;
  /** Failed API key authentications a minute per client address; past them the address is answered 429. */
  authFailureLimitPerMinute: number;
  /** How long a process trusts an API key it read active; `key revoke` answers after this long (`KeyTrust`). */
  apiKeyCacheMs: number;
  /**
   * Proxies in front of the API that append the address they saw to X-Forwarded-For: the client address
   * (which the per-address limits count) is the entry this many from the right; 0 (the default) takes the
   * connection's, since with nothing in front the header is whatever the client wrote.
   */
  trustedProxyHops: number;
  /** Prefix of the rate-limit keys in Redis (tests isolate runs with it); not an environment setting. */
  rateLimitRedisPrefix?: string;
  redisUrl?: string;
  /** Server processes (node:cluster); 1 serves in the main process. */
  workers: number;
  /** Set in a cluster worker: the in-memory rate-limit budget is kept by the primary. */
  clusterWorker?: boolean;
  demo: boolean;
  /** Browser origins allowed to call the API (CORS); none by default. */
  corsOrigins: string[];
  /** How long a client may take to send a request's headers, and the whole request (docs/operations.md "Configuration"). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long a stopping server lets in-flight requests finish before it closes their connections. */
  shutdownTimeoutMs: number;
  /** The deal-event dispatcher of each server process: its poll interval and the lease of its claims. */
  outbox: { pollMs: number; leaseMs: number };
  whatsapp: {
    cloudApiUrl: string;
    appSecret?: string;
    verifyToken?: string;
  };
  /** Lets provider calls reach loopback and private networks (a self-hosted gateway); link-local and metadata stay refused. */
  providerAllowPrivateNetworks: boolean;
  /** `SECRETS_KEY`: seals inbox credentials at rest (32 bytes, hex or base64); inboxes with a secret need it. */
  secretsKey?: string;
  /** `SECRETS_KEY_PREVIOUS`: the key before SECRETS_KEY, while it is rotated: it still opens what it sealed, never seals. */
  secretsKeyPrevious?: string;
  /** `METRICS_TOKEN`: when set, GET /metrics wants it as `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Event subscriptions and their deliveries (`EVENT_*`). */
  events: EventSettings;
  /** File imports (`IMPORT_*`): the largest file, and the most rows one may hold. */
  imports: { maxBytes: number; maxRows: number };
  /** How long raw payloads are kept before they are dropped (`*_RAW_RETENTION_DAYS`). */
  minimisation: RawRetention;
  /** Requests about one person's data (`PRIVACY_*`): the most records of one kind an export answers. */
  privacy: { exportMaxRecords: number };
}

/** Days the raw payloads are kept: an inbound delivery's body, a WhatsApp message's provider object. */
export interface RawRetention {
  inboundRawRetentionDays: number;
  whatsappRawRetentionDays: number;
}

export interface EventSettings {
  /** Subscriptions may use http and loopback or private addresses. */
  allowPrivateNetworks: boolean;
  /** How long a receiver has to answer a delivery. */
  deliveryTimeoutMs: number;
  /** The waits before each retry, in milliseconds. */
  retryScheduleMs: number[];
  /** A subscription failing every attempt for this long is disabled. */
  disableAfterMs: number;
  subscriptionsPerTeam: number;
  retentionDays: number;
  /** How long the audit trail (the event log's actors and changes) is kept: the log keeps the longer of the two. */
  auditRetentionDays: number;
}

/**
 * A configuration the process cannot start with: one line per wrong setting, each naming the variable,
 * what it got and what it takes. `main()` prints these lines as they are, without a stack.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Thrown by a setting's `parse` for a value it does not take; `got` replaces the value in the message (a list's wrong item). */
class Refused extends Error {
  constructor(readonly got?: string) {
    super('refused');
  }
}

/** One environment setting: how it is read, and what docs/operations.md and a wrong value say about it. */
export interface Setting<T> {
  /** What a value may be, in words: the end of the line a wrong value prints. */
  readonly takes: string;
  /** The value when the variable is unset or empty, as documented. */
  readonly defaultText: string;
  /** What the setting is for. */
  readonly description: string;
  /** A secret: a wrong value is described by its length, never printed. */
  readonly secret: boolean;
  /** Reads a set, non-empty value; throws `Refused` for one it does not take. */
  readonly parse: (raw: string) => T;
  /** The value when the variable is unset or empty. */
  readonly fallback: () => T;
}

type Kind<T> = { takes: string; parse: (raw: string) => T; secret?: boolean };
type Doc<T> = { fallback: T | (() => T); defaultText: string; description: string };

const define = <T>(kind: Kind<T>, doc: Doc<T>): Setting<T> => ({
  takes: kind.takes,
  parse: kind.parse,
  secret: kind.secret ?? false,
  fallback: typeof doc.fallback === 'function' ? (doc.fallback as () => T) : () => doc.fallback as T,
  defaultText: doc.defaultText,
  description: doc.description,
});

/** A setting that is absent unless set. */
const optional = <T>(kind: Kind<T>, doc: Omit<Doc<T>, 'fallback' | 'defaultText'>): Setting<T | undefined> =>
  define<T | undefined>(kind, { ...doc, fallback: undefined, defaultText: '(none)' });

// The kinds of value a setting takes.

const wholeNumber = (min: number, max: number, of = ''): Kind<number> => ({
  takes: `a whole number ${of}from ${min} to ${max}`,
  parse: (raw) => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) throw new Refused();
    return n;
  },
});

const oneOf = <V extends string>(values: readonly V[]): Kind<V> => ({
  takes: `one of ${values.join(', ')}`,
  parse: (raw) => {
    if (!(values as readonly string[]).includes(raw)) throw new Refused();
    return raw as V;
  },
});

/** `1`/`true` on, `0`/`false` off, in any letter case; anything else is a mistake rather than a guess. */
const flag: Kind<boolean> = {
  takes: '1, true, 0 or false',
  parse: (raw) => {
    const s = raw.trim().toLowerCase();
    if (s === '1' || s === 'true') return true;
    if (s === '0' || s === 'false') return false;
    throw new Refused();
  },
};

const urlOf = (protocols: string[], takes: string): Kind<string> => ({
  takes,
  parse: (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Refused();
    }
    if (!protocols.includes(url.protocol) || !url.hostname) throw new Refused();
    return raw;
  },
});

/** `PUBLIC_BASE_URL`: an http(s) URL, maybe with a path (a proxy's prefix), without query or fragment; kept without its trailing slashes. */
const publicBaseUrl: Kind<string> = {
  takes: 'an http:// or https:// URL without query or fragment (https://api.example.com)',
  parse: (raw) => {
    const url = urlOf(['http:', 'https:'], '').parse(raw.trim());
    if (/[?#]/.test(url)) throw new Refused();
    return url.replace(/\/+$/, '');
  },
};

/** The listening address as a URL: a wildcard address is reached on the loopback one, an IPv6 address in brackets. */
const listeningUrl = (host: string, port: number): string => {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
};

const DATABASE_URL_TAKES = 'sqlite:<file>, postgres://user@host:5432/db or memory:';

const storageKindOrNull = (url: string): StorageKind | null => {
  if (url === 'memory:' || url === 'memory') return 'memory';
  if (/^sqlite:.+/.test(url)) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) {
    return URL.canParse(url) ? 'postgres' : null;
  }
  return null;
};

const databaseUrl: Kind<string> = {
  takes: DATABASE_URL_TAKES,
  parse: (raw) => {
    if (!storageKindOrNull(raw)) throw new Refused();
    return raw;
  },
};

/** What to listen on: a name or an address, never a URL (`http://…`) or a bracketed IPv6 address. */
const host: Kind<string> = {
  takes: 'a host name or IP address to listen on (127.0.0.1, 0.0.0.0, ::)',
  parse: (raw) => {
    if (!/^[A-Za-z0-9._%-]+$/.test(raw) && !/^[0-9A-Fa-f:.]+(%[A-Za-z0-9._-]+)?$/.test(raw)) throw new Refused();
    return raw;
  },
};

/**
 * `CORS_ORIGINS`: a comma-separated list of origins (`https://app.example.com`), each exactly an origin or
 * one whose host starts with `*.` (`https://*.example.com`, every subdomain of `example.com`).
 */
const origins: Kind<string[]> = {
  takes:
    'comma-separated browser origins such as https://app.example.com (scheme, host, optional port; no path); a host may start with `*.` (https://*.example.com)',
  parse: (raw) => {
    const list = raw
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    for (const o of list) if (!isOriginPattern(o)) throw new Refused(quote(o));
    return list;
  },
};

const text = (secret: boolean): Kind<string> => ({ takes: 'any text', parse: (raw) => raw, secret });

/** `SECRETS_KEY`, checked here so that a wrong key stops the start rather than the first inbox. */
const secretsKey: Kind<string> = {
  takes: '32 bytes written as 64 hex characters or in base64 (the output of `openssl rand -hex 32`)',
  secret: true,
  parse: (raw) => {
    try {
      parseSecretsKey(raw);
    } catch {
      throw new Refused();
    }
    return raw;
  },
};

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `5s`, `30m`, `2h` or `5d` (or `250ms`), in milliseconds; null for anything else. */
const durationMs = (raw: string): number | null => {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(raw.trim());
  return m ? Number(m[1]) * DURATION_UNITS[m[2]] : null;
};

const duration = (minMs: number): Kind<number> => ({
  takes: `a duration such as 250ms, 5s, 30m, 2h or 5d, at least ${minMs} ms`,
  parse: (raw) => {
    const ms = durationMs(raw);
    if (ms === null || ms < minMs) throw new Refused();
    return ms;
  },
});

/** `EVENT_RETRY_SCHEDULE`: the waits before each retry, in order. */
const durations: Kind<number[]> = {
  takes: 'a comma-separated list of 1 to 20 durations such as 5s,5m,30m (each 1 ms to 30 days)',
  parse: (raw) => {
    const items = raw.split(',').map((d) => d.trim());
    if (items.length === 0 || items.length > 20) throw new Refused();
    return items.map((item) => {
      const ms = durationMs(item);
      if (ms === null || ms < 1 || ms > 30 * DURATION_UNITS.d) throw new Refused(quote(item));
      return ms;
    });
  },
};

/** The default retry schedule of event deliveries (Standard Webhooks' usual one). */
const EVENT_RETRY_DEFAULT = '5s,5m,30m,2h,5h,10h,10h';

/** The longest delay a timer takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_PER_MINUTE = 1_000_000_000;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment setting the API reads, in the documented order: what it takes, its default and what it
 * is for. `loadConfig` reads them all at once; the Configuration table of docs/operations.md is
 * `configReference()`, written there by `npm run docs:config`.
 */
export const SETTINGS = {
  PORT: define(wholeNumber(1, 65535), { fallback: 3000, defaultText: '`3000`', description: 'HTTP port' }),
  HOST: define(host, {
    fallback: '127.0.0.1',
    defaultText: '`127.0.0.1`',
    description: 'HTTP bind address; `0.0.0.0` or `::` listens on every interface',
  }),
  PUBLIC_BASE_URL: optional(publicBaseUrl, {
    description:
      'where callers reach the API (`https://api.example.com`, with the path of a proxy that prefixes one): the inbound URLs `workspace-admin webhook create` and `webhook list` print start with it. Unset, they start with the listening address (`http://HOST:PORT`, `127.0.0.1` for `0.0.0.0`), which suits only this machine',
  }),
  DATABASE_URL: define(databaseUrl, {
    fallback: 'sqlite:./data/workspace.db',
    defaultText: '`sqlite:./data/workspace.db`',
    description:
      'where the data lives: an embedded SQLite file, PostgreSQL, or `memory:` (in-process, for demos and tests; gone when it stops)',
  }),
  DATABASE_POOL_MAX: define(wholeNumber(1, 100), {
    fallback: 4,
    defaultText: '`4`',
    description:
      "PostgreSQL: connections each server process keeps at most for its writes (its hot reads share 2 more, pipelined). More lets more writes run at once but takes more of the database's CPU from the reads: 4 suits a database of two cores that two processes share; raise it with the database's cores. Unused on SQLite",
  }),
  LOG_LEVEL: define(oneOf(LOG_LEVELS), { fallback: 'info', defaultText: '`info`', description: 'pino level; logs are JSON on stdout' }),
  RATE_LIMIT_PER_MINUTE: define(wholeNumber(1, MAX_PER_MINUTE), {
    fallback: 600,
    defaultText: '`600`',
    description: 'requests a minute per API key; past it 429 `RATE_LIMITED` with `Retry-After`',
  }),
  PUBLIC_RATE_LIMIT_PER_MINUTE: define(wholeNumber(1, MAX_PER_MINUTE), {
    fallback: 600,
    defaultText: '`600`',
    description: 'requests a minute per client address across the public webhooks (inbound receiver, Cloud API webhook)',
  }),
  INBOUND_RATE_LIMIT_PER_MINUTE: define(wholeNumber(1, MAX_PER_MINUTE), {
    fallback: 1200,
    defaultText: '`1200`',
    description: 'requests a minute per public endpoint: each inbound `endpoint_id`; the Cloud API webhook is one endpoint for every team',
  }),
  INBOUND_MAX_RECORDS: define(wholeNumber(1, 100_000), {
    fallback: 500,
    defaultText: '`500`',
    description:
      'records (leads, with their deals) one inbound delivery may make: a top-level array or a `[*]` mapping over more is kept and refused with 400 `VALIDATION_ERROR` before any record is read. It bounds how long one delivery holds the database',
  }),
  AUTH_FAILURE_LIMIT_PER_MINUTE: define(wholeNumber(1, MAX_PER_MINUTE), {
    fallback: 30,
    defaultText: '`30`',
    description:
      'failed API-key authentications a minute per client address; past them the address is answered 429 until the minute is over, whatever key it sends',
  }),
  API_KEY_CACHE_MS: define(wholeNumber(0, 60_000, 'of milliseconds '), {
    fallback: 1000,
    defaultText: '`1000`',
    description:
      'how long a server process goes on trusting an API key it read active before it reads it again; `workspace-admin key revoke` answers after this long, when no process accepts the key any more. Give every node and the CLI the same value; `0` reads the key on every request',
  }),
  TRUSTED_PROXY_HOPS: define(wholeNumber(0, 10), {
    fallback: 0,
    defaultText: '`0`',
    description:
      "proxies in front that append to `X-Forwarded-For` (a load balancer: 1; a CDN before it: 2); the client address is the entry this many from the right. `0`: nothing in front, the connection's address, and `X-Forwarded-For` is ignored (a client writes what it likes there). Set it behind a proxy, or every client counts as the proxy's address",
  }),
  REDIS_URL: optional(urlOf(['redis:', 'rediss:'], 'a redis:// or rediss:// URL (redis://127.0.0.1:6379)'), {
    description: 'keeps every rate-limit budget in Redis, shared by several API nodes',
  }),
  HEADERS_TIMEOUT_MS: define(wholeNumber(1, MAX_TIMER_MS, 'of milliseconds '), {
    fallback: 10_000,
    defaultText: '`10000`',
    description:
      "how long a client may take to send a request's headers; past it 408 `REQUEST_TIMEOUT` and the connection closes. Idle keep-alive connections close sooner (half of it, at most 5 s). Not longer than `REQUEST_TIMEOUT_MS`",
  }),
  REQUEST_TIMEOUT_MS: define(wholeNumber(1, MAX_TIMER_MS, 'of milliseconds '), {
    fallback: 30_000,
    defaultText: '`30000`',
    description: 'how long a client may take to send a whole request, body included (408 as above); not shorter than `HEADERS_TIMEOUT_MS`',
  }),
  SHUTDOWN_TIMEOUT_MS: define(wholeNumber(0, MAX_TIMER_MS, 'of milliseconds '), {
    fallback: 10_000,
    defaultText: '`10000`',
    description: 'on SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are closed (see Stopping)',
  }),
  OUTBOX_POLL_MS: define(wholeNumber(50, MAX_TIMER_MS, 'of milliseconds '), {
    fallback: 1000,
    defaultText: '`1000`',
    description: 'how often each server process looks for due deal events on its own (a deal write also wakes it at once)',
  }),
  OUTBOX_LEASE_MS: define(wholeNumber(1000, MAX_TIMER_MS, 'of milliseconds '), {
    fallback: 60_000,
    defaultText: '`60000`',
    description:
      'how long a process holds the deal events it claimed: those of a process that died are taken by another after this (see docs/scaling.md)',
  }),
  WEB_CONCURRENCY: define(wholeNumber(1, 64), {
    // Every core, up to 4; the in-memory store cannot be shared between processes (see loadConfig).
    fallback: () => Math.min(availableParallelism(), 4),
    defaultText: 'cores, up to 4',
    description:
      'server processes (node:cluster); SQLite runs in WAL mode so they share the file; always 1 with `memory:`. Without Redis the rate-limit budget is kept by the primary process, so the workers share it',
  }),
  DEMO: define(flag, { fallback: true, defaultText: 'on', description: '`0` skips the demo team on the first start' }),
  CORS_ORIGINS: define(origins, {
    fallback: [],
    defaultText: '(none)',
    description:
      'browser origins allowed to call the API (`https://painel.example.com,http://localhost:5173`); preflights from them are answered, every other origin gets no CORS header. `https://*.example.com` allows every subdomain of example.com, at any depth, on that scheme and port, but not example.com itself',
  }),
  WHATSAPP_CLOUD_API_URL: define(urlOf(['http:', 'https:'], 'an http:// or https:// URL'), {
    fallback: 'https://graph.facebook.com/v21.0',
    defaultText: "Meta's Graph API",
    description: 'base URL of the WhatsApp Cloud API',
  }),
  WHATSAPP_APP_SECRET: optional(text(true), { description: 'checks `X-Hub-Signature-256` on the Cloud API webhook' }),
  WHATSAPP_VERIFY_TOKEN: optional(text(true), { description: "the Cloud API webhook's verify-token handshake" }),
  SECRETS_KEY: optional(secretsKey, {
    description:
      'encrypts inbox credentials, inbound signing secrets and the signing secrets of event subscriptions; required for `cloud_api` and `evolution` inboxes, signature `auth_mode`s and event subscriptions',
  }),
  SECRETS_KEY_PREVIOUS: optional(secretsKey, {
    description:
      'while `SECRETS_KEY` is rotated: the key before it, which still opens what it sealed (new seals always take `SECRETS_KEY`); `workspace-admin secrets reseal` moves every credential to `SECRETS_KEY`, then remove it (see Rotating `SECRETS_KEY`)',
  }),
  PROVIDER_ALLOW_PRIVATE_NETWORKS: define(flag, {
    fallback: false,
    defaultText: 'off',
    description: '`1`/`true` lets provider calls reach loopback and private networks; link-local, metadata and this API stay refused',
  }),
  EVENT_DELIVERY_ALLOW_PRIVATE_NETWORKS: define(flag, {
    fallback: false,
    defaultText: 'off',
    description:
      '`1`/`true` lets event subscriptions use `http` and reach loopback and private networks (development and tests); link-local, metadata and this API stay refused',
  }),
  EVENT_DELIVERY_TIMEOUT_MS: define(wholeNumber(100, 120_000, 'of milliseconds '), {
    fallback: 15_000,
    defaultText: '`15000`',
    description: 'how long a subscriber has to answer an event delivery with a 2xx before the attempt counts as failed',
  }),
  EVENT_RETRY_SCHEDULE: define(durations, {
    fallback: () => durations.parse(EVENT_RETRY_DEFAULT),
    defaultText: `\`${EVENT_RETRY_DEFAULT}\``,
    description: 'the waits before each retry of a failed event delivery; after the last one the delivery is failed',
  }),
  EVENT_DISABLE_AFTER: define(duration(1000), {
    fallback: 5 * DURATION_UNITS.d,
    defaultText: '`5d`',
    description: 'a subscription whose every delivery attempt has failed for this long is disabled, with the reason shown on it',
  }),
  EVENT_SUBSCRIPTIONS_PER_TEAM: define(wholeNumber(1, 1000), {
    fallback: 20,
    defaultText: '`20`',
    description: 'the most event subscriptions a team may have',
  }),
  EVENT_RETENTION_DAYS: define(wholeNumber(1, 3650), {
    fallback: 30,
    defaultText: '`30`',
    description: 'how long events are kept for `GET /events` and for replaying their deliveries',
  }),
  AUDIT_RETENTION_DAYS: define(wholeNumber(1, 3650), {
    fallback: 365,
    defaultText: '`365`',
    description:
      'how long the audit trail (`GET /audit-log`, `GET /deals/:id/history`) is kept; the event log keeps each event for the longer of this and `EVENT_RETENTION_DAYS`',
  }),
  INBOUND_RAW_RETENTION_DAYS: define(wholeNumber(1, 3650), {
    fallback: 90,
    defaultText: '`90`',
    description:
      "how long an inbound delivery keeps the body as it was posted (`raw_body`, `payload`); then both become null, and the delivery's status, outcome and entity ids stay (see Minimisation)",
  }),
  WHATSAPP_RAW_RETENTION_DAYS: define(wholeNumber(1, 3650), {
    fallback: 90,
    defaultText: '`90`',
    description:
      "how long a WhatsApp message keeps the provider's raw object (`raw`); then it becomes null, and the message's text, media, status and times stay (see Minimisation)",
  }),
  IMPORT_MAX_BYTES: define(wholeNumber(1, 1024 * 1024 * 1024, 'of bytes '), {
    fallback: 20 * 1024 * 1024,
    defaultText: '`20971520` (20 MiB)',
    description:
      'the largest file `POST /imports` accepts; past it 413 `PAYLOAD_TOO_LARGE`. The file is read as it arrives, never held whole; `REQUEST_TIMEOUT_MS` bounds how long its upload may take',
  }),
  IMPORT_MAX_ROWS: define(wholeNumber(1, 10_000_000), {
    fallback: 100_000,
    defaultText: '`100000`',
    description: 'the most rows one imported file may hold; more is refused whole with 400 (`details.reason`: `too_many_rows`)',
  }),
  PRIVACY_EXPORT_MAX_RECORDS: define(wholeNumber(1, 1_000_000), {
    fallback: PERSON_RECORDS_LIMIT,
    defaultText: '`10000`',
    description:
      'the most records of one kind (clients, messages, events…) `POST /privacy/exports` answers for a person; more is refused with 422 `TOO_MANY_RECORDS` (`details.kind`, `details.limit`)',
  }),
  METRICS_TOKEN: optional(text(true), { description: 'when set, `GET /metrics` wants `Authorization: Bearer <token>`' }),
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
type Settings = { [K in SettingName]: ReturnType<(typeof SETTINGS)[K]['parse']> | ReturnType<(typeof SETTINGS)[K]['fallback']> };

const quote = (value: string): string => JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);

/** A password in a URL (`postgres://user:secret@host`) is never printed. */
const withoutPassword = (value: string): string => value.replace(/(\/\/[^/:@\s]*:)[^@/\s]*@/, '$1***@');

const problemOf = (name: string, setting: Setting<unknown>, raw: string, got?: string): string =>
  `${name}: got ${got ?? (setting.secret ? `a value of ${[...raw].length} characters (not shown)` : quote(withoutPassword(raw)))}; takes ${setting.takes}`;

export const storageKindOf = (url: string): StorageKind => {
  const kind = storageKindOrNull(url);
  if (!kind) throw new ConfigError([problemOf('DATABASE_URL', SETTINGS.DATABASE_URL, url)]);
  return kind;
};

/** Every setting read at once; the problems of all wrong ones thrown together as one `ConfigError`. */
function readSettings(env: NodeJS.ProcessEnv): Settings {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>) {
    const raw = env[name];
    try {
      values[name] = raw === undefined || raw === '' ? setting.fallback() : setting.parse(raw);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      problems.push(problemOf(name, setting, raw!, err.got));
    }
  }
  // The headers arrive within the request: the one of the two that was set is the one to change.
  const headers = values.HEADERS_TIMEOUT_MS as number | undefined;
  const request = values.REQUEST_TIMEOUT_MS as number | undefined;
  if (headers !== undefined && request !== undefined && headers > request) {
    problems.push(
      env.HEADERS_TIMEOUT_MS
        ? `HEADERS_TIMEOUT_MS: got ${quote(String(headers))}; takes at most REQUEST_TIMEOUT_MS (${request})`
        : `REQUEST_TIMEOUT_MS: got ${quote(String(request))}; takes at least HEADERS_TIMEOUT_MS (${headers})`,
    );
  }
  // A previous key only opens: without a current one nothing could be sealed again.
  if (values.SECRETS_KEY_PREVIOUS !== undefined && values.SECRETS_KEY === undefined && !problems.some((p) => p.startsWith('SECRETS_KEY'))) {
    problems.push('SECRETS_KEY_PREVIOUS: got a key without SECRETS_KEY; takes the key before SECRETS_KEY, set beside it');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values as Settings;
}

/** Configuration comes from the environment only, checked whole before anything starts. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const s = readSettings(env);
  return {
    port: s.PORT,
    host: s.HOST,
    publicBaseUrl: s.PUBLIC_BASE_URL ?? listeningUrl(s.HOST, s.PORT),
    databaseUrl: s.DATABASE_URL,
    databasePoolMax: s.DATABASE_POOL_MAX,
    logLevel: s.LOG_LEVEL,
    rateLimitPerMinute: s.RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: s.PUBLIC_RATE_LIMIT_PER_MINUTE,
    inboundRateLimitPerMinute: s.INBOUND_RATE_LIMIT_PER_MINUTE,
    inboundMaxRecords: s.INBOUND_MAX_RECORDS,
    authFailureLimitPerMinute: s.AUTH_FAILURE_LIMIT_PER_MINUTE,
    apiKeyCacheMs: s.API_KEY_CACHE_MS,
    trustedProxyHops: s.TRUSTED_PROXY_HOPS,
    redisUrl: s.REDIS_URL,
    // The in-memory store lives in one process.
    workers: storageKindOf(s.DATABASE_URL) === 'memory' ? 1 : s.WEB_CONCURRENCY,
    demo: s.DEMO,
    corsOrigins: s.CORS_ORIGINS,
    headersTimeoutMs: s.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: s.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
    outbox: { pollMs: s.OUTBOX_POLL_MS, leaseMs: s.OUTBOX_LEASE_MS },
    whatsapp: {
      cloudApiUrl: s.WHATSAPP_CLOUD_API_URL,
      appSecret: s.WHATSAPP_APP_SECRET,
      verifyToken: s.WHATSAPP_VERIFY_TOKEN,
    },
    providerAllowPrivateNetworks: s.PROVIDER_ALLOW_PRIVATE_NETWORKS,
    secretsKey: s.SECRETS_KEY,
    secretsKeyPrevious: s.SECRETS_KEY_PREVIOUS,
    metricsToken: s.METRICS_TOKEN,
    events: {
      allowPrivateNetworks: s.EVENT_DELIVERY_ALLOW_PRIVATE_NETWORKS,
      deliveryTimeoutMs: s.EVENT_DELIVERY_TIMEOUT_MS,
      retryScheduleMs: s.EVENT_RETRY_SCHEDULE,
      disableAfterMs: s.EVENT_DISABLE_AFTER,
      subscriptionsPerTeam: s.EVENT_SUBSCRIPTIONS_PER_TEAM,
      retentionDays: s.EVENT_RETENTION_DAYS,
      auditRetentionDays: s.AUDIT_RETENTION_DAYS,
    },
    imports: { maxBytes: s.IMPORT_MAX_BYTES, maxRows: s.IMPORT_MAX_ROWS },
    minimisation: {
      inboundRawRetentionDays: s.INBOUND_RAW_RETENTION_DAYS,
      whatsappRawRetentionDays: s.WHATSAPP_RAW_RETENTION_DAYS,
    },
    privacy: { exportMaxRecords: s.PRIVACY_EXPORT_MAX_RECORDS },
  };
}

/** The Configuration table of docs/operations.md, from the schema (`npm run docs:config` writes it there). */
export function configReference(): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  const rows = Object.entries(SETTINGS).map(
    ([name, s]: [string, Setting<unknown>]) =>
      `| \`${name}\` | ${cell(s.defaultText)} | ${cell(s.takes).replace(/</g, '&lt;')} | ${cell(s.description)} |`,
  );
  return ['| variable | default | takes | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
