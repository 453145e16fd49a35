// The SQL adapters keep the totals of the client, lead and task lists in count tables written with each
// row: the counts always equal a recount of the rows, and the lists read them (the memory adapter, which
// counts its rows directly, has no such tables).
import { expect } from 'chai';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';
import { UnitOfWork } from '../../../../../application/shared/unit-of-work';
import { CLIENT_TOKENS } from '../../../../../bootstrap/contexts/clients';
import { PROJECT_TOKENS } from '../../../../../bootstrap/contexts/projects';
import { TASK_TOKENS } from '../../../../../bootstrap/contexts/tasks';
import { TOKENS } from '../../../../../bootstrap/tokens';
import { DEAL_TOKENS } from '../../../../../bootstrap/contexts/deals';
import { ClientRepository } from '../../../../../domain/clients/client-repository';
import { DealRepository } from '../../../../../domain/deals/deal-repository';
import { ContactIdentityRepository } from '../../../../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../../../../domain/projects/lead-repository';
import { ListQuery } from '../../../../../domain/shared/list';
import { TaskRepository } from '../../../../../domain/tasks/task-repository';
import { backendNames, forEachBackend } from '../../../../support/backends';
import { referencedRows } from '../../../../support/referenced-rows';
import { ClientMother } from '../../../../support/mothers';
import { addToOneRow, summedOverSlots } from '../../../../support/kept-counts';
import { IdentityMother, LeadMother, uuid } from '../../../../contract/projects/mothers';
import { DealRecordMother } from '../../../../contract/deals/deal-mother';
import { TaskMother } from '../../../../contract/tasks/task-mother';

const q = (over: Partial<ListQuery<any>> = {}): ListQuery<any> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});
const AT = '2026-03-01T00:00:00.000Z';

type Row = Record<string, unknown>;
/** Rows as comparable plain values: counts as numbers, flags as booleans (SQLite answers 0/1). */
const plain = (rows: Row[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'n' ? Number(v) : k === 'is_active' ? Boolean(v) : v])));

