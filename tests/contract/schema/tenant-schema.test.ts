import { expect } from 'chai';
import { Knex } from 'knex';
import { BackendName, backendNames } from '../../support/backends';
import { forEachMigrationBackend, openScratchDatabase, ScratchDatabase } from '../../support/migration-harness';
import { DistributionPlan, postgresTables, sqliteTables, tenantSchemaViolations } from './tenant-schema-check';

// The distribution plan (adapters/persistence/knex/migrations/distribution.ts) held against the catalog of a
// freshly migrated database, on PostgreSQL and SQLite; and the check itself shown to catch each kind of break.

const tablesOf = (knex: Knex, backend: BackendName) => (backend === 'postgres' ? postgresTables(knex) : sqliteTables(knex));

/** Each pattern matches exactly one line of `found`, and no line is left over. */
function expectExactly(found: string[], patterns: RegExp[]): void {
  for (const p of patterns)
    expect(
      found.filter((line) => p.test(line)),
      `${p} in\n${found.join('\n')}`,
    ).to.have.length(1);
  expect(found, found.join('\n')).to.have.length(patterns.length);
}

const UNLINKED_BEFORE = [
  'projects.stage_id',
  'projects.squad_id',
  'projects.client_id',
  'pipelines.project_id',
  'project_companies.project_id',
  'project_leads.project_id',
  'project_leads.contact_identity_id',
  'project_leads.company_id',
  'deals.project_id',
  'deals.pipeline_id',
  'deals.client_id',
  'deals.lead_id',
  'deal_events.deal_id',
  'workflow_runs.workflow_id',
  'tasks.project_id',
  'tasks.pipeline_id',
  'task_assignees.task_id',
  'campaigns.project_id',
  'activities.client_id',
  'activities.deal_id',
  'whatsapp_contacts.client_id',
  'whatsapp_messages.inbox_id',
  'whatsapp_messages.contact_id',
  'webhook_endpoints.project_id',
  'webhook_endpoints.pipeline_id',
  'deal_contacts.deal_id',
  'deal_contacts.lead_id',
  'deal_contacts.contact_identity_id',
];

/** Columns the plan leaves unlinked in tables made after 20261126000100 (the event log and its deliveries, imports, the privacy log). */
const LATER_UNLINKED = [
  'events.subject_id',
  'events.request_id',
  'event_deliveries.event_id',
  'event_deliveries.subscription_id',
  'import_rows.record_id',
  'privacy_erasures.request_id',
];

forEachMigrationBackend('20261126000100_team_foreign_keys', (world) => {
  it('finds what the schema lacked before 20261126000100: indexes without team_id, references that were no foreign keys', async () => {
    const { knex, backend } = world();
    await world().migrateToBefore();
    expectExactly(tenantSchemaViolations(await tablesOf(knex, backend)), [
      /^deal_events: index deal_events_status_available_at_index \(status, available_at\) does not hold team_id$/,
      /^webhook_endpoints: index webhook_endpoints_endpoint_id_index \(endpoint_id\) does not hold team_id$/,
      /^webhook_deliveries: index webhook_deliveries_id_index \(id\) does not hold team_id$/,
      ...UNLINKED_BEFORE.map((c) => new RegExp(`^${c.replace('.', '\\.')}: neither a foreign key nor listed as unlinked$`)),
      // The plan follows the latest schema: what it leaves unlinked in the event log's tables, made later, is not there yet.
      ...LATER_UNLINKED.map((c) => new RegExp(`^${c.replace('.', '\\.')}: listed as unlinked but does not exist$`)),
    ]);
  });

  it('holds every table of the latest schema to the distribution plan', async () => {
    const { knex, backend } = world();
    await world().migrateToLatest();
    expect(tenantSchemaViolations(await tablesOf(knex, backend))).to.deep.equal([]);
  });
});

// A plan of its own for scratch tables: one reference table (and one it names that does not exist), one
// index allowed without team_id, one column left unlinked on purpose (and one named that does not exist).
const SCRATCH_PLAN: DistributionPlan = {
  referenceTables: ['accounts', 'gone'],
  ignoredTables: [],
  indexesWithoutTeam: ['notes_body'],
  unlinkedIdColumns: ['notes.author_id', 'notes.ghost_id', 'notes.notebook_id'],
};

const SCRATCH_TABLES = [
  // A tenant table that keeps the rule.
  `create table notebooks (team_id varchar(36) not null, id varchar(36) not null, slug varchar(20) not null,
    primary key (team_id, id), unique (team_id, slug))`,
  'create index notebooks_team_slug on notebooks (team_id, slug)',
  // A reference table may not point at a tenant table.
  `create table accounts (id varchar(36) not null primary key, team_id varchar(36) not null, notebook_id varchar(36) not null,
    foreign key (team_id, notebook_id) references notebooks (team_id, id))`,
  // A good key, an index allowed without team_id, one that is not, and a column listed unlinked that is a key.
  `create table notes (team_id varchar(36) not null, id varchar(36) not null, notebook_id varchar(36) not null,
    author_id varchar(36) null, body text not null, primary key (team_id, id),
    foreign key (team_id, notebook_id) references notebooks (team_id, id))`,
  'create index notes_body on notes (body)',
  'create index notes_notebook on notes (notebook_id)',
  // A primary key and a unique key without team_id; a key to another team's column; an id that is no key.
  `create table pages (team_id varchar(36) not null, id varchar(36) not null primary key, other_team varchar(36) not null,
    notebook_id varchar(36) not null, slug varchar(20) not null, cover_id varchar(36) null, unique (slug),
    foreign key (other_team, notebook_id) references notebooks (team_id, id))`,
  // Neither a tenant table nor a reference table.
  'create table stray (id varchar(36) not null primary key)',
];

for (const backend of backendNames().filter((b): b is Exclude<BackendName, 'memory'> => b !== 'memory')) {
  describe(`tenant schema check on scratch tables [${backend}]`, () => {
    let knex: Knex;
    let scratch: ScratchDatabase | undefined;

    before(async () => {
      scratch = await openScratchDatabase(backend);
      knex = scratch.knex;
      for (const sql of SCRATCH_TABLES) await knex.raw(sql);
    });
    after(async () => {
      await scratch?.drop();
    });

    it('reports each table, key, index and reference that breaks the rule, and nothing else', async () => {
      expectExactly(tenantSchemaViolations(await tablesOf(knex, backend), SCRATCH_PLAN), [
        /^accounts: reference table with foreign key .+ to tenant table notebooks$/,
        /^gone: reference table that does not exist$/,
        /^notes: index notes_notebook \(notebook_id\) does not hold team_id$/,
        /^notes\.notebook_id: a foreign key, yet listed as unlinked$/,
        /^notes\.ghost_id: listed as unlinked but does not exist$/,
        /^pages: primary key .+ \(id\) does not hold team_id$/,
        /^pages: unique key .+ \(slug\) does not hold team_id$/,
        /^pages: foreign key .+ \(other_team, notebook_id\) → notebooks \(team_id, id\) does not pair team_id with team_id$/,
        /^pages\.cover_id: neither a foreign key nor listed as unlinked$/,
        /^stray: has no team_id and is not a reference table$/,
      ]);
    });
  });
}
