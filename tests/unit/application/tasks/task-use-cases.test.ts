import { expect } from 'chai';
import { MemoryStore, MemoryUnitOfWork } from '../../../../adapters/persistence/memory/shared/memory-store';
import { MemoryTaskRepository } from '../../../../adapters/persistence/memory/tasks/memory-task-repository';
import { CreateTask } from '../../../../application/tasks/create-task';
import { DeleteTask } from '../../../../application/tasks/delete-task';
import { GetTask } from '../../../../application/tasks/get-task';
import { ListTasks } from '../../../../application/tasks/list-tasks';
import { RestoreTask } from '../../../../application/tasks/restore-task';
import { UpdateTask } from '../../../../application/tasks/update-task';
import { PipelineData } from '../../../../domain/projects/pipeline';
import { PipelineRepository } from '../../../../domain/projects/pipeline-repository';
import { ProjectData } from '../../../../domain/projects/project';
import { ProjectRepository } from '../../../../domain/projects/project-repository';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { TestEventLog, testEventLog } from '../../../support/event-log';

const TEAM: TeamContext = { teamId: '0190a0b0-0000-7000-8000-00000000aaa1' };
const OTHER: TeamContext = { teamId: '0190a0b0-0000-7000-8000-00000000aaa2' };
const PROJECT = '0190a0b0-0000-7000-8000-0000000000b1';
const BARE_PROJECT = '0190a0b0-0000-7000-8000-0000000000b2';
const DEFAULT_PIPELINE = '0190a0b0-0000-7000-8000-0000000000e1';
const SECOND_PIPELINE = '0190a0b0-0000-7000-8000-0000000000e2';
const FOREIGN_PIPELINE = '0190a0b0-0000-7000-8000-0000000000e3';
const A = '0190a0b0-0000-7000-8000-0000000000a1';

const pipeline = (id: string, projectId: string, isDefault: boolean, slugs: string[]): PipelineData => ({
  id,
  teamId: TEAM.teamId,
  projectId,
  name: id,
  slug: id,
  isDefault,
  lossReasons: [],
  createdAt: '',
  updatedAt: '',
  columns: slugs.map((slug, position) => ({ slug, title: slug, position, outcome: 'open', isTerminal: false })),
});

const PIPELINES = [
  pipeline(DEFAULT_PIPELINE, PROJECT, true, ['todo', 'doing', 'done']),
  pipeline(SECOND_PIPELINE, PROJECT, false, ['inbox', 'review']),
  pipeline(FOREIGN_PIPELINE, BARE_PROJECT, false, ['x']),
];

const projects = {
  findById: async (team: TeamContext, id: string) =>
    team.teamId === TEAM.teamId && [PROJECT, BARE_PROJECT].includes(id) ? ({ id, name: 'P' } as ProjectData) : null,
} as ProjectRepository;

const pipelines = {
  findById: async (team: TeamContext, id: string) => (team.teamId === TEAM.teamId ? (PIPELINES.find((p) => p.id === id) ?? null) : null),
  findDefaultForProject: async (team: TeamContext, projectId: string) =>
    PIPELINES.find((p) => team.teamId === TEAM.teamId && p.projectId === projectId && p.isDefault) ?? null,
} as PipelineRepository;

