// The distribution rule of the schema, checked over a database's own catalog (PostgreSQL's pg_index and
// pg_constraint, SQLite's pragmas): every table is a tenant table (it has team_id) or a named reference table;
// a tenant table's primary key, unique keys and indexes hold team_id; a foreign key between tenant tables pairs
// team_id with team_id; a reference table points at no tenant table; and every `*_id` column of a tenant table
// is a foreign key or is named, with its reason, in the plan.
import { Knex } from 'knex';
import * as plan from '../../../adapters/persistence/knex/migrations/distribution';

export interface IndexModel {
  name: string;
  kind: 'primary key' | 'unique key' | 'index';
  /** null for an expression. */
  columns: (string | null)[];
}

export interface ForeignKeyModel {
  name: string;
  columns: string[];
  parent: string;
  parentColumns: string[];
}

export interface TableModel {
  name: string;
  columns: string[];
  indexes: IndexModel[];
  foreignKeys: ForeignKeyModel[];
}

export interface DistributionPlan {
  referenceTables: string[];
  ignoredTables: string[];
  indexesWithoutTeam: string[];
  unlinkedIdColumns: string[];
}

const TEAM = plan.DISTRIBUTION_COLUMN;

export const PLAN: DistributionPlan = {
  referenceTables: Object.keys(plan.REFERENCE_TABLES),
  ignoredTables: [...plan.MIGRATOR_TABLES, ...plan.LOCK_TABLES],
  indexesWithoutTeam: Object.keys(plan.INDEXES_WITHOUT_TEAM),
  unlinkedIdColumns: Object.keys(plan.UNLINKED_ID_COLUMNS),
};

const list = (columns: (string | null)[]) => columns.map((c) => c ?? '<expression>').join(', ');

