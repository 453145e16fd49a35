import { expect } from 'chai';
import { ActivityRepository, ActivitySortField } from '../../../domain/activities/activity-repository';
import { ListQuery } from '../../../domain/shared/list';
import { ACTIVITY_TOKENS } from '../../../bootstrap/contexts/activities';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { ActivityMother } from './activity-mother';

const q = (over: Partial<ListQuery<ActivitySortField>> = {}): ListQuery<ActivitySortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});
let teamSeq = 500000;

forEachBackend('ActivityRepository contract', (env) => {
  let repo: ActivityRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = referencedRows(env()).activities(env().container.get<ActivityRepository>(ACTIVITY_TOKENS.ActivityRepository));
    team = { teamId: ActivityMother.id(++teamSeq) };
  });

  it('round-trips every field identically', async () => {
    const a = ActivityMother.create({
      teamId: team.teamId,
      type: 'meeting',
      description: 'Agenda',
      occurredAt: '2026-02-03T04:05:06.789Z',
      durationMinutes: 45.5,
      isCompleted: true,
      dueDate: '2026-02-10',
      priority: 'high',
      tags: ['x', 'y'],
      clientId: ActivityMother.id(1),
      dealId: ActivityMother.id(2),
      contractId: ActivityMother.id(3),
      assignedTo: ActivityMother.id(4),
      createdBy: ActivityMother.id(5),
    });
    await repo.insert(a);
    expect(await repo.findById(team, a.id)).to.deep.equal(a);
    const bare = ActivityMother.create({ teamId: team.teamId });
    await repo.insert(bare);
    expect(await repo.findById(team, bare.id)).to.deep.equal(bare);
  });

  it("never returns another team's activity", async () => {
    const a = ActivityMother.create({ teamId: team.teamId });
    await repo.insert(a);
    const other = { teamId: ActivityMother.id(999999) };
    expect(await repo.findById(other, a.id)).to.equal(null);
    expect((await repo.list(other, {}, q())).total).to.equal(0);
  });

  it('filters by type, client, deal and completion, and searches title and description', async () => {
    const client = ActivityMother.id(11);
    const deal = ActivityMother.id(12);
    await repo.insert(ActivityMother.create({ teamId: team.teamId, title: 'Call Ana', type: 'call', clientId: client }));
    await repo.insert(ActivityMother.create({ teamId: team.teamId, title: 'Mail', type: 'email', dealId: deal, isCompleted: true }));
    await repo.insert(ActivityMother.create({ teamId: team.teamId, title: 'Note', type: 'note', description: 'about ANA' }));
    const titles = async (filter: object, over: Partial<ListQuery<ActivitySortField>> = {}) =>
      (await repo.list(team, filter, q({ sort: { field: 'title', descending: false }, ...over }))).items.map((a) => a.title);
    expect(await titles({ type: 'call' })).to.deep.equal(['Call Ana']);
    expect(await titles({ clientId: client })).to.deep.equal(['Call Ana']);
    expect(await titles({ dealId: deal })).to.deep.equal(['Mail']);
    expect(await titles({ completed: true })).to.deep.equal(['Mail']);
    expect(await titles({ completed: false })).to.deep.equal(['Call Ana', 'Note']);
    expect(await titles({}, { search: 'ana' })).to.deep.equal(['Call Ana', 'Note']);
  });

  it('searches folded text, and finds an updated activity by its new text, never by its old', async () => {
    const a = ActivityMother.create({ teamId: team.teamId, title: 'Ligação para JOSÉ', description: null });
    await repo.insert(a);
    const titles = async (search: string) => (await repo.list(team, {}, q({ search }))).items.map((x) => x.title);
    expect(await titles('ligacao para jose')).to.deep.equal(['Ligação para JOSÉ']);
    await repo.update({ ...a, title: 'Reunião', description: 'Pauta: Ação' });
    expect(await titles('jose')).to.deep.equal([]);
    expect(await titles('acao')).to.deep.equal(['Reunião']);
  });

  it('sorts priority by rank with nulls last in both directions', async () => {
    for (const priority of ['medium', null, 'high', 'low'] as const) {
      await repo.insert(ActivityMother.create({ teamId: team.teamId, title: String(priority), priority }));
    }
    const asc = await repo.list(team, {}, q({ sort: { field: 'priority', descending: false } }));
    const desc = await repo.list(team, {}, q({ sort: { field: 'priority', descending: true } }));
    expect(asc.items.map((a) => a.title)).to.deep.equal(['low', 'medium', 'high', 'null']);
    expect(desc.items.map((a) => a.title)).to.deep.equal(['high', 'medium', 'low', 'null']);
  });

  it('paginates with an exact total, newest first by default', async () => {
    for (let i = 0; i < 3; i++) await repo.insert(ActivityMother.create({ teamId: team.teamId, title: `n${i}` }));
    const first = await repo.list(team, {}, q({ limit: 2 }));
    const second = await repo.list(team, {}, q({ limit: 2, page: 2 }));
    expect(first.total).to.equal(3);
    expect(first.items.map((a) => a.title)).to.deep.equal(['n2', 'n1']);
    expect(second.items.map((a) => a.title)).to.deep.equal(['n0']);
  });

  it('updates an activity', async () => {
    const a = ActivityMother.create({ teamId: team.teamId });
    await repo.insert(a);
    const changed = { ...a, isCompleted: true, title: 'Done', updatedAt: '2026-03-01T00:00:00.000Z' };
    await repo.update(changed);
    expect(await repo.findById(team, a.id)).to.deep.equal(changed);
  });
});
