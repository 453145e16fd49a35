import { availableParallelism } from 'node:os';
import { parseSecretsKey } from '../adapters/system/aes-gcm-cipher';

export type StorageKind = 'memory' | 'sqlite' | 'postgres';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL schema (tests isolate runs with it); not an environment setting. */
  databaseSchema?: string;
  logLevel: string;
  rateLimitPerMinute: number;
  /** Requests a minute per client address across the public routes (the webhooks that take no API key). */
  publicRateLimitPerMinute: number;
  /** Requests a minute per public endpoint: each inbound receiver's endpoint id; the Cloud API webhook as one. */
  inboundRateLimitPerMinute: number;
  /** Failed API key authentications a minute per client address; past them the address is answered 429. */
  authFailureLimitPerMinute: number;
  /**
   * Proxies in front of the API that append the address they saw to X-Forwarded-For: the client address
   * (which the per-address limits count) is the entry this many from the right; 0 takes the connection's.
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
  /** How long a client may take to send a request's headers, and the whole request (README "Configuration"). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long a stopping server lets in-flight requests finish before it closes their connections. */
  shutdownTimeoutMs: number;
  whatsapp: {
    cloudApiUrl: string;
    appSecret?: string;
    verifyToken?: string;
  };
  /** Lets provider calls reach loopback and private networks (a self-hosted gateway); link-local and metadata stay refused. */
  providerAllowPrivateNetworks: boolean;
  /** `SECRETS_KEY`: seals inbox credentials at rest (32 bytes, hex or base64); inboxes with a secret need it. */
  secretsKey?: string;
  metricsToken?: string; // METRICS_TOKEN: when set, GET /metrics wants it as `Authorization: Bearer <token>`
}

export const storageKindOf = (url: string): StorageKind => {
  if (url === 'memory:' || url === 'memory') return 'memory';
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new Error('DATABASE_URL must be sqlite:<file>, postgres://… or memory:');
};

const int = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  if (!/^\d+$/.test(v)) throw new Error(`${name} must be a whole number`);
  return Number(v);
};

/** `CORS_ORIGINS`: a comma-separated list of origins (`https://app.example.com`), each exactly an origin. */
export const parseOrigins = (v: string | undefined): string[] => {
  const origins = (v ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const o of origins) {
    let url: URL | null = null;
    try {
      url = new URL(o);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== o) {
      throw new Error(`CORS_ORIGINS must list origins such as https://app.example.com (scheme, host, optional port; no path): ${o}`);
    }
  }
  return origins;
};

/** `PROVIDER_ALLOW_PRIVATE_NETWORKS`: `1`/`true` on; unset, empty, `0`/`false` off; anything else is a mistake. */
const allowPrivateNetworks = (v: string | undefined): boolean => {
  const s = (v ?? '').trim().toLowerCase();
  if (s === '1' || s === 'true') return true;
  if (s === '' || s === '0' || s === 'false') return false;
  throw new Error(`PROVIDER_ALLOW_PRIVATE_NETWORKS must be 1, true, 0 or false (got "${v}")`);
};

/** `SECRETS_KEY`, checked here so that a wrong key stops the start rather than the first inbox. */
const secretsKey = (v: string | undefined): string | undefined => {
  if (!v) return undefined;
  parseSecretsKey(v);
  return v;
};

/** The longest delay a timer takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS (neither 0, which would turn it off) and SHUTDOWN_TIMEOUT_MS, in milliseconds. */
const serverTimeouts = (env: NodeJS.ProcessEnv): Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'shutdownTimeoutMs'> => {
  const ms = (name: string, fallback: number, least: number): number => {
    const v = int(env[name], fallback, name);
    if (v < least || v > MAX_TIMER_MS) throw new Error(`${name} must be a whole number of milliseconds from ${least} to ${MAX_TIMER_MS}`);
    return v;
  };
  const headersTimeoutMs = ms('HEADERS_TIMEOUT_MS', 10_000, 1);
  const requestTimeoutMs = ms('REQUEST_TIMEOUT_MS', 30_000, 1);
  if (headersTimeoutMs > requestTimeoutMs) throw new Error('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  return { headersTimeoutMs, requestTimeoutMs, shutdownTimeoutMs: ms('SHUTDOWN_TIMEOUT_MS', 10_000, 0) };
};

/** Configuration comes from the environment only. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/workspace.db';
  storageKindOf(databaseUrl);
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    publicRateLimitPerMinute: int(env.PUBLIC_RATE_LIMIT_PER_MINUTE, 600, 'PUBLIC_RATE_LIMIT_PER_MINUTE'),
    inboundRateLimitPerMinute: int(env.INBOUND_RATE_LIMIT_PER_MINUTE, 1200, 'INBOUND_RATE_LIMIT_PER_MINUTE'),
    authFailureLimitPerMinute: int(env.AUTH_FAILURE_LIMIT_PER_MINUTE, 30, 'AUTH_FAILURE_LIMIT_PER_MINUTE'),
    trustedProxyHops: int(env.TRUSTED_PROXY_HOPS, 1, 'TRUSTED_PROXY_HOPS'),
    redisUrl: env.REDIS_URL || undefined,
    // Both cores by default; the in-memory store cannot be shared between processes.
    workers: storageKindOf(databaseUrl) === 'memory' ? 1 : Math.max(1, int(env.WEB_CONCURRENCY, Math.min(availableParallelism(), 4), 'WEB_CONCURRENCY')),
    demo: env.DEMO !== '0',
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    ...serverTimeouts(env),
    whatsapp: {
      cloudApiUrl: env.WHATSAPP_CLOUD_API_URL || 'https://graph.facebook.com/v21.0',
      appSecret: env.WHATSAPP_APP_SECRET || undefined,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN || undefined,
    },
    providerAllowPrivateNetworks: allowPrivateNetworks(env.PROVIDER_ALLOW_PRIVATE_NETWORKS),
    secretsKey: secretsKey(env.SECRETS_KEY),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
