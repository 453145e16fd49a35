import { expect } from 'chai';
import { ListQuery } from '../../../domain/shared/list';
import { TaskRepository, TaskSortField } from '../../../domain/tasks/task-repository';
import { TASK_TOKENS } from '../../../bootstrap/contexts/tasks';
import { forEachBackend } from '../../support/backends';
import { TaskMother } from './task-mother';

const q = (over: Partial<ListQuery<TaskSortField>> = {}): ListQuery<TaskSortField> =>
  ({ page: 1, limit: 20, sort: { field: 'created_at', descending: true }, ...over });
let teamSeq = 700000;

forEachBackend('TaskRepository contract', (env) => {
  let repo: TaskRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = env().container.get(TASK_TOKENS.TaskRepository);
    team = { teamId: TaskMother.id(++teamSeq) };
  });

  const A = TaskMother.id(1);
  const B = TaskMother.id(2);
  const C = TaskMother.id(3);

  it('round-trips every field identically', async () => {
    const t = TaskMother.create({
      teamId: team.teamId, pipelineId: TaskMother.id(50), column: 'doing', description: 'D', priority: 'high',
      assigneeIds: [B, A], reporterId: C, dueDate: '2026-02-01', estimatedHours: 2.5, actualHours: 3, position: 1.5,
      tags: ['a'], checklistMarkdown: '- [ ] x', completedAt: '2026-02-02T03:04:05.678Z',
    });
    await repo.insert(t);
    expect(await repo.findById(team, t.id)).to.deep.equal(t);
    expect(t.assigneeId).to.equal(B);
  });

  it('keeps a long column slug whole: the API does not cap a column name', async () => {
    const t = TaskMother.create({ teamId: team.teamId, column: 'c'.repeat(300) });
    await repo.insert(t);
    expect((await repo.findById(team, t.id))?.column).to.equal('c'.repeat(300));
  });

  it('never returns another team\'s task, and knows the team of a task', async () => {
    const t = TaskMother.create({ teamId: team.teamId });
    await repo.insert(t);
    const other = { teamId: TaskMother.id(999999) };
    expect(await repo.findById(other, t.id)).to.equal(null);
    expect((await repo.listActive(other, {}, q())).total).to.equal(0);
    expect(await repo.findTeamOf(t.id)).to.deep.equal(team);
    expect(await repo.findTeamOf(TaskMother.id(888888))).to.equal(null);
  });

  it('lists only active tasks but still finds a deleted one by id', async () => {
    const live = TaskMother.create({ teamId: team.teamId, title: 'live' });
    const gone = TaskMother.create({ teamId: team.teamId, title: 'gone', deletedAt: '2026-02-01T00:00:00.000Z' });
    await repo.insert(live);
    await repo.insert(gone);
    const page = await repo.listActive(team, {}, q());
    expect(page.items.map((t) => t.title)).to.deep.equal(['live']);
    expect(page.total).to.equal(1);
    expect((await repo.findById(team, gone.id))?.deletedAt).to.equal('2026-02-01T00:00:00.000Z');
  });

  it('filters by project, pipeline, an assignee in the list, priority and column, and searches', async () => {
    const project = TaskMother.id(60);
    const pipeline = TaskMother.id(61);
    await repo.insert(TaskMother.create({ teamId: team.teamId, title: 'one', projectId: project, assigneeIds: [A, B], priority: 'urgent' }));
    await repo.insert(TaskMother.create({ teamId: team.teamId, title: 'two', pipelineId: pipeline, column: 'doing', assigneeIds: [B] }));
    await repo.insert(TaskMother.create({ teamId: team.teamId, title: 'three', description: 'about ONE thing' }));
    const titles = async (filter: object, over: Partial<ListQuery<TaskSortField>> = {}) =>
      (await repo.listActive(team, filter, q({ sort: { field: 'title', descending: false }, ...over }))).items.map((t) => t.title);
    expect(await titles({ projectId: project })).to.deep.equal(['one']);
    expect(await titles({ pipelineId: pipeline })).to.deep.equal(['two']);
    expect(await titles({ assigneeId: A })).to.deep.equal(['one']);
    expect(await titles({ assigneeId: B })).to.deep.equal(['one', 'two']);
    expect(await titles({ assigneeId: C })).to.deep.equal([]);
    expect(await titles({ priority: 'urgent' })).to.deep.equal(['one']);
    expect(await titles({ column: 'doing' })).to.deep.equal(['two']);
    expect(await titles({}, { search: 'one' })).to.deep.equal(['one', 'three']);
  });

  it('searches folded text, and finds an updated task by its new text, never by its old', async () => {
    const t = TaskMother.create({ teamId: team.teamId, title: 'Revisão ORÇAMENTO', description: null });
    await repo.insert(t);
    const titles = async (search: string) => (await repo.listActive(team, {}, q({ search }))).items.map((x) => x.title);
    expect(await titles('revisao orcamento')).to.deep.equal(['Revisão ORÇAMENTO']);
    await repo.update({ ...t, title: 'Entrega final', description: 'Três peças' });
    expect(await titles('orcamento')).to.deep.equal([]);
    expect(await titles('TRES')).to.deep.equal(['Entrega final']);
  });

  it('sorts priority by rank and puts null due dates last', async () => {
    for (const priority of ['medium', 'urgent', 'none', 'low', 'high'] as const) {
      await repo.insert(TaskMother.create({ teamId: team.teamId, title: priority, priority, dueDate: priority === 'none' ? null : '2026-01-0' + priority.length }));
    }
    const asc = await repo.listActive(team, {}, q({ sort: { field: 'priority', descending: false } }));
    const desc = await repo.listActive(team, {}, q({ sort: { field: 'priority', descending: true } }));
    expect(asc.items.map((t) => t.title)).to.deep.equal(['none', 'low', 'medium', 'high', 'urgent']);
    expect(desc.items.map((t) => t.title)).to.deep.equal(['urgent', 'high', 'medium', 'low', 'none']);
    const due = await repo.listActive(team, {}, q({ sort: { field: 'due_date', descending: true } }));
    expect(due.items[due.items.length - 1].title).to.equal('none');
  });

  it('updates a task and its assignees, which the assignee filter follows', async () => {
    const t = TaskMother.create({ teamId: team.teamId, assigneeIds: [A] });
    await repo.insert(t);
    const changed = { ...t, assigneeIds: [C], assigneeId: C, title: 'moved', updatedAt: '2026-03-01T00:00:00.000Z' };
    await repo.update(changed);
    expect(await repo.findById(team, t.id)).to.deep.equal(changed);
    expect((await repo.listActive(team, { assigneeId: A }, q())).total).to.equal(0);
    expect((await repo.listActive(team, { assigneeId: C }, q())).total).to.equal(1);
  });
});
