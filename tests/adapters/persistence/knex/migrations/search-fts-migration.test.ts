import { expect } from 'chai';
import * as searchFts from '../../../../../adapters/persistence/knex/migrations/20261125000100_search_fts';
import { KnexClientRepository } from '../../../../../adapters/persistence/knex/clients/knex-client-repository';
import { KnexDealRepository } from '../../../../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexContactIdentityRepository } from '../../../../../adapters/persistence/knex/projects/knex-contact-identity-repository';
import { KnexLeadRepository } from '../../../../../adapters/persistence/knex/projects/knex-lead-repository';
import { KnexProjectRepository } from '../../../../../adapters/persistence/knex/projects/knex-project-repository';
import { KnexStageRepository } from '../../../../../adapters/persistence/knex/projects/knex-stage-repository';
import { KnexTaskRepository } from '../../../../../adapters/persistence/knex/tasks/knex-task-repository';
import { KnexContactRepository } from '../../../../../adapters/persistence/knex/whatsapp/knex-contact-repository';
import { ListQuery } from '../../../../../domain/shared/list';
import { PhoneNumber } from '../../../../../domain/shared/phone-number';
import { Contact } from '../../../../../domain/whatsapp/contact';
import { forEachMigrationBackend } from '../../../../support/migration-harness';
import { ClientMother } from '../../../../support/mothers';
import { DealRecordMother } from '../../../../contract/deals/deal-mother';
import { IdentityMother, LeadMother, ProjectMother, StageMother } from '../../../../contract/projects/mothers';
import { TaskMother } from '../../../../contract/tasks/task-mother';

const TEAM = { teamId: '0190d200-0000-7000-8000-000000000001' };
const PROJECT = '0190d200-0000-7000-8000-000000000002';
const TABLES = ['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts'];
const q = (search: string): ListQuery<any> => ({ page: 1, limit: 20, sort: { field: 'created_at', descending: true }, search });

forEachMigrationBackend('20261125000100_search_fts', (world) => {
  it('indexes the rows written before it on SQLite, so a search still finds them; down drops the index', async () => {
    const { knex, backend } = world();
    // The repositories write what later migrations added (kept counts), so the rows are written on the
    // latest schema with this migration's index taken away, as it was before it ran.
    await world().migrateToLatest();
    await searchFts.down(knex);
    const database = world().database();
    const deals = new KnexDealRepository(database);
    const clients = new KnexClientRepository(database);
    const leads = new KnexLeadRepository(database);
    const tasks = new KnexTaskRepository(database);
    const contacts = new KnexContactRepository(database);
    // The projects the lead and the task belong to (the team foreign keys).
    const stage = StageMother.create({ teamId: TEAM.teamId });
    await new KnexStageRepository(database).insert(stage);
    for (const id of [PROJECT, TaskMother.create().projectId]) {
      await new KnexProjectRepository(database).insert(ProjectMother.create({ teamId: TEAM.teamId, id, stageId: stage.id }));
    }
    const identity = IdentityMother.create({ teamId: TEAM.teamId });
    await new KnexContactIdentityRepository(database).insert(identity);
    await deals.insert(DealRecordMother.global({ teamId: TEAM.teamId, title: 'João da Conceição' }));
    await clients.insert(ClientMother.create({ teamId: TEAM.teamId, name: 'ÁGUA DE COCO', cpf: '52998224725' }));
    await leads.insert(
      LeadMother.create({
        teamId: TEAM.teamId,
        projectId: PROJECT,
        contactIdentityId: identity.id,
        fullName: 'Ânderson',
        phone: '+5511987654321',
      }),
    );
    await tasks.insert(TaskMother.create({ teamId: TEAM.teamId, title: 'Ligar "NOT" OR NEAR' }));
    await contacts.insert(
      Contact.create(
        '0190d200-0000-7000-8000-000000000003',
        TEAM.teamId,
        PhoneNumber.parse('5511912345678'),
        { customName: 'Zé 100%_\\' },
        new Date(),
      ).snapshot(),
    );

    await searchFts.up(knex);

    const found = async () => ({
      deals: (await deals.list(TEAM, { scope: 'global' }, q('CONCEIÇÃO'))).items.map((v) => v.deal.title),
      clients: (await clients.list(TEAM, { status: 'active' }, q('agua de'))).items.map((c) => c.name),
      clientsByCpf: (await clients.list(TEAM, { status: 'active' }, q('529.982.247-25'))).items.map((c) => c.name),
      leads: (await leads.list(TEAM, PROJECT, {}, q('ANDERSON'))).items.map((l) => l.fullName),
      leadsByPhone: (await leads.list(TEAM, PROJECT, {}, q('(11) 98765'))).items.map((l) => l.fullName),
      tasks: (await tasks.listActive(TEAM, {}, q('"not" or'))).items.map((t) => t.title),
      contacts: (await contacts.list(TEAM, {}, q('ze 100%_\\'))).items.map((c) => c.customName),
    });
    const expected = {
      deals: ['João da Conceição'],
      clients: ['ÁGUA DE COCO'],
      clientsByCpf: ['ÁGUA DE COCO'],
      leads: ['Ânderson'],
      leadsByPhone: ['Ânderson'],
      tasks: ['Ligar "NOT" OR NEAR'],
      contacts: ['Zé 100%_\\'],
    };
    expect(await found()).to.deep.equal(expected);
    if (backend === 'postgres') return;

    // The index itself holds every row, not only the scan that finds them.
    for (const table of TABLES) {
      const [{ n }] = await knex.raw(
        `select count(*) as n from ${table}_search_fts where ${table}_search_fts match '"' || substr((select search_text from ${table} limit 1), 1, 3) || '"'`,
      );
      expect(n, table).to.equal(1);
      await knex.raw(`insert into ${table}_search_fts(${table}_search_fts, rank) values ('integrity-check', 1)`);
    }

    const objects = () => knex('sqlite_master').where('name', 'like', '%search_fts%').pluck('name');
    await searchFts.down(knex);
    expect(await objects()).to.deep.equal([]);
    await deals.insert(DealRecordMother.global({ teamId: TEAM.teamId, title: 'Conceição Dois' }));
    await searchFts.up(knex);
    expect(await objects()).to.not.be.empty;
    expect((await deals.list(TEAM, { scope: 'global' }, q('conceicao'))).total).to.equal(2);
    await knex.raw(`insert into deals_search_fts(deals_search_fts, rank) values ('integrity-check', 1)`);
  });
});
