// Several real API nodes (`bootstrap/server-main.ts` processes) on one fresh PostgreSQL database and one
// Redis, reached through a TCP proxy the tests can cut. Every process started here is stopped by `stop()`,
// and killed when the test process exits, whatever a test did.
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { Knex } from 'knex';
import { createKnex } from '../../adapters/persistence/knex/shared/connection';
import { loadConfig } from '../../bootstrap/config';
import { Runtime, buildRuntime } from '../../bootstrap/container';
import { TOKENS } from '../../bootstrap/tokens';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { CreateTeam } from '../../application/teams/create-team';
import { TEST_SECRETS_KEY } from '../support/backends';
import { multiNodeServices } from '../support/services';
import { TcpProxy } from './tcp-proxy';

const ROOT = join(__dirname, '..', '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value that is not undefined, or fails naming `what` past the deadline. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/**
 * The services the suite needs: both are set in CI, where a missing one is an error, not a skip. A skip is
 * said in the line the run ends with (tests/support/setup.ts).
 */
export function requiredServices(ctx: Mocha.Context): { databaseUrl: string; redisUrl: string } {
  const services = multiNodeServices();
  if (services) return services;
  ctx.skip();
  throw new Error('unreachable');
}

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, dropped (connections and all) by `drop`. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ws_multi_${randomBytes(6).toString('hex')}`;
  const admin = createKnex(adminUrl);
  try {
    await admin.raw('create database ??', [name]);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = createKnex(adminUrl);
      try {
        await again.raw('drop database if exists ?? with (force)', [name]);
      } finally {
        await again.destroy();
      }
    },
  };
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Every server process started by this module and not seen to exit: killed if the test process exits first. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export type LogEntry = Record<string, unknown> & { level: number; msg: string };

/** pino's levels. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface RequestOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One API node: a server process on its own port. */
export class ApiNode {
  private err = '';
  private pending = '';
  private readonly entries: LogEntry[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly listening: Promise<void>;

  private constructor(
    readonly name: string,
    readonly port: number,
    readonly child: ChildProcess,
  ) {
    live.add(child);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        live.delete(child);
        resolve({ code, signal });
      }),
    );
    this.exited = exited;
    let listened = () => undefined as void;
    this.listening = new Promise<void>((resolve, reject) => {
      listened = resolve;
      void exited.then(({ code, signal }) => reject(new Error(`${name} exited (${code ?? signal}) before listening: ${this.err.trim()}`)));
    });
    this.listening.catch(() => undefined);
    child.stderr!.on('data', (chunk) => {
      this.err += chunk;
    });
    child.stdout!.on('data', (chunk) => {
      const lines = (this.pending + chunk).split('\n');
      this.pending = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as LogEntry;
        this.entries.push(entry);
        if (entry.msg === 'Workspace API listening') listened();
      }
    });
  }

  static spawn(name: string, port: number, env: Record<string, string>): ApiNode {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', join('bootstrap', 'server-main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ApiNode(name, port, child);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  logs(): LogEntry[] {
    return [...this.entries];
  }

  private url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(this.url(path), { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 15000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  /** SIGKILL: the process ends at once, with whatever it was doing. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 8000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface ClusterOptions {
  /** Environment of every node, over the defaults below. */
  env?: Record<string, string>;
}

/** Settings the tests read back. */
export const OUTBOX = { pollMs: 100, leaseMs: 2000 } as const;
export const APP_SECRET = 'multi-node-app-secret';

/**
 * API nodes sharing one fresh PostgreSQL database and one Redis (through `redis`, a proxy the tests can
 * cut), plus a runtime in the test process on the same database for setting up and reading back.
 */
export class Cluster {
  readonly nodes: ApiNode[] = [];
  private runtimeOf: Runtime | null = null;

  private constructor(
    readonly database: { url: string; drop(): Promise<void> },
    readonly redis: TcpProxy,
    private readonly env: Record<string, string>,
  ) {}

  static async create(services: { databaseUrl: string; redisUrl: string }, options: ClusterOptions = {}): Promise<Cluster> {
    const target = new URL(services.redisUrl);
    const redis = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    let database: { url: string; drop(): Promise<void> };
    try {
      database = await createDatabase(services.databaseUrl);
    } catch (err) {
      await redis.close();
      throw err;
    }
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '1',
      DEMO: '0',
      LOG_LEVEL: 'info',
      SECRETS_KEY: TEST_SECRETS_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
      INBOUND_RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '1000000',
      OUTBOX_POLL_MS: String(OUTBOX.pollMs),
      OUTBOX_LEASE_MS: String(OUTBOX.leaseMs),
      SHUTDOWN_TIMEOUT_MS: '2000',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'multi-node-verify-token',
      PROVIDER_ALLOW_PRIVATE_NETWORKS: '1',
      METRICS_TOKEN: '',
      CORS_ORIGINS: '',
      ...options.env,
    };
    return new Cluster(database, redis, env);
  }

  /** Starts `count` more nodes at the same moment and waits until each listens (or fails naming the one that did not). */
  async start(count: number): Promise<ApiNode[]> {
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const first = this.nodes.length;
    const started = ports.map((port, i) => ApiNode.spawn(`node ${String.fromCharCode(97 + first + i)}`, port, this.env));
    this.nodes.push(...started);
    await Promise.all(started.map((n) => n.listening));
    return started;
  }

  /** A runtime in the test process on the nodes' database (no dispatcher, no Redis), for setup and checks. */
  runtime(): Runtime {
    this.runtimeOf ??= buildRuntime(loadConfig({ DATABASE_URL: this.database.url, SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent' }));
    return this.runtimeOf;
  }

  knex(): Knex {
    return this.runtime().container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;
  }

  /** A new team and its API key: each test takes its own, so no budget or record of another test is in its way. */
  async team(name = 'Multi-node'): Promise<{ teamId: string; key: string }> {
    const { team, apiKey } = await this.runtime().container.get(CreateTeam).execute({ name });
    return { teamId: team.id, key: apiKey.key };
  }

  /** Stops every node (killing what does not stop), the runtime, the proxy, and drops the database. */
  async stop(): Promise<void> {
    const errors: unknown[] = [];
    await Promise.all(this.nodes.map((n) => n.stop().catch((err) => errors.push(err))));
    try {
      await this.runtimeOf?.close();
    } catch (err) {
      errors.push(err);
    }
    this.runtimeOf = null;
    await this.redis.close().catch((err) => errors.push(err));
    await this.database.drop().catch((err) => errors.push(err));
    if (errors.length > 0) throw errors[0];
  }
}
