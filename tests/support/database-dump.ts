// A logical dump of a whole test database, and where a person's values still are in it. Memory: every table of
// the store. SQLite: every table `sqlite_master` lists, FTS5 shadow tables included, each value as its bytes.
// PostgreSQL: `pg_dump --data-only` of the suite's schema. A value is looked for as written, in lower case and
// folded as search folds it (how search text and the FTS tokens keep it).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { MemoryStore } from '../../adapters/persistence/memory/shared/memory-store';
import { Config } from '../../bootstrap/config';
import { Runtime } from '../../bootstrap/container';
import { TOKENS } from '../../bootstrap/tokens';
import { foldText } from '../../domain/shared/search-text';
import { BackendName } from './backends';

const run = promisify(execFile);

/** One table's dump: its name and its rows' values as bytes, one after the other. */
export interface TableDump {
  table: string;
  bytes: Buffer;
}

const bytesOf = (v: unknown): Buffer =>
  Buffer.isBuffer(v)
    ? v
    : v instanceof Uint8Array
      ? Buffer.from(v)
      : Buffer.from(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''), 'utf8');

export async function dumpDatabase(runtime: Runtime, backend: BackendName): Promise<TableDump[]> {
  if (backend === 'memory') {
    const store = runtime.container.get<MemoryStore>(TOKENS.MemoryStore);
    return [...store.snapshot()].map(([table, rows]) => ({ table, bytes: Buffer.from(JSON.stringify([...rows.entries()]), 'utf8') }));
  }
  const database = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase);
  if (backend === 'sqlite') {
    const tables = (await database.knex.raw<{ name: string }[]>("select name from sqlite_master where type = 'table'")).map((t) => t.name);
    const dumps: TableDump[] = [];
    for (const table of tables) {
      const rows = (await database.knex.raw<Record<string, unknown>[]>(`select * from "${table}"`)) ?? [];
      dumps.push({
        table,
        bytes: Buffer.concat(rows.flatMap((r) => Object.values(r).flatMap((v) => [bytesOf(v), Buffer.from('\u0000')]))),
      });
    }
    return dumps;
  }
  const config = runtime.container.get<Config>(TOKENS.Config);
  const { stdout } = await run('pg_dump', ['--data-only', '--no-owner', '--schema', config.databaseSchema!, config.databaseUrl], {
    maxBuffer: 512 * 1024 * 1024,
    encoding: 'buffer',
  });
  return [{ table: `pg_dump of ${config.databaseSchema}`, bytes: stdout }];
}

/** The spellings of a value a dump may hold it in: as written, in lower case, folded. */
const spellings = (value: string): string[] => [...new Set([value, value.toLowerCase(), foldText(value)])];

const asciiLower = (b: Buffer): Buffer => {
  const out = Buffer.from(b);
  for (let i = 0; i < out.length; i++) if (out[i] >= 0x41 && out[i] <= 0x5a) out[i] += 0x20;
  return out;
};

const occurrences = (haystack: Buffer, needle: Buffer): number => {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
};

/**
 * How often each spelling of each value is in each table (`"spelling" in table` → count), ASCII letters in any
 * case; only the ones found.
 */
export function countValues(dump: readonly TableDump[], values: readonly string[]): Record<string, number> {
  const found: Record<string, number> = {};
  for (const { table, bytes } of dump) {
    const lower = asciiLower(bytes);
    for (const value of values) {
      for (const spelling of spellings(value)) {
        const n = occurrences(lower, asciiLower(Buffer.from(spelling, 'utf8')));
        if (n > 0) found[`${JSON.stringify(spelling)} in ${table}`] = n;
      }
    }
  }
  return found;
}
