import { Knex } from 'knex';
import { isPostgres } from './dialect';

// PostgreSQL: the rows that every write of a team moves (its deal and client versions, its kept counts)
// gain a `slot` at the end of their primary key. A transaction moves the rows of its own slot
// (KnexDatabase.slot) and readers sum a key's slots: with one row per key, every concurrent write of a
// team waited for the previous one's row lock until that one committed. The existing rows become slot 0.
// SQLite runs one writer at a time: its tables keep one row per key.

/** Each table, its key columns before the slot, and the column the slot rows add up. */
const TABLES: { table: string; key: string[]; value: string }[] = [
  { table: 'deal_versions', key: ['team_id'], value: 'version' },
  { table: 'client_versions', key: ['team_id'], value: 'version' },
  { table: 'deal_counts', key: ['team_id', 'scope', 'project_key', 'pipeline_key', 'status'], value: 'n' },
  { table: 'deal_day_counts', key: ['team_id', 'scope', 'day'], value: 'n' },
  { table: 'client_counts', key: ['team_id', 'status', 'type'], value: 'n' },
  { table: 'task_counts', key: ['team_id', 'project_key', 'pipeline_key'], value: 'n' },
  { table: 'lead_counts', key: ['team_id', 'project_key', 'is_active'], value: 'n' },
];

const columns = (names: string[]) => names.map((c) => `"${c}"`).join(', ');

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const { table, key } of TABLES) {
    await knex.raw(
      `alter table "${table}" add column "slot" smallint not null default 0, drop constraint "${table}_pkey", ` +
        `add constraint "${table}_pkey" primary key (${columns([...key, 'slot'])})`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const { table, key, value } of TABLES) {
    // Every slot's rows added into slot 0, then one row per key again.
    await knex.raw(
      `with moved as (delete from "${table}" where "slot" <> 0 returning ${columns(key)}, "${value}") ` +
        `insert into "${table}" (${columns(key)}, "slot", "${value}") ` +
        `select ${columns(key)}, 0, sum("${value}") from moved group by ${columns(key)} ` +
        `on conflict (${columns([...key, 'slot'])}) do update set "${value}" = "${table}"."${value}" + excluded."${value}"`,
    );
    await knex.raw(
      `alter table "${table}" drop constraint "${table}_pkey", drop column "slot", ` +
        `add constraint "${table}_pkey" primary key (${columns(key)})`,
    );
  }
}
