import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Knex } from 'knex';
import { KnexClientRepository } from '../../../adapters/persistence/knex/clients/knex-client-repository';
import { KnexDealRepository } from '../../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexIdempotencyKeyRepository } from '../../../adapters/persistence/knex/deals/knex-idempotency-key-repository';
import { migrationSource } from '../../../adapters/persistence/knex/migrations';
import { KnexLeadRepository } from '../../../adapters/persistence/knex/projects/knex-lead-repository';
import { KnexTaskRepository } from '../../../adapters/persistence/knex/tasks/knex-task-repository';
import { KnexWebhookEndpointRepository } from '../../../adapters/persistence/knex/webhooks/knex-webhook-endpoint-repository';
import { KnexContactRepository } from '../../../adapters/persistence/knex/whatsapp/knex-contact-repository';
import { Conflict } from '../../../domain/shared/errors';
import { ListQuery } from '../../../domain/shared/list';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { Contact } from '../../../domain/whatsapp/contact';
import { MigrationWorld, forEachMigrationBackend } from '../../support/migration-harness';
import { ClientMother } from '../../support/mothers';
import { DealRecordMother } from '../deals/deal-mother';
import { IdentityMother, LeadMother } from '../projects/mothers';
import { TaskMother } from '../tasks/task-mother';

// 20261126000100_team_foreign_keys on a database written before it: every row stays (with its rowid on SQLite,
// so the FTS5 search indexes stay true), searches and kept counts still answer, a reference to another team's
// row is refused afterwards, the deletes the API makes still happen, and rows that would break a new key stop
// the migration with their names, changing nothing.

const MIGRATION = '20261126000100_team_foreign_keys';
/**
 * Tables the deal and client repositories write beside their rows, created by migrations after this one; and
 * the last migration run after it: 20261130000100 replaces deal_events, whose keys this one made, and cannot
 * go down again.
 */
const REPOSITORY_TABLES = {
  alsoBefore: [
    '20261126000200_deal_day_counts',
    '20261126000300_deal_versions',
    '20261126000400_client_versions',
    '20261127000100_write_slots',
  ],
  until: '20261129000100_write_lock',
};
const NOW = '2026-01-01T00:00:00.000Z';
const SEARCHED = ['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts'];
const TABLES = [
  'project_stages',
  'squads',
  'projects',
  'pipelines',
  'project_companies',
  'contact_identities',
  'project_leads',
  'clients',
  'client_counts',
  'lead_counts',
  'task_counts',
  'deal_counts',
  'deals',
  'deal_contacts',
  'deal_idempotency_keys',
  'deal_events',
  'workflows',
  'workflow_runs',
  'tasks',
  'task_assignees',
  'campaigns',
  'activities',
  'whatsapp_inboxes',
  'whatsapp_contacts',
  'whatsapp_conversations',
  'whatsapp_messages',
  'whatsapp_inbox_errors',
  'webhook_endpoints',
  'webhook_deliveries',
];

const q = (search?: string): ListQuery<any> => ({ page: 1, limit: 20, sort: { field: 'created_at', descending: true }, search });
const stamps = { created_at: NOW, updated_at: NOW };

function repositoriesOf(world: MigrationWorld) {
  const database = world.database();
  return {
    database,
    clients: new KnexClientRepository(database),
    deals: new KnexDealRepository(database),
    leads: new KnexLeadRepository(database),
    tasks: new KnexTaskRepository(database),
    contacts: new KnexContactRepository(database),
    endpoints: new KnexWebhookEndpointRepository(database),
    keys: new KnexIdempotencyKeyRepository(database),
  };
}

