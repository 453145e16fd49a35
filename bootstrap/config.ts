import { availableParallelism } from 'node:os';

export type StorageKind = 'memory' | 'sqlite' | 'postgres';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL schema (tests isolate runs with it); not an environment setting. */
  databaseSchema?: string;
  logLevel: string;
  rateLimitPerMinute: number;
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
  };
}
