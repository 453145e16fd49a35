import { Knex } from 'knex';
import { isPostgres } from './dialect';
import { rebuild, withForeignKeysOff } from './20261126000100_team_foreign_keys';

// One event log for everything that happens to a team's records (deals, clients, leads, tasks, WhatsApp…),
// read by the workflows' dispatcher, fanned out to event subscriptions, and listed by `GET /events`. It takes
// the place of the deal-only outbox `deal_events`, whose rows it keeps (their types renamed to the public
// ones). An event names the record it is about (`subject_id`) without a foreign key: records of many tables,
// some of them deleted since (`task.deleted`). Workflow runs lose their key to the event: events are purged
// after their retention, and a run stays the record of what ran.
//
// SQLite cannot drop a foreign key: `workflow_runs` is rebuilt without it, as 20261126000100 rebuilds tables.

export const config = { transaction: false };

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

const RUN_KEY = 'workflow_runs_team_id_event_id_foreign';
const RUN_KEY_CLAUSE = `, constraint "${RUN_KEY}" foreign key ("team_id", "event_id") references "deal_events" ("team_id", "id") on delete restrict`;

const RENAMED: Record<string, string> = { deal_created: 'deal.created', deal_stage_changed: 'deal.stage_changed' };

async function createEvents(db: Knex | Knex.Transaction): Promise<void> {
  await db.schema.createTable('events', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('type', 60).notNullable();
    t.uuid('subject_id').notNullable();
    t.text('data').notNullable();
    t.string('status', 12).notNullable();
    t.integer('attempts').notNullable();
    ts(t, 'available_at').notNullable();
    t.text('last_error').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'delivered_at').nullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'subject_id']);
    // GET /events: a team's events newest first.
    t.index(['team_id', 'created_at', 'id']);
    // The dispatcher serves every tenant: it looks events up by due time across teams; team_id trails.
    t.index(['status', 'available_at', 'team_id']);
    // The retention purge, across teams.
    t.index(['created_at', 'team_id']);
  });
}

/** The deal outbox's rows, as events of the log. */
async function copyDealEvents(db: Knex | Knex.Transaction): Promise<void> {
  const rows = (await db('deal_events').select()) as Record<string, unknown>[];
  const events = rows.map((r) => {
    const old = (typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? {})) as Record<string, unknown>;
    const data =
      old.from_phase === undefined ? { object: { id: r.deal_id } } : { object: { id: r.deal_id }, previous: { phase: old.from_phase } };
    return {
      team_id: r.team_id,
      id: r.id,
      type: RENAMED[r.type as string] ?? r.type,
      subject_id: r.deal_id,
      data: JSON.stringify(data),
      status: r.status,
      attempts: r.attempts,
      available_at: r.available_at,
      last_error: r.last_error,
      created_at: r.created_at,
      delivered_at: r.delivered_at,
    };
  });
  for (let i = 0; i < events.length; i += 200) await db('events').insert(events.slice(i, i + 200));
}

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.transaction(async (trx) => {
      await createEvents(trx);
      await copyDealEvents(trx);
      await trx.raw(`alter table "workflow_runs" drop constraint "${RUN_KEY}"`);
      await trx.schema.dropTable('deal_events');
    });
    return;
  }
  await withForeignKeysOff(knex, async (trx) => {
    await createEvents(trx);
    await copyDealEvents(trx);
    await rebuild(trx, 'workflow_runs', (sql) => {
      if (!sql.includes(RUN_KEY_CLAUSE)) throw new Error(`The foreign key ${RUN_KEY} is not where 20261126000100 put it`);
      return sql.replace(RUN_KEY_CLAUSE, '');
    });
    await trx.schema.dropTable('deal_events');
  });
}

export function down(): Promise<void> {
  return Promise.reject(
    new Error('The event log cannot be turned back into the deal outbox: its events of other records have nowhere to go'),
  );
}