/** One team's rows in every tenant table, each reference pointing at a row of the same team. */
async function seedTeam(world: MigrationWorld, teamId: string, word: string) {
  const { knex } = world;
  const r = repositoriesOf(world);
  const id = () => randomUUID();
  const ids = {
    stage: id(),
    squad: id(),
    project: id(),
    pipeline: id(),
    company: id(),
    workflow: id(),
    event: id(),
    inbox: id(),
    conversation: id(),
    endpoint: id(),
    delivery: id(),
    client: '',
    identity: '',
    lead: '',
    globalDeal: '',
    projectDeal: '',
    task: '',
    contact: id(),
  };
  await knex('project_stages').insert({
    team_id: teamId,
    id: ids.stage,
    name: 'Ativo',
    slug: 'ativo',
    position: 1,
    category: 'active',
    is_initial: true,
    is_done: false,
    is_archived: false,
    ...stamps,
  });
  await knex('squads').insert({ team_id: teamId, id: ids.squad, name: 'Squad', ...stamps });
  const client = ClientMother.create({ teamId, name: `${word} Cliente` });
  ids.client = client.id;
  await r.clients.insert(client);
  await knex('projects').insert({
    team_id: teamId,
    id: ids.project,
    name: `${word} Projeto`,
    slug: 'projeto',
    stage_id: ids.stage,
    priority: 'medium',
    squad_id: ids.squad,
    client_id: ids.client,
    is_internal: false,
    ...stamps,
  });
  await knex('pipelines').insert({
    team_id: teamId,
    id: ids.pipeline,
    project_id: ids.project,
    name: 'Funil',
    slug: 'funil',
    is_default: true,
    columns: JSON.stringify([{ slug: 'novo', title: 'Novo', position: 1, outcome: 'open', is_terminal: false }]),
    loss_reasons: '[]',
    ...stamps,
  });
  await knex('project_companies').insert({
    team_id: teamId,
    id: ids.company,
    project_id: ids.project,
    name: 'Empresa',
    is_active: true,
    ...stamps,
  });
  const identity = IdentityMother.create({ teamId });
  ids.identity = identity.id;
  await knex('contact_identities').insert({
    team_id: teamId,
    id: identity.id,
    display_name: identity.displayName,
    custom_fields: '{}',
    ...stamps,
  });
  const lead = LeadMother.create({
    teamId,
    projectId: ids.project,
    contactIdentityId: ids.identity,
    companyId: ids.company,
    fullName: `${word} Contato`,
  });
  ids.lead = lead.id;
  await r.leads.insert(lead);
  const globalDeal = DealRecordMother.global({ teamId, clientId: ids.client, title: `${word} Negócio` });
  const projectDeal = DealRecordMother.project({
    teamId,
    projectId: ids.project,
    pipelineId: ids.pipeline,
    leadId: ids.lead,
    title: `${word} Card`,
  });
  [ids.globalDeal, ids.projectDeal] = [globalDeal.id, projectDeal.id];
  await r.deals.insert(globalDeal);
  await r.deals.insert(projectDeal);
  await knex('deal_contacts').insert({
    team_id: teamId,
    id: id(),
    deal_id: ids.projectDeal,
    lead_id: ids.lead,
    contact_identity_id: ids.identity,
    is_primary: true,
    position: 0,
    linked_at: NOW,
  });
  await knex('deal_idempotency_keys').insert({
    team_id: teamId,
    key: 'chave',
    fingerprint: 'f',
    deal_id: ids.globalDeal,
    created_at: NOW,
    expires_at: '2999-01-01T00:00:00.000Z',
  });
  await knex('deal_events').insert({
    team_id: teamId,
    id: ids.event,
    type: 'deal_created',
    deal_id: ids.globalDeal,
    data: '{}',
    status: 'delivered',
    attempts: 1,
    available_at: NOW,
    created_at: NOW,
    delivered_at: NOW,
  });
  await knex('workflows').insert({
    team_id: teamId,
    id: ids.workflow,
    event: 'deal_created',
    action: 'create_task',
    config: '{"title":"t"}',
    is_active: true,
    ...stamps,
  });
  await knex('workflow_runs').insert({
    team_id: teamId,
    id: id(),
    workflow_id: ids.workflow,
    event_id: ids.event,
    event: 'deal_created',
    entity_id: ids.globalDeal,
    status: 'succeeded',
    created_at: NOW,
  });
  const task = TaskMother.create({
    teamId,
    projectId: ids.project,
    pipelineId: ids.pipeline,
    title: `${word} Tarefa`,
    assigneeIds: [id(), id()],
  });
  ids.task = task.id;
  await r.tasks.insert(task);
  await knex('campaigns').insert({
    team_id: teamId,
    id: id(),
    project_id: ids.project,
    name: `${word} Campanha`,
    status: 'draft',
    approval_status: 'pending',
    content_pillars: '[]',
    target_platforms: '[]',
    goals: '{}',
    ...stamps,
  });
  await knex('activities').insert({
    team_id: teamId,
    id: id(),
    type: 'call',
    title: `${word} Ligação`,
    occurred_at: NOW,
    is_completed: false,
    tags: '[]',
    client_id: ids.client,
    deal_id: ids.globalDeal,
    ...stamps,
  });
  await knex('whatsapp_inboxes').insert({
    team_id: teamId,
    id: ids.inbox,
    name: 'Caixa',
    channel: 'sandbox',
    is_active: true,
    credentials: '{}',
    ...stamps,
  });
  await r.contacts.insert(
    Contact.create(
      ids.contact,
      teamId,
      PhoneNumber.parse('5511912345678'),
      { customName: `${word} Zap`, clientId: ids.client },
      new Date(NOW),
    ).snapshot(),
  );
  await knex('whatsapp_conversations').insert({
    team_id: teamId,
    id: ids.conversation,
    inbox_id: ids.inbox,
    contact_id: ids.contact,
    channel: 'sandbox',
    ...stamps,
  });
  await knex('whatsapp_messages').insert({
    team_id: teamId,
    id: id(),
    conversation_id: ids.conversation,
    inbox_id: ids.inbox,
    contact_id: ids.contact,
    direction: 'inbound',
    type: 'text',
    content: 'oi',
    status: 'received',
    ...stamps,
  });
  await knex('whatsapp_inbox_errors').insert({ team_id: teamId, id: id(), inbox_id: ids.inbox, code: '1', created_at: NOW });
  await knex('webhook_endpoints').insert({
    team_id: teamId,
    id: ids.endpoint,
    endpoint_id: `ep_${id()}`,
    name: 'Entrada',
    slug: 'entrada',
    is_active: true,
    action_type: 'create_deal',
    project_id: ids.project,
    pipeline_id: ids.pipeline,
    field_mapping: '{}',
    ...stamps,
  });
  await knex('webhook_deliveries').insert({
    team_id: teamId,
    id: ids.delivery,
    webhook_id: ids.endpoint,
    action: 'create_deal',
    payload: '{}',
    status: 'succeeded',
    attempts: 1,
    received_at: NOW,
  });
  return ids;
}

