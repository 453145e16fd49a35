import { Knex } from 'knex';
import { isPostgres } from './dialect';

// A schema ready to be distributed by team (Citus distributes tables by a tenant column): every reference
// between two tenant tables becomes a foreign key on (team_id, <column>) to the parent's (team_id, id), so the
// database itself refuses a row of one team pointing at another team's row (or at no row), behind the checks
// the use cases already make. The indexes that did not hold team_id get it as a trailing column (they serve
// look-ups made before the team is known, so team_id cannot come first).
//
// `teams` and `api_keys` stay reference tables (one copy on every node): an API key is looked up by its hash
// before the team is known, and `api_keys.team_id` references `teams`, which a distributed table could not be.
//
// What a delete does: every reference refuses the delete of a row still pointed at (RESTRICT), except rows that
// are part of their parent and go with it (CASCADE): a task's assignees and a deal's contact links. The API
// deletes few rows for real (WhatsApp contacts, which conversations and messages protect; webhook endpoints;
// expired Idempotency-Keys; a task's assignees when they change). No reference is ever set null by the database:
// ON DELETE SET NULL on (team_id, x) would null team_id too.
//
// Two references get no key. Webhook deliveries keep no key to their endpoint: DELETE /webhooks/:id keeps them as
// the record of what was accepted. An Idempotency-Key is claimed before its deal is written (a concurrent request
// with the same key must wait there, before any other write), so its key could only be checked at commit
// (DEFERRABLE INITIALLY DEFERRED); on SQLite a COMMIT refused that way leaves the transaction open on the one
// connection (Knex does not roll it back), so the 24-hour key is left as it was: it is only ever read with its
// team, and its deal looked up in that team.
//
// Existing rows: a row whose reference points at nothing in its own team makes the migration fail, naming each
// reference, how many rows and a few of the missing ids; nothing is changed. The API never writes such a row
// (it answers 404 for an unknown or another team's id), so one is the work of another writer, for a person to
// look at: no reference is nulled behind their back.
//
// SQLite cannot add a foreign key to a table: each table is rebuilt as its documentation says (foreign keys off,
// then in one transaction: a copy with the keys, its rows copied with their rowids, the old table dropped, the
// copy renamed, its indexes and triggers created again, then foreign_key_check). Keeping the rowids keeps the
// FTS5 search indexes (which map base rows by rowid) true; they are rebuilt anyway. `PRAGMA foreign_keys` cannot
// change inside a transaction, so this migration opens its own (hence `transaction: false`); on PostgreSQL too,
// where it is one transaction as usual.

export const config = { transaction: false };

type OnDelete = 'restrict' | 'cascade';

interface Reference {
  table: string;
  column: string;
  parent: string;
  onDelete: OnDelete;
}

const restrict = (table: string, column: string, parent: string): Reference => ({ table, column, parent, onDelete: 'restrict' });
const cascade = (table: string, column: string, parent: string): Reference => ({ table, column, parent, onDelete: 'cascade' });

const REFERENCES: Reference[] = [
  restrict('projects', 'stage_id', 'project_stages'),
  restrict('projects', 'squad_id', 'squads'),
  restrict('projects', 'client_id', 'clients'),
  restrict('pipelines', 'project_id', 'projects'),
  restrict('project_companies', 'project_id', 'projects'),
  restrict('project_leads', 'project_id', 'projects'),
  restrict('project_leads', 'contact_identity_id', 'contact_identities'),
  restrict('project_leads', 'company_id', 'project_companies'),
  restrict('deals', 'project_id', 'projects'),
  restrict('deals', 'pipeline_id', 'pipelines'),
  restrict('deals', 'client_id', 'clients'),
  restrict('deals', 'lead_id', 'project_leads'),
  restrict('deal_events', 'deal_id', 'deals'),
  restrict('workflow_runs', 'workflow_id', 'workflows'),
  restrict('workflow_runs', 'event_id', 'deal_events'),
  restrict('tasks', 'project_id', 'projects'),
  restrict('tasks', 'pipeline_id', 'pipelines'),
  cascade('task_assignees', 'task_id', 'tasks'),
  restrict('campaigns', 'project_id', 'projects'),
  restrict('activities', 'client_id', 'clients'),
  restrict('activities', 'deal_id', 'deals'),
  restrict('whatsapp_contacts', 'client_id', 'clients'),
  restrict('whatsapp_messages', 'inbox_id', 'whatsapp_inboxes'),
  restrict('whatsapp_messages', 'contact_id', 'whatsapp_contacts'),
  restrict('webhook_endpoints', 'project_id', 'projects'),
  restrict('webhook_endpoints', 'pipeline_id', 'pipelines'),
  cascade('deal_contacts', 'deal_id', 'deals'),
  restrict('deal_contacts', 'lead_id', 'project_leads'),
  restrict('deal_contacts', 'contact_identity_id', 'contact_identities'),
];

