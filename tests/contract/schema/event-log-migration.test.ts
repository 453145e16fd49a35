// 20261130000100_event_log: the deal-only outbox `deal_events` becomes the one event log `events`. Its rows
// stay, under the public names of their types, about their deal (`subject_id`), the phase a stage change left
// kept as its previous value; the workflow runs written before stay too, and lose their foreign key to the
// event, so a run outlives an event the retention purge removed. There is no way back down.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { KnexDealRepository } from '../../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexWorkflowRunRepository } from '../../../adapters/persistence/knex/deals/knex-workflow-repository';
import { KnexEventOutbox } from '../../../adapters/persistence/knex/events/knex-event-outbox';
import { migrationSource } from '../../../adapters/persistence/knex/migrations';
import { EventData } from '../../../domain/events/event';
import { forEachMigrationBackend } from '../../support/migration-harness';
import { DealRecordMother } from '../deals/deal-mother';

const MIGRATION = '20261130000100_event_log';
const CREATED_AT = '2026-11-20T10:00:00.000Z';
const CHANGED_AT = '2026-11-21T11:30:00.250Z';
const DELIVERED_AT = '2026-11-20T10:00:01.000Z';

/** A workflow_runs row as the dispatcher wrote it before this migration. */
const runRow = (teamId: string, workflowId: string, eventId: string, dealId: string) => ({
  team_id: teamId,
  id: randomUUID(),
  workflow_id: workflowId,
  event_id: eventId,
  event: 'deal_created',
  entity_id: dealId,
  status: 'succeeded',
  created_at: DELIVERED_AT,
});

forEachMigrationBackend(MIGRATION, (world) => {
  const team = randomUUID();
  const ids = { created: randomUUID(), changed: randomUUID(), workflow: randomUUID(), run: '', deal: '' };

  it('keeps the deal events as events of the log, under their public names, about their deal', async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const deal = DealRecordMother.global({ teamId: team, phase: 'proposta' });
    ids.deal = deal.id;
    await new KnexDealRepository(world().database()).insert(deal);
    await knex('deal_events').insert([
      {
        team_id: team,
        id: ids.created,
        type: 'deal_created',
        deal_id: deal.id,
        data: JSON.stringify({ phase: 'lead' }),
        status: 'delivered',
        attempts: 1,
        available_at: CREATED_AT,
        last_error: null,
        created_at: CREATED_AT,
        delivered_at: DELIVERED_AT,
      },
      {
        team_id: team,
        id: ids.changed,
        type: 'deal_stage_changed',
        deal_id: deal.id,
        data: JSON.stringify({ from_phase: 'lead', to_phase: 'proposta' }),
        status: 'pending',
        attempts: 2,
        available_at: CHANGED_AT,
        last_error: 'activities down',
        created_at: CHANGED_AT,
        delivered_at: null,
      },
    ]);
    await knex('workflows').insert({
      team_id: team,
      id: ids.workflow,
      event: 'deal_created',
      action: 'create_task',
      config: '{"title":"t"}',
      is_active: true,
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
    });
    const run = runRow(team, ids.workflow, ids.created, deal.id);
    ids.run = run.id;
    await knex('workflow_runs').insert(run);

    await world().migrateToLatest();

    expect(await knex.schema.hasTable('deal_events')).to.equal(false);
    const outbox = new KnexEventOutbox(world().database());
    const created: EventData = {
      id: ids.created,
      teamId: team,
      type: 'deal.created',
      subjectId: deal.id,
      data: { object: { id: deal.id } },
      actor: null,
      requestId: null,
      status: 'delivered',
      attempts: 1,
      availableAt: CREATED_AT,
      lastError: null,
      createdAt: CREATED_AT,
      deliveredAt: DELIVERED_AT,
    };
    const changed: EventData = {
      id: ids.changed,
      teamId: team,
      type: 'deal.stage_changed',
      subjectId: deal.id,
      data: { object: { id: deal.id }, previous: { phase: 'lead' } },
      actor: null,
      requestId: null,
      status: 'pending',
      attempts: 2,
      availableAt: CHANGED_AT,
      lastError: 'activities down',
      createdAt: CHANGED_AT,
      deliveredAt: null,
    };
    expect(await outbox.listBySubject({ teamId: team }, deal.id)).to.deep.equal([created, changed]);
    expect(await outbox.page({ teamId: team }, { limit: 10 })).to.deep.equal({ data: [changed, created], hasMore: false });
    // Still waiting for its next attempt, as it was.
    expect(await outbox.backlog()).to.deep.equal({ pending: 1, oldestCreatedAt: CHANGED_AT });
  });

  it('keeps the workflow runs, which may now name an event that is no longer there', async () => {
    const { knex } = world();
    const runs = new KnexWorkflowRunRepository(world().database());
    expect((await runs.listByEvent({ teamId: team }, ids.created)).map((r) => [r.id, r.workflowId, r.event, r.entityId])).to.deep.equal([
      [ids.run, ids.workflow, 'deal_created', ids.deal],
    ]);
    // An event purged after its retention, or never there: its run is kept all the same.
    const missing = randomUUID();
    await knex('workflow_runs').insert(runRow(team, ids.workflow, missing, ids.deal));
    expect(await runs.listByEvent({ teamId: team }, missing)).to.have.length(1);
    await knex('events').where({ team_id: team, id: ids.created }).delete();
    expect(await runs.listByEvent({ teamId: team }, ids.created)).to.have.length(1);
  });

  it("keeps a run's other key: its workflow must exist in its team", async () => {
    const { knex, backend } = world();
    const err = await knex('workflow_runs')
      .insert(runRow(team, randomUUID(), randomUUID(), ids.deal))
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(err, 'the write was accepted').to.be.instanceOf(Error);
    expect(err!.message).to.match(/FOREIGN KEY constraint failed|violates foreign key constraint/);
    if (backend === 'sqlite') {
      expect((await knex.raw('pragma foreign_keys'))[0].foreign_keys).to.equal(1);
      expect(await knex.raw('pragma foreign_key_check')).to.deep.equal([]);
    }
  });

  it('makes the indexes the log is read by', async () => {
    const { knex, backend } = world();
    const schemaName = backend === 'postgres' ? ((await knex.raw('select current_schema() as s')).rows[0].s as string) : undefined;
    const indexNames: string[] =
      backend === 'postgres'
        ? await knex('pg_indexes').where({ schemaname: schemaName, tablename: 'events' }).pluck('indexname')
        : await knex('sqlite_master').where({ type: 'index', tbl_name: 'events' }).pluck('name');
    expect(indexNames).to.include.members([
      'events_team_id_subject_id_index',
      'events_team_id_created_at_id_index',
      'events_status_available_at_team_id_index',
      'events_created_at_team_id_index',
    ]);
  });

  it('refuses to go down: the events of other records would have nowhere to go', async () => {
    const { knex, backend } = world();
    const schemaName = backend === 'postgres' ? ((await knex.raw('select current_schema() as s')).rows[0].s as string) : undefined;
    const err = await knex.migrate.down({ migrationSource, schemaName, name: MIGRATION }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err, 'it went down').to.be.instanceOf(Error);
    expect(await knex.schema.hasTable('events')).to.equal(true);
    expect(await knex('knex_migrations').where({ name: MIGRATION }).first()).to.not.equal(undefined);
  });
});