type Seeded = Awaited<ReturnType<typeof seedTeam>>;

/** How many rows each table holds, and on SQLite the rowids of the searched tables. */
async function census(knex: Knex, backend: string): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const table of TABLES) found[table] = Number((await knex(table).count({ n: '*' }))[0].n);
  if (backend === 'sqlite') {
    for (const table of SEARCHED) {
      found[`${table} rowids`] = (await knex.raw(`select rowid as r, team_id, id from ${table} order by rowid`)).map(
        (x: { r: number; team_id: string; id: string }) => `${x.r} ${x.team_id} ${x.id}`,
      );
    }
  }
  return found;
}

const refusedAsForeignKey = async (write: Promise<unknown>): Promise<void> => {
  const err = await write.then(
    () => null,
    (e: Error) => e,
  );
  expect(err, 'the write was accepted').to.be.instanceOf(Error);
  expect(err!.message).to.match(/FOREIGN KEY constraint failed|violates foreign key constraint/);
};

forEachMigrationBackend(
  MIGRATION,
  (world) => {
    const [teamA, teamB] = [randomUUID(), randomUUID()];
    let a: Seeded;
    let b: Seeded;

    it('keeps every row written before it (and its rowid), and the searches and kept counts over them', async () => {
      const { knex, backend } = world();
      await world().migrateToBefore();
      a = await seedTeam(world(), teamA, 'Alfa');
      b = await seedTeam(world(), teamB, 'Beta');
      const before = await census(knex, backend);

      await world().migrateToLatest();

      expect(await census(knex, backend)).to.deep.equal(before);
      const r = repositoriesOf(world());
      for (const [team, word] of [
        [{ teamId: teamA }, 'alfa'],
        [{ teamId: teamB }, 'beta'],
      ] as const) {
        const project = team.teamId === teamA ? a.project : b.project;
        expect((await r.deals.list(team, { scope: 'global' }, q(`${word} neg`))).items.map((v) => v.deal.title)).to.have.length(1);
        expect((await r.deals.list(team, { scope: 'project', projectId: project }, q())).total).to.equal(1);
        expect((await r.clients.list(team, { status: 'active' }, q(`${word} cli`))).total).to.equal(1);
        expect((await r.clients.list(team, { status: 'active' }, q())).total).to.equal(1);
        expect((await r.leads.list(team, project, {}, q(`${word} con`))).total).to.equal(1);
        expect((await r.leads.list(team, project, {}, q())).total).to.equal(1);
        expect((await r.tasks.listActive(team, {}, q(`${word} tar`))).total).to.equal(1);
        expect((await r.tasks.listActive(team, { projectId: project }, q())).total).to.equal(1);
        expect((await r.contacts.list(team, {}, q(`${word} zap`))).total).to.equal(1);
      }
      if (backend === 'sqlite') {
        for (const table of SEARCHED)
          await knex.raw(`insert into ${table}_search_fts(${table}_search_fts, rank) values ('integrity-check', 1)`);
        // The triggers that keep the index are back: a row written now is found, and counted.
        await r.clients.insert(ClientMother.create({ teamId: teamA, name: 'Alfa Segundo' }));
        expect((await r.clients.list({ teamId: teamA }, { status: 'active' }, q('segundo'))).total).to.equal(1);
        expect((await r.clients.list({ teamId: teamA }, { status: 'active' }, q())).total).to.equal(2);
        await knex.raw(`insert into clients_search_fts(clients_search_fts, rank) values ('integrity-check', 1)`);
        expect((await knex.raw('pragma foreign_keys'))[0].foreign_keys).to.equal(1);
      }
    });

    it("refuses a row of one team that points at another team's row, and one that points at nothing", async () => {
      const { knex } = world();
      const r = repositoriesOf(world());
      await refusedAsForeignKey(r.deals.insert(DealRecordMother.global({ teamId: teamB, clientId: a.client })));
      await refusedAsForeignKey(r.deals.insert(DealRecordMother.global({ teamId: teamB, clientId: randomUUID() })));
      await refusedAsForeignKey(r.leads.insert(LeadMother.create({ teamId: teamB, projectId: a.project, contactIdentityId: b.identity })));
      await refusedAsForeignKey(r.tasks.insert(TaskMother.create({ teamId: teamB, projectId: b.project, pipelineId: a.pipeline })));
      await refusedAsForeignKey(
        knex('deal_events').insert({
          team_id: teamB,
          id: randomUUID(),
          type: 'deal_created',
          deal_id: a.globalDeal,
          data: '{}',
          status: 'pending',
          attempts: 0,
          available_at: NOW,
          created_at: NOW,
        }),
      );
      await refusedAsForeignKey(
        knex('whatsapp_messages').insert({
          team_id: teamB,
          id: randomUUID(),
          conversation_id: b.conversation,
          inbox_id: a.inbox,
          contact_id: b.contact,
          direction: 'inbound',
          type: 'text',
          content: 'oi',
          status: 'received',
          ...stamps,
        }),
      );
      // The same writes within the team are taken.
      await r.deals.insert(DealRecordMother.global({ teamId: teamB, clientId: b.client }));
      await r.tasks.insert(TaskMother.create({ teamId: teamB, projectId: b.project, pipelineId: b.pipeline }));
    });

    it("still makes the deletes the API makes: a contact's refusal, an endpoint without its deliveries, a task's assignees", async () => {
      const { knex } = world();
      const r = repositoriesOf(world());
      const team = { teamId: teamA };
      const err = await r.contacts.delete(team, a.contact).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).to.be.instanceOf(Conflict);
      expect(await r.endpoints.delete(team, a.endpoint)).to.equal(true);
      expect(await knex('webhook_deliveries').where({ team_id: teamA, id: a.delivery }).first()).to.not.equal(undefined);
      const task = (await r.tasks.findById(team, a.task))!;
      const assignee = randomUUID();
      await r.tasks.update({ ...task, assigneeIds: [assignee], assigneeId: assignee });
      expect(await knex('task_assignees').where({ team_id: teamA, task_id: a.task }).pluck('assignee_id')).to.deep.equal([assignee]);
      // A contact without conversations goes.
      const lonely = Contact.create(randomUUID(), teamA, PhoneNumber.parse('5511987650000'), {}, new Date(NOW)).snapshot();
      await r.contacts.insert(lonely);
      await r.contacts.delete(team, lonely.id);
      expect(await r.contacts.findById(team, lonely.id)).to.equal(null);
    });

    it('still lets an Idempotency-Key be claimed before its deal is written, in one transaction', async () => {
      const r = repositoriesOf(world());
      const deal = DealRecordMother.global({ teamId: teamA, clientId: a.client });
      await r.database.transaction(async () => {
        const record = {
          teamId: teamA,
          key: 'primeiro',
          fingerprint: 'f',
          dealId: deal.id,
          createdAt: NOW,
          expiresAt: '2999-01-01T00:00:00.000Z',
        };
        expect(await r.keys.claim(record, new Date(NOW))).to.equal(true);
        await r.deals.insert(deal);
      });
      expect(await r.keys.find({ teamId: teamA }, 'primeiro')).to.deep.include({ dealId: deal.id });
    });
  },
  REPOSITORY_TABLES,
);

