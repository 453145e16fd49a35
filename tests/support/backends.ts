import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config, loadConfig } from '../../bootstrap/config';
import { Runtime, buildRuntime } from '../../bootstrap/container';
import { createKnex } from '../../adapters/persistence/knex/shared/connection';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { TOKENS } from '../../bootstrap/tokens';
import { BackendName, backendNames } from './services';

// Where every suite has always found them.
export { BackendName, backendNames };

/** The directory of this process's SQLite files, made at the first one and removed when the process exits. */
let sqliteDir: string | undefined;
let sqliteFiles = 0;

/**
 * A new path for a SQLite file of its own (not made yet), in a temporary directory: SQLite suites run on a
 * file in WAL mode with the read-only connection, as `npm start` does, not in memory, where neither is.
 */
export function sqliteTestFile(name = `db-${++sqliteFiles}`): string {
  if (sqliteDir === undefined) {
    const dir = (sqliteDir = mkdtempSync(join(tmpdir(), 'workspace-api-tests-')));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return join(sqliteDir, `${name}.sqlite`);
}

/** Removes a SQLite file with what WAL mode keeps beside it. */
export function removeSqliteFile(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(path, { force: true });
}

/**
 * A SQLite file migrated once per process, its WAL checkpointed into it: each SQLite runtime starts on a
 * copy, which costs a file copy instead of every migration again.
 */
let migratedSqlite: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  migratedSqlite ??= (async () => {
    const file = sqliteTestFile('migrated');
    const runtime = buildRuntime({ ...testConfig('sqlite'), databaseUrl: `sqlite:${file}` });
    try {
      await runtime.migrate();
      await runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase).knex.raw('pragma wal_checkpoint(TRUNCATE)');
    } finally {
      await runtime.close();
    }
    return file;
  })().catch((err: unknown) => {
    migratedSqlite = undefined;
    throw err;
  });
  return migratedSqlite;
}

/** The SECRETS_KEY of test runtimes (32 bytes in hex); never used outside tests. */
export const TEST_SECRETS_KEY = 'a7bcfc2dda8a971ba876648c2672f4096d65dd141e661612af80a91b35a3927f';

export function testConfig(backend: BackendName, overrides: Partial<Config> = {}): Config {
  // SECRETS_KEY: a fixed key, so inbox credentials are sealed in tests as in production.
  const base = loadConfig({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    SECRETS_KEY: TEST_SECRETS_KEY,
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    INBOUND_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_FAILURE_LIMIT_PER_MINUTE: '100000',
  });
  const databaseUrl =
    backend === 'memory' ? 'memory:' : backend === 'sqlite' ? `sqlite:${sqliteTestFile()}` : process.env.TEST_DATABASE_URL!;
  const databaseSchema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  return { ...base, databaseUrl, databaseSchema, ...overrides };
}

/**
 * A migrated runtime on a fresh database (a new SQLite file, a new PostgreSQL schema), dropped again by
 * `dispose`. A database the caller names in `overrides` is the caller's to remove.
 */
export async function startRuntime(backend: BackendName, overrides: Partial<Config> = {}): Promise<Runtime & { dispose(): Promise<void> }> {
  const config = testConfig(backend, overrides);
  const file = backend === 'sqlite' && overrides.databaseUrl === undefined ? config.databaseUrl.slice('sqlite:'.length) : undefined;
  if (file) copyFileSync(await migratedSqliteFile(), file);
  const runtime = buildRuntime(config);
  await runtime.migrate();
  return {
    ...runtime,
    async dispose() {
      if (file) {
        await runtime.close();
        removeSqliteFile(file);
      } else if (config.databaseSchema) {
        const admin = createKnex(config.databaseUrl);
        await runtime.close();
        await admin.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
        await admin.destroy();
      } else {
        await runtime.close();
      }
    },
  };
}

/**
 * Declares `suite` once per backend. `env()` gives the runtime of the current backend, built before the
 * suite and disposed after it.
 */
export function forEachBackend(title: string, suite: (env: () => Runtime, backend: BackendName) => void, names = backendNames()): void {
  for (const backend of names) {
    describe(`${title} [${backend}]`, function () {
      let runtime: (Runtime & { dispose(): Promise<void> }) | undefined;
      before(async function () {
        this.timeout(60000);
        runtime = await startRuntime(backend);
      });
      after(async () => runtime?.dispose());
      suite(() => {
        if (!runtime) throw new Error('runtime not started');
        return runtime;
      }, backend);
    });
  }
}
