import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ListQuery } from '../../../domain/shared/list';
import { TaskData } from '../../../domain/tasks/task';
import { TaskFilter, TaskRepository, TaskSortField } from '../../../domain/tasks/task-repository';
import { TASK_TOKENS } from '../../../bootstrap/contexts/tasks';
import { TOKENS } from '../../../bootstrap/tokens';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { TaskMother } from './task-mother';

const q = (over: Partial<ListQuery<TaskSortField>> = {}): ListQuery<TaskSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});
let teamSeq = 700000;

forEachBackend('TaskRepository contract', (env) => {
  let repo: TaskRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = referencedRows(env()).tasks(env().container.get<TaskRepository>(TASK_TOKENS.TaskRepository));
    team = { teamId: TaskMother.id(++teamSeq) };
  });

  const A = TaskMother.id(1);
  const B = TaskMother.id(2);
  const C = TaskMother.id(3);

  it('round-trips every field identically', async () => {
    const t = TaskMother.create({
      teamId: team.teamId,
      pipelineId: TaskMother.id(50),
      column: 'doing',
      description: 'D',
      priority: 'high',
      assigneeIds: [B, A],
      reporterId: C,
      dueDate: '2026-02-01',
      estimatedHours: 2.5,
      actualHours: 3,
      position: 1.5,
      tags: ['a'],
      checklistMarkdown: '- [ ] x',
      completedAt: '2026-02-02T03:04:05.678Z',
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

  it("never returns another team's task, and knows the team of a task", async () => {
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
    await repo.insert(
      TaskMother.create({ teamId: team.teamId, title: 'one', projectId: project, assigneeIds: [A, B], priority: 'urgent' }),
    );
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
      await repo.insert(
        TaskMother.create({
          teamId: team.teamId,
          title: priority,
          priority,
          dueDate: priority === 'none' ? null : '2026-01-0' + priority.length,
        }),
      );
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

  const [P1, P2, X, Y] = [TaskMother.id(70), TaskMother.id(71), TaskMother.id(72), TaskMother.id(73)];
  const DELETED = '2026-03-01T00:00:00.000Z';

  /** Every list total, against the tasks as they now are (a deleted one is in none). */
  const expectTotals = async (made: TaskData[]) => {
    const live = (await Promise.all(made.map((t) => repo.findById(team, t.id)))).filter(
      (t): t is TaskData => t !== null && t.deletedAt === null,
    );
    const filters: TaskFilter[] = [
      {},
      { projectId: P1 },
      { projectId: P2 },
      { pipelineId: X },
      { pipelineId: Y },
      { projectId: P1, pipelineId: X },
      { projectId: P2, pipelineId: Y },
      { priority: 'high' },
      { column: 'doing' },
      { projectId: P1, priority: 'high' },
      { assigneeId: A },
    ];
    for (const f of filters) {
      const expected = live.filter(
        (t) =>
          (f.projectId === undefined || t.projectId === f.projectId) &&
          (f.pipelineId === undefined || t.pipelineId === f.pipelineId) &&
          (f.priority === undefined || t.priority === f.priority) &&
          (f.column === undefined || t.column === f.column) &&
          (f.assigneeId === undefined || t.assigneeIds.includes(f.assigneeId)),
      ).length;
      const page = await repo.listActive(team, f, q({ limit: 2 }));
      expect(page.total, JSON.stringify(f)).to.equal(expected);
      expect(page.items.length).to.equal(Math.min(2, expected));
    }
  };

  it('keeps every list total exact through inserts, moves between pipelines and projects, soft delete, restore and a rolled-back unit', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const made = [
      TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: X, priority: 'high', assigneeIds: [A] }),
      TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: X, column: 'doing' }),
      TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: null }),
      TaskMother.create({ teamId: team.teamId, projectId: P2, pipelineId: Y, priority: 'high' }),
      TaskMother.create({ teamId: team.teamId, projectId: P2, pipelineId: Y, deletedAt: DELETED }),
      TaskMother.create({ teamId: team.teamId, projectId: P2, pipelineId: null }),
    ];
    for (const t of made) await repo.insert(t);
    await expectTotals(made);
    await uow.run(() => repo.update({ ...made[0], deletedAt: DELETED }));
    await uow.run(() => repo.update({ ...made[0], deletedAt: DELETED, title: 'still deleted' }));
    await uow.run(() => repo.update({ ...made[4], deletedAt: null }));
    await uow.run(() => repo.update({ ...made[1], pipelineId: null, column: 'backlog' }));
    await uow.run(() => repo.update({ ...made[2], pipelineId: Y }));
    await uow.run(() => repo.update({ ...made[5], projectId: P1, pipelineId: X, priority: 'high' }));
    await uow.run(() => repo.update({ ...made[3], title: 'same place', column: 'doing' }));
    await expectTotals(made);

    const failed = await uow
      .run(async () => {
        await repo.insert(TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: X }));
        await repo.update({ ...made[3], deletedAt: DELETED });
        await repo.update({ ...made[4], projectId: P1, pipelineId: X });
        throw new Error('rollback');
      })
      .catch((e) => e);
    expect(failed).to.have.property('message', 'rollback');
    await expectTotals(made);
  });

  it('keeps the totals exact when units delete one task, move others in opposite directions and add more at the same time', async function () {
    this.timeout(30000);
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const target = TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: X });
    const [onX, onY] = [
      TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: X }),
      TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: Y }),
    ];
    for (const t of [target, onX, onY]) await repo.insert(t);
    const added = [0, 1, 2, 3, 4, 5].map((i) => TaskMother.create({ teamId: team.teamId, projectId: P1, pipelineId: i % 2 ? X : Y }));
    await Promise.all([
      ...added.map(() => uow.run(() => repo.update({ ...target, deletedAt: DELETED }))),
      ...added.map((t) => uow.run(() => repo.insert(t))),
      // Two tasks crossing between the same two pipelines: each unit changes both pipelines' totals.
      ...[0, 1, 2].map((i) => uow.run(() => repo.update({ ...onX, pipelineId: i % 2 ? X : Y }))),
      ...[0, 1, 2].map((i) => uow.run(() => repo.update({ ...onY, pipelineId: i % 2 ? Y : X }))),
    ]);
    await expectTotals([target, onX, onY, ...added]);
    expect((await repo.listActive(team, { projectId: P1 }, q())).total).to.equal(8);
  });
});