forEachBackend(
  'Kept list counts',
  (env) => {
    const knex = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;
    const uow = () => env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    let team: { teamId: string };
    beforeEach(() => {
      team = { teamId: uuid() };
    });

    /** The kept counts of the team (rows brought to zero are kept and mean nothing) beside a recount of its rows. */
    const keptAndRecounted = async (table: string, recount: string) => {
      const kept = summedOverSlots(await knex()(table).where({ team_id: team.teamId }).select('*'));
      const counted = await knex().raw(recount, [team.teamId]);
      return { kept: plain(kept), counted: plain(Array.isArray(counted) ? counted : counted.rows) };
    };

    it('keeps client_counts equal to a recount of the clients through every kind of write', async () => {
      const clients = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
      const made = [0, 1, 2, 3].map((i) =>
        ClientMother.create({ teamId: team.teamId, type: i % 2 ? 'PJ' : 'PF', cpf: i === 0 ? '52998224725' : null }),
      );
      for (const c of made) await clients.insert(c);
      await uow().run(() => clients.update({ ...made[0], status: 'inactive', deactivatedAt: AT }));
      await uow().run(() => clients.update({ ...made[1], type: 'PF' }));
      await clients.insert(ClientMother.create({ teamId: team.teamId, cpf: '52998224725' })).catch(() => undefined);
      await uow()
        .run(async () => {
          await clients.insert(ClientMother.create({ teamId: team.teamId }));
          await clients.update({ ...made[2], status: 'inactive', deactivatedAt: AT });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      const { kept, counted } = await keptAndRecounted(
        'client_counts',
        'select team_id, status, type, count(*) as n from clients where team_id = ? group by team_id, status, type',
      );
      expect(kept).to.have.deep.members(counted);
      expect(kept).to.have.lengthOf(3);
    });

    it('keeps lead_counts equal to a recount of the leads through every kind of write', async () => {
      const leads = referencedRows(env()).leads(env().container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
      const identity = IdentityMother.create({ teamId: team.teamId });
      await env().container.get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository).insert(identity);
      const [p1, p2] = [uuid(), uuid()];
      const lead = (projectId: string, over: object = {}) =>
        LeadMother.create({ teamId: team.teamId, projectId, contactIdentityId: identity.id, ...over });
      const made = [lead(p1, { phoneKey: '5511987654321' }), lead(p1), lead(p1), lead(p2)];
      for (const l of made) await leads.insert(l);
      await uow().run(() => leads.update({ ...made[0], isActive: false }));
      await uow().run(() => leads.update({ ...made[1], projectId: p2 }));
      await leads.insert(lead(p1, { phoneKey: '5511987654321' })).catch(() => undefined);
      await uow()
        .run(async () => {
          await leads.insert(lead(p2));
          await leads.update({ ...made[2], isActive: false });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      const { kept, counted } = await keptAndRecounted(
        'lead_counts',
        `select team_id, lower(cast(project_id as varchar(64))) as project_key, is_active, count(*) as n from project_leads
       where team_id = ? group by team_id, lower(cast(project_id as varchar(64))), is_active`,
      );
      expect(kept).to.have.deep.members(counted);
      expect(kept).to.have.lengthOf(3);
    });

    it('keeps task_counts equal to a recount of the live tasks through every kind of write', async () => {
      const tasks = referencedRows(env()).tasks(env().container.get<TaskRepository>(TASK_TOKENS.TaskRepository));
      const [p1, p2, x] = [uuid(), uuid(), uuid()];
      const made = [
        TaskMother.create({ teamId: team.teamId, projectId: p1, pipelineId: x }),
        TaskMother.create({ teamId: team.teamId, projectId: p1, pipelineId: x }),
        TaskMother.create({ teamId: team.teamId, projectId: p1 }),
        TaskMother.create({ teamId: team.teamId, projectId: p2, deletedAt: AT }),
      ];
      for (const t of made) await tasks.insert(t);
      await uow().run(() => tasks.update({ ...made[0], deletedAt: AT }));
      await uow().run(() => tasks.update({ ...made[1], pipelineId: null }));
      await uow().run(() => tasks.update({ ...made[3], deletedAt: null }));
      await uow()
        .run(async () => {
          await tasks.insert(TaskMother.create({ teamId: team.teamId, projectId: p2 }));
          await tasks.update({ ...made[2], deletedAt: AT });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      const key = (c: string) => `coalesce(lower(cast(${c} as varchar(64))), '')`;
      const { kept, counted } = await keptAndRecounted(
        'task_counts',
        `select team_id, ${key('project_id')} as project_key, ${key('pipeline_id')} as pipeline_key, count(*) as n from tasks
       where team_id = ? and deleted_at is null group by team_id, ${key('project_id')}, ${key('pipeline_id')}`,
      );
      expect(kept).to.have.deep.members(counted);
      expect(kept).to.have.lengthOf(2);
    });

    it('answers the client totals it keeps from client_counts, and counts the rows for a search', async () => {
      const clients = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
      for (const type of ['PF', 'PF', 'PJ'] as const) await clients.insert(ClientMother.create({ teamId: team.teamId, type }));
      // Out of step on purpose: a total that follows it was read from the count, not from the rows.
      await addToOneRow(knex(), 'client_counts', { team_id: team.teamId, status: 'active', type: 'PF' }, 100);
      expect((await clients.list(team, { status: 'active' }, q())).total).to.equal(103);
      expect((await clients.list(team, { status: 'active', type: 'PF' }, q())).total).to.equal(102);
      expect((await clients.list(team, { status: 'active', type: 'PJ' }, q())).total).to.equal(1);
      expect(await clients.countActive(team)).to.equal(103);
      expect((await clients.list(team, { status: 'active' }, q({ search: 'client' }))).total).to.equal(3);
    });

    it('answers the lead totals it keeps from lead_counts, and counts the rows for a company or a search', async () => {
      const leads = referencedRows(env()).leads(env().container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
      const identity = IdentityMother.create({ teamId: team.teamId });
      await env().container.get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository).insert(identity);
      const [projectId, companyId] = [uuid(), uuid()];
      for (const isActive of [true, true, false]) {
        await leads.insert(LeadMother.create({ teamId: team.teamId, projectId, contactIdentityId: identity.id, isActive, companyId }));
      }
      await addToOneRow(knex(), 'lead_counts', { team_id: team.teamId, project_key: projectId, is_active: true }, 100);
      expect((await leads.list(team, projectId, {}, q())).total).to.equal(103);
      expect((await leads.list(team, projectId, { isActive: true }, q())).total).to.equal(102);
      expect((await leads.list(team, projectId, { isActive: false }, q())).total).to.equal(1);
      expect((await leads.list(team, projectId, { companyId }, q())).total).to.equal(3);
      expect((await leads.list(team, projectId, {}, q({ search: 'lead' }))).total).to.equal(3);
    });

    it('answers the task totals it keeps from task_counts, and counts the rows for any other filter', async () => {
      const tasks = referencedRows(env()).tasks(env().container.get<TaskRepository>(TASK_TOKENS.TaskRepository));
      const [projectId, pipelineId] = [uuid(), uuid()];
      for (const over of [{ pipelineId }, { pipelineId }, {}])
        await tasks.insert(TaskMother.create({ teamId: team.teamId, projectId, ...over }));
      await addToOneRow(knex(), 'task_counts', { team_id: team.teamId, project_key: projectId, pipeline_key: pipelineId }, 100);
      expect((await tasks.listActive(team, {}, q())).total).to.equal(103);
      expect((await tasks.listActive(team, { projectId }, q())).total).to.equal(103);
      expect((await tasks.listActive(team, { pipelineId }, q())).total).to.equal(102);
      expect((await tasks.listActive(team, { projectId, pipelineId }, q())).total).to.equal(102);
      expect((await tasks.listActive(team, { priority: 'none' }, q())).total).to.equal(3);
      expect((await tasks.listActive(team, { projectId, column: 'backlog' }, q())).total).to.equal(3);
      expect((await tasks.listActive(team, {}, q({ search: 'task' }))).total).to.equal(3);
    });

    it('answers the deal totals it keeps from deal_counts, on a page of rows and on a page past the last', async () => {
      const deals = env().container.get<DealRepository>(DEAL_TOKENS.DealRepository);
      for (let i = 0; i < 3; i++) await deals.insert(DealRecordMother.global({ teamId: team.teamId, title: `Negócio ${i}` }));
      await addToOneRow(knex(), 'deal_counts', { team_id: team.teamId, scope: 'global' }, 100);
      const first = await deals.list(team, { scope: 'global' }, q({ limit: 2 }));
      expect(first.total).to.equal(103);
      expect(first.items).to.have.lengthOf(2);
      expect(await deals.list(team, { scope: 'global' }, q({ page: 9 }))).to.deep.equal({ items: [], total: 103 });
      expect((await deals.list(team, { scope: 'global', phase: 'lead' }, q())).total).to.equal(3);
      expect((await deals.list(team, { scope: 'global' }, q({ search: 'negocio' }))).total).to.equal(3);
    });
  },
  backendNames().filter((b) => b !== 'memory'),
);