/** What breaks the rule, one line each; empty when the schema keeps it. */
export function tenantSchemaViolations(tables: TableModel[], distribution: DistributionPlan = PLAN): string[] {
  const found: string[] = [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  const isReference = (name: string) => distribution.referenceTables.includes(name);
  const isTenant = (name: string) => !isReference(name) && (byName.get(name)?.columns.includes(TEAM) ?? false);

  for (const table of tables) {
    if (distribution.ignoredTables.includes(table.name)) continue;
    if (isReference(table.name)) {
      for (const fk of table.foreignKeys.filter((f) => isTenant(f.parent))) {
        found.push(`${table.name}: reference table with foreign key ${fk.name} to tenant table ${fk.parent}`);
      }
      continue;
    }
    if (!isTenant(table.name)) {
      found.push(`${table.name}: has no ${TEAM} and is not a reference table`);
      continue;
    }
    if (!table.indexes.some((i) => i.kind === 'primary key')) found.push(`${table.name}: has no primary key`);
    for (const index of table.indexes) {
      if (index.columns.includes(TEAM) || (index.kind === 'index' && distribution.indexesWithoutTeam.includes(index.name))) continue;
      found.push(`${table.name}: ${index.kind} ${index.name} (${list(index.columns)}) does not hold ${TEAM}`);
    }
    for (const fk of table.foreignKeys) {
      if (!isTenant(fk.parent)) continue;
      const at = fk.columns.indexOf(TEAM);
      if (at < 0 || fk.parentColumns[at] !== TEAM) {
        found.push(
          `${table.name}: foreign key ${fk.name} (${list(fk.columns)}) → ${fk.parent} (${list(fk.parentColumns)}) does not pair ${TEAM} with ${TEAM}`,
        );
      }
    }
    const linked = new Set(table.foreignKeys.flatMap((f) => f.columns));
    for (const column of table.columns.filter((c) => c.endsWith('_id') && c !== TEAM)) {
      const listed = distribution.unlinkedIdColumns.includes(`${table.name}.${column}`);
      if (!linked.has(column) && !listed) found.push(`${table.name}.${column}: neither a foreign key nor listed as unlinked`);
      if (linked.has(column) && listed) found.push(`${table.name}.${column}: a foreign key, yet listed as unlinked`);
    }
  }
  for (const name of distribution.referenceTables.filter((n) => !byName.has(n))) found.push(`${name}: reference table that does not exist`);
  for (const entry of distribution.unlinkedIdColumns) {
    const [table, column] = entry.split('.');
    if (!byName.get(table)?.columns.includes(column)) found.push(`${entry}: listed as unlinked but does not exist`);
  }
  return found;
}

// PostgreSQL ------------------------------------------------------------------------------------------------

/** The tables of the connection's current schema, from PostgreSQL's catalog. */
export async function postgresTables(knex: Knex): Promise<TableModel[]> {
  const rows = async (sql: string) => (await knex.raw(sql)).rows as Record<string, unknown>[];
  const tables = await rows(`
    select c.oid::int as oid, c.relname as name,
      array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
    from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') order by c.relname`);
  const indexes = await rows(`
    select i.indrelid::int as table_oid, x.relname as name, i.indisprimary as is_primary, i.indisunique as is_unique,
      array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, n)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n) as columns
    from pg_index i join pg_class x on x.oid = i.indexrelid
    where x.relnamespace = current_schema()::regnamespace`);
  const foreignKeys = await rows(`
    select f.conrelid::int as table_oid, f.conname as name, p.relname as parent,
      array(select a.attname::text from unnest(f.conkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum order by k.n) as columns,
      array(select a.attname::text from unnest(f.confkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum order by k.n) as parent_columns
    from pg_constraint f join pg_class p on p.oid = f.confrelid
    where f.contype = 'f' and f.connamespace = current_schema()::regnamespace`);
  return tables.map((t) => ({
    name: t.name as string,
    columns: t.columns as string[],
    indexes: indexes
      .filter((i) => i.table_oid === t.oid)
      .map((i) => ({
        name: i.name as string,
        kind: i.is_primary ? 'primary key' : i.is_unique ? 'unique key' : 'index',
        columns: i.columns as (string | null)[],
      })),
    foreignKeys: foreignKeys
      .filter((f) => f.table_oid === t.oid)
      .map((f) => ({
        name: f.name as string,
        columns: f.columns as string[],
        parent: f.parent as string,
        parentColumns: f.parent_columns as string[],
      })),
  }));
}

// SQLite ----------------------------------------------------------------------------------------------------

/** The tables of a SQLite database from its pragmas; FTS5 tables and their shadow tables are the indexes they are. */
export async function sqliteTables(knex: Knex): Promise<TableModel[]> {
  const pragma = async (sql: string) => await knex.raw<Record<string, unknown>[]>(sql);
  const names = (await pragma('pragma main.table_list'))
    .filter((t) => t.type === 'table' && !(t.name as string).startsWith('sqlite_'))
    .map((t) => t.name as string)
    .sort();
  const tables: TableModel[] = [];
  for (const name of names) {
    const columnRows = await pragma(`pragma table_info("${name}")`);
    const indexes: IndexModel[] = [];
    for (const index of await pragma(`pragma index_list("${name}")`)) {
      const keyColumns = (await pragma(`pragma index_xinfo("${index.name as string}")`)).filter((c) => c.key === 1);
      indexes.push({
        name: index.name as string,
        kind: index.origin === 'pk' ? 'primary key' : index.unique ? 'unique key' : 'index',
        columns: keyColumns.map((c) => (c.name as string | null) ?? null),
      });
    }
    // A rowid table whose primary key is one integer column has no index for it: the key is the rowid.
    const pkColumns = columnRows
      .filter((c) => Number(c.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((c) => c.name as string);
    if (pkColumns.length > 0 && !indexes.some((i) => i.kind === 'primary key'))
      indexes.push({ name: `${name} rowid`, kind: 'primary key', columns: pkColumns });
    const byId = new Map<number, ForeignKeyModel>();
    for (const fk of await pragma(`pragma foreign_key_list("${name}")`)) {
      const id = Number(fk.id);
      if (!byId.has(id)) byId.set(id, { name: `${name} foreign key #${id}`, columns: [], parent: fk.table as string, parentColumns: [] });
      byId.get(id)!.columns[Number(fk.seq)] = fk.from as string;
      byId.get(id)!.parentColumns[Number(fk.seq)] = fk.to as string;
    }
    tables.push({ name, columns: columnRows.map((c) => c.name as string), indexes, foreignKeys: [...byId.values()] });
  }
  // `references parent` without columns names the parent's primary key.
  for (const fk of tables.flatMap((t) => t.foreignKeys)) {
    const key = tables.find((t) => t.name === fk.parent)?.indexes.find((i) => i.kind === 'primary key')?.columns ?? [];
    fk.parentColumns = fk.columns.map((_, n) => fk.parentColumns[n] ?? (key[n] as string));
  }
  return tables;
}
