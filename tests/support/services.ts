// The services the suites run on (PostgreSQL, Redis, Chromium), what decides each skip, and the line a run
// ends with. Light on purpose: tests/support/setup.ts loads it into every run.
import { existsSync } from 'node:fs';

export type BackendName = 'memory' | 'sqlite' | 'postgres';

/** A service some suites need, and skip without it. */
export type Service = 'postgres' | 'redis' | 'multinode' | 'browser';
type Env = Record<string, string | undefined>;

/**
 * The services this run's suites asked for, through the functions below that decide their skips: the line
 * `npm test` ends with (`runSummary`) speaks of these only.
 */
const asked = new Set<Service>();

// What decides each skip, from the environment alone; the functions below and `runSummary` both ask these.
const postgresUrlOf = (env: Env) => env.TEST_DATABASE_URL || undefined;
const redisUrlOf = (env: Env) => env.TEST_REDIS_URL || undefined;
const missingForMultiNode = (env: Env): string[] => ['TEST_DATABASE_URL', 'TEST_REDIS_URL'].filter((name) => !env[name]);

/** Debian's Chromium (`apt-get install chromium`), which .ci/run installs; nothing is downloaded by npm. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The storage backends every contract and HTTP suite runs on. PostgreSQL runs when TEST_DATABASE_URL is
 * set, and CI always sets it; there a missing URL is an error, not a skip.
 */
export function backendNames(): BackendName[] {
  asked.add('postgres');
  const names: BackendName[] = ['memory', 'sqlite'];
  if (postgresUrlOf(process.env)) names.push('postgres');
  else if (process.env.CI) throw new Error('TEST_DATABASE_URL must be set in CI: the PostgreSQL suites are required');
  return names;
}

/** The Redis of the suites that need one (TEST_REDIS_URL), or undefined: they are skipped, but in CI, where `suite` is required. */
export function testRedisUrl(suite: string): string | undefined {
  asked.add('redis');
  const url = redisUrlOf(process.env);
  if (!url && process.env.CI) throw new Error(`TEST_REDIS_URL must be set in CI: ${suite} is required`);
  return url;
}

/** The PostgreSQL and Redis of the multi-node suite, or undefined when one is missing: it is skipped, but in CI. */
export function multiNodeServices(): { databaseUrl: string; redisUrl: string } | undefined {
  asked.add('multinode');
  const missing = missingForMultiNode(process.env);
  if (missing.length === 0) return { databaseUrl: postgresUrlOf(process.env)!, redisUrl: redisUrlOf(process.env)! };
  if (process.env.CI) throw new Error(`${missing.join(' and ')} must be set in CI: the multi-node suite is required`);
  return undefined;
}

/** Chromium for the browser test, or undefined when it is not installed: the test is skipped, but in CI. */
export function chromiumPath(): string | undefined {
  asked.add('browser');
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.env.CI) throw new Error(`Chromium is missing at ${CHROMIUM}: CI must install it (apt-get install chromium, see .ci/run)`);
  return undefined;
}

/**
 * One line saying which backends and services the suites that asked for one ran on, and which they were
 * skipped without and why; empty when none asked (a run of unit tests alone).
 */
export function runSummary(
  services: ReadonlySet<Service> = asked,
  env: Env = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const parts: string[] = [];
  if (services.has('postgres')) {
    parts.push(
      postgresUrlOf(env)
        ? 'Backends: memory, sqlite, postgresql (TEST_DATABASE_URL).'
        : 'Backends: memory, sqlite; postgresql skipped (TEST_DATABASE_URL not set).',
    );
  }
  if (services.has('redis')) {
    parts.push(redisUrlOf(env) ? 'Redis suites: run (TEST_REDIS_URL).' : 'Redis suites: skipped (TEST_REDIS_URL not set).');
  }
  if (services.has('multinode')) {
    const missing = missingForMultiNode(env);
    parts.push(missing.length === 0 ? 'Multi-node suite: run.' : `Multi-node suite: skipped (${missing.join(' and ')} not set).`);
  }
  if (services.has('browser')) {
    parts.push(exists(CHROMIUM) ? `Browser test: run (${CHROMIUM}).` : `Browser test: skipped (no Chromium at ${CHROMIUM}).`);
  }
  return parts.join(' ');
}