interface IndexChange {
  table: string;
  /** The index it replaces, if any. */
  replaces?: string;
  name: string;
  columns: string[];
}

const INDEXES: IndexChange[] = [
  // The outbox dispatcher's scan across teams (status in (…) and available_at <= ? order by available_at, id).
  {
    table: 'deal_events',
    replaces: 'deal_events_status_available_at_index',
    name: 'deal_events_status_available_at_team_id_index',
    columns: ['status', 'available_at', 'team_id'],
  },
  // The public receiver knows only the endpoint id; the operator replays a delivery by its id alone.
  {
    table: 'webhook_endpoints',
    replaces: 'webhook_endpoints_endpoint_id_index',
    name: 'webhook_endpoints_endpoint_id_team_id_index',
    columns: ['endpoint_id', 'team_id'],
  },
  {
    table: 'webhook_deliveries',
    replaces: 'webhook_deliveries_id_index',
    name: 'webhook_deliveries_id_team_id_index',
    columns: ['id', 'team_id'],
  },
  // Deleting a WhatsApp contact checks that no message names it: without this it reads every message.
  { table: 'whatsapp_messages', name: 'whatsapp_messages_team_id_contact_id_index', columns: ['team_id', 'contact_id'] },
];

/** Tables with an FTS5 search index on SQLite (20261125000100_search_fts), kept by triggers. */
const SEARCHED = ['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts'];

const quoted = (name: string): string => `"${name}"`;
const constraintName = (r: Reference): string => `${r.table}_team_id_${r.column}_foreign`;

const foreignKey = (r: Reference): string =>
  `constraint ${quoted(constraintName(r))} foreign key ("team_id", ${quoted(r.column)}) references ${quoted(r.parent)} ("team_id", "id") ` +
  `on delete ${r.onDelete}`;

const tablesOf = (references: Reference[]): string[] => [...new Set(references.map((r) => r.table))];

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];

/** Every reference that points at no row of its own team: how many rows, and a few of the missing ids. */
async function danglingReferences(db: Knex | Knex.Transaction): Promise<string[]> {
  const found: string[] = [];
  for (const r of REFERENCES) {
    const dangling = () =>
      db(`${r.table} as c`)
        .whereNotNull(`c.${r.column}`)
        .whereNotExists((p) => {
          p.select(db.raw('1')).from(`${r.parent} as p`).whereRaw('p.team_id = c.team_id').andWhereRaw(`p.id = c.${r.column}`);
        });
    const [{ n }] = await dangling().count({ n: '*' });
    if (Number(n) === 0) continue;
    const samples = await dangling().distinct(`c.team_id`, `c.${r.column} as missing`).orderBy(['c.team_id', 'missing']).limit(3);
    const ids = (samples as { missing: string; team_id: string }[]).map((s) => `${s.missing} (team ${s.team_id})`).join(', ');
    found.push(`${r.table}.${r.column} → ${r.parent}: ${Number(n)} row(s), e.g. ${ids}`);
  }
  return found;
}

async function refuseDangling(db: Knex | Knex.Transaction): Promise<void> {
  const dangling = await danglingReferences(db);
  if (dangling.length === 0) return;
  throw new Error(
    'Cannot add the team foreign keys: these rows refer to a row that does not exist in their own team\n' +
      `${dangling.map((d) => `  ${d}`).join('\n')}\n` +
      'Nothing was changed. Point these references at rows of the same team (or set the nullable ones to null), then migrate again.',
  );
}

async function changeIndexes(db: Knex.Transaction, step: 'drop' | 'create', changes: IndexChange[]): Promise<void> {
  for (const c of changes) {
    if (step === 'drop' && c.replaces) await db.raw(`drop index ${quoted(c.replaces)}`);
    if (step === 'create') await db.raw(`create index ${quoted(c.name)} on ${quoted(c.table)} (${c.columns.map(quoted).join(', ')})`);
  }
}

// SQLite ---------------------------------------------------------------------------------------------------

/**
 * Rebuilds `table` with the CREATE TABLE text `edit` makes of its current one: a copy, the rows with their
 * rowids, the old table dropped, the copy renamed, its indexes and triggers created again from their text,
 * its statistics taken again if it had some, and its FTS5 index rebuilt. Foreign keys must be off.
 */