describe('Task use cases', () => {
  let seq: number;
  let now: Date;
  let repo: MemoryTaskRepository;
  let create: CreateTask;
  let update: UpdateTask;
  let del: DeleteTask;
  let get: GetTask;
  let list: ListTasks;
  let restore: RestoreTask;
  let log: TestEventLog;

  beforeEach(() => {
    seq = 0;
    now = new Date('2026-01-10T10:00:00.000Z');
    const store = new MemoryStore();
    const uow = new MemoryUnitOfWork(store);
    const clock = { now: () => now };
    const ids = { next: () => `0190a0b0-0000-7000-8000-${String(++seq).padStart(12, '0')}` };
    repo = new MemoryTaskRepository(store);
    log = testEventLog(store);
    const { events, trigger } = log;
    create = new CreateTask(uow, repo, projects, pipelines, ids, clock, events, trigger);
    update = new UpdateTask(uow, repo, pipelines, clock, events, trigger);
    del = new DeleteTask(uow, repo, clock, events, trigger);
    get = new GetTask(repo);
    list = new ListTasks(repo, projects, pipelines);
    restore = new RestoreTask(uow, repo, clock, events, trigger);
  });

  describe('CreateTask', () => {
    it('puts a task in the default pipeline and its first column', async () => {
      const t = await create.execute(TEAM, { title: 'Brief', projectId: PROJECT });
      expect(t).to.include({ pipelineId: DEFAULT_PIPELINE, column: 'todo', priority: 'none' });
    });

    it('uses the column asked for, as column or column_slug', async () => {
      expect((await create.execute(TEAM, { title: 'a', projectId: PROJECT, column: 'doing' })).column).to.equal('doing');
      expect((await create.execute(TEAM, { title: 'b', projectId: PROJECT, columnSlug: 'done' })).column).to.equal('done');
    });

    it('uses the first column of a named pipeline of the project', async () => {
      const t = await create.execute(TEAM, { title: 'a', projectId: PROJECT, pipelineId: SECOND_PIPELINE });
      expect(t).to.include({ pipelineId: SECOND_PIPELINE, column: 'inbox' });
    });

    it('falls back to backlog when the project has no pipeline', async () => {
      const t = await create.execute(TEAM, { title: 'a', projectId: BARE_PROJECT });
      expect(t).to.include({ pipelineId: null, column: 'backlog' });
    });

    it('answers 404 for a project of another team and for a pipeline of another project', async () => {
      await expectRejection(create.execute(OTHER, { title: 'a', projectId: PROJECT }), NotFound, 'project_id');
      await expectRejection(
        create.execute(TEAM, { title: 'a', projectId: PROJECT, pipelineId: FOREIGN_PIPELINE }),
        NotFound,
        'pipeline_id',
      );
      expect((await repo.listActive(TEAM, {}, q())).total).to.equal(0);
    });
  });

  describe('UpdateTask', () => {
    it('moves to the first column of a new pipeline when no column is given', async () => {
      const t = await create.execute(TEAM, { title: 'a', projectId: PROJECT, column: 'doing' });
      const moved = await update.execute(TEAM, { id: t.id, changes: { pipelineId: SECOND_PIPELINE } });
      expect(moved).to.include({ pipelineId: SECOND_PIPELINE, column: 'inbox' });
    });

    it('moves within the pipeline with a column alone', async () => {
      const t = await create.execute(TEAM, { title: 'a', projectId: PROJECT });
      expect(await update.execute(TEAM, { id: t.id, changes: { columnSlug: 'done' } })).to.include({
        pipelineId: DEFAULT_PIPELINE,
        column: 'done',
      });
    });

    it('resets assignee_id from assignee_ids', async () => {
      const t = await create.execute(TEAM, { title: 'a', projectId: PROJECT });
      const u = await update.execute(TEAM, { id: t.id, changes: { assigneeIds: [A] } });
      expect(u.assigneeId).to.equal(A);
      expect((await get.execute(TEAM, { id: t.id })).assigneeIds).to.deep.equal([A]);
    });
  });

  describe('DeleteTask and RestoreTask', () => {
    it('hides a deleted task from reads, lists and updates, and the operator brings it back', async () => {
      const t = await create.execute(TEAM, { title: 'a', projectId: PROJECT });
      now = new Date('2026-01-11T10:00:00.000Z');
      expect(await del.execute(TEAM, { id: t.id })).to.deep.equal({ id: t.id, deletedAt: now.toISOString() });
      await expectRejection(get.execute(TEAM, { id: t.id }), NotFound);
      await expectRejection(update.execute(TEAM, { id: t.id, changes: { title: 'b' } }), NotFound);
      await expectRejection(del.execute(TEAM, { id: t.id }), NotFound);
      expect((await list.execute(TEAM, { query: q() })).total).to.equal(0);
      const restored = await restore.execute({ id: t.id });
      expect(restored.deletedAt).to.equal(null);
      expect((await get.execute(TEAM, { id: t.id })).title).to.equal('a');
    });

    it('restore answers 404 for an unknown task', async () => {
      await expectRejection(restore.execute({ id: A }), NotFound);
    });
  });

  describe('events', () => {
    it('logs task.created, task.updated, task.deleted (the task as it was) and a restore, and wakes the dispatcher after each', async () => {
      const t = await create.execute(TEAM, { title: 'Brief', projectId: PROJECT });
      await update.execute(TEAM, { id: t.id, changes: { title: 'Brief v2' } });
      await del.execute(TEAM, { id: t.id });
      await restore.execute({ id: t.id });
      await restore.execute({ id: t.id });
      const events = await log.outbox.listBySubject(TEAM, t.id);
      expect(events.map((e) => e.type)).to.deep.equal(['task.created', 'task.updated', 'task.deleted', 'task.updated']);
      expect(events[1].data.previous).to.deep.equal({ title: 'Brief' });
      expect(events[2].data.object).to.include({ title: 'Brief v2', deleted_at: null });
      expect(events[3].data.previous).to.have.keys('deleted_at');
      expect(log.trigger.kicks).to.equal(4);
    });
  });

  describe('ListTasks', () => {
    it('refuses an unlisted sort and an unknown priority, and a project of another team is 404', async () => {
      await expectRejection(
        list.execute(TEAM, { query: { ...q(), sort: { field: 'name' as never, descending: false } } }),
        ValidationFailed,
        'sort',
      );
      await expectRejection(list.execute(TEAM, { query: q(), priority: 'critical' }), ValidationFailed, 'priority');
      await expectRejection(list.execute(OTHER, { query: q(), projectId: PROJECT }), NotFound, 'project_id');
    });

    it('filters on an assignee contained in the list', async () => {
      await create.execute(TEAM, { title: 'a', projectId: PROJECT, assigneeIds: ['0190a0b0-0000-7000-8000-0000000000a9', A] });
      await create.execute(TEAM, { title: 'b', projectId: PROJECT });
      const page = await list.execute(TEAM, { query: q(), assigneeId: A });
      expect(page.items.map((t) => t.title)).to.deep.equal(['a']);
    });
  });
});

const q = () => ({ page: 1, limit: 20, sort: { field: 'created_at' as const, descending: true } });

async function expectRejection(p: Promise<unknown>, type: new (...a: never[]) => Error, field?: string): Promise<void> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(type);
    if (field) expect((e as { details?: unknown }).details).to.deep.equal({ field });
    return;
  }
  expect.fail('expected a rejection');
}