forEachMigrationBackend(
  MIGRATION,
  (world) => {
    const [teamA, teamB] = [randomUUID(), randomUUID()];

    it("stops at rows that point at another team's row or at nothing, names them, and changes nothing", async () => {
      const { knex, backend } = world();
      await world().migrateToBefore();
      const a = await seedTeam(world(), teamA, 'Alfa');
      const b = await seedTeam(world(), teamB, 'Beta');
      const missing = randomUUID();
      await knex('deals').where({ team_id: teamB, id: b.globalDeal }).update({ client_id: a.client });
      await knex('tasks').where({ team_id: teamB, id: b.task }).update({ project_id: missing });
      const before = await census(knex, backend);
      const schemaBefore = backend === 'sqlite' ? await knex('sqlite_master').orderBy('name').select('type', 'name', 'sql') : null;

      const err = await world()
        .migrateToLatest()
        .then(
          () => null,
          (e: Error) => e,
        );

      expect(err, 'the migration ran').to.be.instanceOf(Error);
      expect(err!.message).to.include(`deals.client_id → clients: 1 row(s), e.g. ${a.client} (team ${teamB})`);
      expect(err!.message).to.include(`tasks.project_id → projects: 1 row(s), e.g. ${missing} (team ${teamB})`);
      expect(err!.message).to.not.include('campaigns');
      expect(await census(knex, backend)).to.deep.equal(before);
      if (backend === 'sqlite') {
        expect(await knex('sqlite_master').orderBy('name').select('type', 'name', 'sql')).to.deep.equal(schemaBefore);
        expect((await knex.raw('pragma foreign_keys'))[0].foreign_keys).to.equal(1);
      }
      expect(await knex('knex_migrations').where({ name: MIGRATION }).first()).to.equal(undefined);

      // Once the rows are set right, it runs.
      await knex('deals').where({ team_id: teamB, id: b.globalDeal }).update({ client_id: b.client });
      await knex('tasks').where({ team_id: teamB, id: b.task }).update({ project_id: b.project });
      await world().migrateToLatest();
      await refusedAsForeignKey(knex('deals').where({ team_id: teamB, id: b.globalDeal }).update({ client_id: a.client }));
    });

    it('goes down to the keys and indexes it found, and up again', async () => {
      const { knex, backend } = world();
      const schemaName = backend === 'postgres' ? ((await knex.raw('select current_schema() as s')).rows[0].s as string) : undefined;
      const indexNames = async () =>
        backend === 'postgres'
          ? ((await knex('pg_indexes').where('schemaname', schemaName).pluck('indexname')) as string[])
          : ((await knex('sqlite_master').where({ type: 'index' }).pluck('name')) as string[]);
      const latest = await census(knex, backend);

      await knex.migrate.down({ migrationSource, schemaName, name: MIGRATION });

      expect(await census(knex, backend)).to.deep.equal(latest);
      expect(await indexNames()).to.include.members([
        'deal_events_status_available_at_index',
        'webhook_endpoints_endpoint_id_index',
        'webhook_deliveries_id_index',
      ]);
      expect(await indexNames()).to.not.include('whatsapp_messages_team_id_contact_id_index');
      const crossTeam = DealRecordMother.global({ teamId: teamB, clientId: (await knex('clients').where({ team_id: teamA }).first()).id });
      await repositoriesOf(world()).deals.insert(crossTeam);
      await knex('deals').where({ team_id: teamB, id: crossTeam.id }).update({ client_id: null });

      await world().migrateToLatest();

      expect(await census(knex, backend)).to.deep.include({ deals: (latest.deals as number) + 1 });
      expect(await indexNames()).to.include.members([
        'deal_events_status_available_at_team_id_index',
        'whatsapp_messages_team_id_contact_id_index',
      ]);
      await refusedAsForeignKey(knex('deals').where({ team_id: teamB, id: crossTeam.id }).update({ client_id: randomUUID() }));
    });
  },
  REPOSITORY_TABLES,
);