export async function rebuild(db: Knex.Transaction, table: string, edit: (sql: string) => string): Promise<void> {
  const [{ sql }] = await db('sqlite_master').where({ type: 'table', name: table }).select<{ sql: string }[]>('sql');
  const dependents: { sql: string }[] = await db('sqlite_master')
    .where({ tbl_name: table })
    .whereIn('type', ['index', 'trigger'])
    .whereNotNull('sql')
    .orderBy('rowid')
    .select('sql');
  const columns = rowsOf(await db.raw(`pragma table_info(${quoted(table)})`))
    .map((c) => quoted(c.name as string))
    .join(', ');
  const hadStatistics =
    rowsOf(await db.raw(`select 1 from sqlite_master where name = 'sqlite_stat1'`)).length > 0 &&
    rowsOf(await db.raw('select 1 from sqlite_stat1 where tbl = ? limit 1', [table])).length > 0;

  const copy = `${table}__rebuilt`;
  const head = new RegExp(`^CREATE TABLE\\s+([\`"]?)${table}\\1\\s*\\(`, 'i');
  if (!head.test(sql)) throw new Error(`Unexpected definition of ${table}: ${sql}`);
  await db.raw(edit(sql.replace(head, `CREATE TABLE ${quoted(copy)} (`)));
  await db.raw(`insert into ${quoted(copy)} (rowid, ${columns}) select rowid, ${columns} from ${quoted(table)}`);
  await db.raw(`drop table ${quoted(table)}`);
  await db.raw(`alter table ${quoted(copy)} rename to ${quoted(table)}`);
  for (const d of dependents) await db.raw(d.sql);
  if (hadStatistics) await db.raw(`analyze ${quoted(table)}`);
  if (SEARCHED.includes(table)) {
    const fts = `${table}_search_fts`;
    if (rowsOf(await db.raw('select 1 from sqlite_master where name = ?', [fts])).length > 0) {
      await db.raw(`insert into ${quoted(fts)}(${quoted(fts)}) values ('rebuild')`);
    }
  }
}

const withKeys =
  (references: Reference[]) =>
  (sql: string): string =>
    sql.replace(/\)\s*$/, `, ${references.map(foreignKey).join(', ')})`);

const withoutKeys =
  (references: Reference[]) =>
  (sql: string): string =>
    references.reduce((s, r) => {
      const clause = `, ${foreignKey(r)}`;
      if (!s.includes(clause)) throw new Error(`The foreign key ${constraintName(r)} is not where this migration put it`);
      return s.replace(clause, '');
    }, sql);

/** Runs `work` with foreign keys off, in a transaction that commits only if every key holds afterwards. */
export async function withForeignKeysOff(knex: Knex, work: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  const [{ foreign_keys: wasOn }] = rowsOf(await knex.raw('pragma foreign_keys'));
  await knex.raw('pragma foreign_keys = off');
  try {
    await knex.transaction(async (trx) => {
      await work(trx);
      const broken = rowsOf(await trx.raw('pragma foreign_key_check'));
      if (broken.length > 0) {
        const tables = [...new Set(broken.map((b) => `${String(b.table)} → ${String(b.parent)}`))].join(', ');
        throw new Error(`Foreign keys do not hold after the rebuild (${tables}); nothing was changed`);
      }
    });
  } finally {
    if (wasOn) await knex.raw('pragma foreign_keys = on');
  }
}

// ----------------------------------------------------------------------------------------------------------

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.transaction(async (trx) => {
      await refuseDangling(trx);
      await changeIndexes(trx, 'drop', INDEXES);
      await changeIndexes(trx, 'create', INDEXES);
      for (const r of REFERENCES) await trx.raw(`alter table ${quoted(r.table)} add ${foreignKey(r)}`);
    });
    return;
  }
  await withForeignKeysOff(knex, async (trx) => {
    await refuseDangling(trx);
    await changeIndexes(trx, 'drop', INDEXES);
    for (const table of tablesOf(REFERENCES)) await rebuild(trx, table, withKeys(REFERENCES.filter((r) => r.table === table)));
    await changeIndexes(trx, 'create', INDEXES);
  });
}

export async function down(knex: Knex): Promise<void> {
  const added = INDEXES.map((c) => c.name);
  const restored: IndexChange[] = INDEXES.filter((c) => c.replaces).map((c) => ({
    table: c.table,
    name: c.replaces!,
    columns: c.columns.filter((column) => column !== 'team_id'),
  }));
  if (isPostgres(knex)) {
    await knex.transaction(async (trx) => {
      for (const r of REFERENCES) await trx.raw(`alter table ${quoted(r.table)} drop constraint ${quoted(constraintName(r))}`);
      for (const name of added) await trx.raw(`drop index ${quoted(name)}`);
      await changeIndexes(trx, 'create', restored);
    });
    return;
  }
  await withForeignKeysOff(knex, async (trx) => {
    for (const name of added) await trx.raw(`drop index ${quoted(name)}`);
    for (const table of tablesOf(REFERENCES)) await rebuild(trx, table, withoutKeys(REFERENCES.filter((r) => r.table === table)));
    await changeIndexes(trx, 'create', restored);
  });
}
