import { expect } from 'chai';
import { MemoryActivityRepository } from '../../../../adapters/persistence/memory/activities/memory-activity-repository';
import { MemoryStore, MemoryUnitOfWork } from '../../../../adapters/persistence/memory/shared/memory-store';
import { CompleteActivity } from '../../../../application/activities/complete-activity';
import { CreateActivity } from '../../../../application/activities/create-activity';
import { DealWorkflowActions } from '../../../../application/activities/deal-workflow-actions';
import { GetActivity } from '../../../../application/activities/get-activity';
import { ListActivities } from '../../../../application/activities/list-activities';
import { UpdateActivity } from '../../../../application/activities/update-activity';
import { CreateTask } from '../../../../application/tasks/create-task';
import { ClientRepository } from '../../../../domain/clients/client-repository';
import { ActivitySortField } from '../../../../domain/activities/activity-repository';
import { DealRepository, DealView } from '../../../../domain/deals/deal-repository';
import { ProjectData } from '../../../../domain/projects/project';
import { ProjectRepository } from '../../../../domain/projects/project-repository';
import { NotFound } from '../../../../domain/shared/errors';
import { ListQuery } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { TaskData } from '../../../../domain/tasks/task';
import { TestEventLog, testEventLog } from '../../../support/event-log';

const TEAM: TeamContext = { teamId: '0190a0b0-0000-7000-8000-00000000aaa1' };
const OTHER: TeamContext = { teamId: '0190a0b0-0000-7000-8000-00000000aaa2' };
const CLIENT = '0190a0b0-0000-7000-8000-0000000000c1';
const DEAL = '0190a0b0-0000-7000-8000-0000000000d1';
const INTERNAL = '0190a0b0-0000-7000-8000-0000000000b9';
const QUERY: ListQuery<ActivitySortField> = { page: 1, limit: 20, sort: { field: 'created_at', descending: true } };

const clients = {
  findById: async (team: TeamContext, id: string) => (team.teamId === TEAM.teamId && id === CLIENT ? { id } : null),
} as unknown as ClientRepository;
const deals = {
  findById: async (team: TeamContext, id: string) => (team.teamId === TEAM.teamId && id === DEAL ? ({ deal: { id } } as DealView) : null),
} as unknown as DealRepository;

describe('Activity use cases', () => {
  let seq = 0;
  let now: Date;
  let create: CreateActivity;
  let update: UpdateActivity;
  let complete: CompleteActivity;
  let get: GetActivity;
  let list: ListActivities;
  let log: TestEventLog;

  beforeEach(() => {
    now = new Date('2026-01-10T10:00:00.000Z');
    const store = new MemoryStore();
    const uow = new MemoryUnitOfWork(store);
    const clock = { now: () => now };
    const ids = { next: () => `0190a0b0-0000-7000-8000-${String(++seq).padStart(12, '0')}` };
    const repo = new MemoryActivityRepository(store);
    log = testEventLog(store);
    const { events, trigger } = log;
    create = new CreateActivity(uow, repo, clients, deals, ids, clock, events, trigger);
    update = new UpdateActivity(uow, repo, clients, deals, clock, events, trigger);
    complete = new CompleteActivity(uow, repo, clock, events, trigger);
    get = new GetActivity(repo);
    list = new ListActivities(repo, clients, deals);
  });

  it('logs activity.created, activity.updated and a completion that changes it, and wakes the dispatcher after each', async () => {
    const a = await create.execute(TEAM, { title: 'Call' });
    await update.execute(TEAM, { id: a.id, changes: { title: 'Call again' } });
    await complete.execute(TEAM, { id: a.id });
    await complete.execute(TEAM, { id: a.id });
    const events = await log.outbox.listBySubject(TEAM, a.id);
    expect(events.map((e) => e.type)).to.deep.equal(['activity.created', 'activity.updated', 'activity.updated']);
    expect(events.map((e) => e.data.previous)).to.deep.equal([undefined, { title: 'Call' }, { is_completed: false }]);
    expect(log.trigger.kicks).to.equal(3);
  });

  it("links an activity to the team's client and deal", async () => {
    const a = await create.execute(TEAM, { title: 'Call', clientId: CLIENT, dealId: DEAL });
    expect(a).to.include({ clientId: CLIENT, dealId: DEAL });
  });

  it("answers 404 naming the field for a client or deal that is not the team's", async () => {
    await expectRejection(create.execute(OTHER, { title: 'Call', clientId: CLIENT }), 'client_id');
    await expectRejection(create.execute(OTHER, { title: 'Call', dealId: DEAL }), 'deal_id');
    const a = await create.execute(TEAM, { title: 'Call' });
    await expectRejection(update.execute(TEAM, { id: a.id, changes: { dealId: INTERNAL } }), 'deal_id');
    await expectRejection(list.execute(TEAM, { clientId: INTERNAL, query: QUERY }), 'client_id');
  });

  it('completes on delete, stores it, and completed_at equals updated_at', async () => {
    const a = await create.execute(TEAM, { title: 'Call' });
    now = new Date('2026-01-12T08:00:00.000Z');
    const done = await complete.execute(TEAM, { id: a.id });
    const stored = await get.execute(TEAM, { id: a.id });
    expect(done).to.deep.equal({ id: a.id, isCompleted: true, completedAt: stored.updatedAt });
    expect(stored.updatedAt).to.equal(now.toISOString());
    expect(stored.isCompleted).to.equal(true);
  });

  it('lists with the relaxed filters: unlisted type and completed values filter nothing', async () => {
    await create.execute(TEAM, { title: 'A', type: 'call' });
    await create.execute(TEAM, { title: 'B', type: 'email', isCompleted: true });
    expect((await list.execute(TEAM, { type: 'visit', completed: 'maybe', query: QUERY })).total).to.equal(2);
    expect((await list.execute(TEAM, { type: 'call', query: QUERY })).items.map((x) => x.title)).to.deep.equal(['A']);
    expect((await list.execute(TEAM, { completed: 'true', query: QUERY })).items.map((x) => x.title)).to.deep.equal(['B']);
  });

  describe('DealWorkflowActions', () => {
    const tasks: { team: TeamContext; input: unknown }[] = [];
    const createTask = {
      execute: async (team: TeamContext, input: unknown) => {
        tasks.push({ team, input });
        return { id: 'task-1' } as TaskData;
      },
    } as unknown as CreateTask;
    const projects = {
      findInternal: async () => ({ id: INTERNAL }) as ProjectData,
    } as unknown as ProjectRepository;

    it('creates the workflow activity through CreateActivity, linked to the deal and its client', async () => {
      const actions = new DealWorkflowActions(create, createTask, projects);
      const { id } = await actions.createActivity(TEAM, { title: ' Follow up ', type: 'follow_up', dealId: DEAL, clientId: CLIENT });
      expect(await get.execute(TEAM, { id })).to.include({
        title: 'Follow up',
        type: 'follow_up',
        dealId: DEAL,
        clientId: CLIENT,
        description: null,
      });
    });

    it("puts the task of a global deal in the team's internal project", async () => {
      const actions = new DealWorkflowActions(create, createTask, projects);
      await actions.createTask(TEAM, { title: 'Send proposal', projectId: null, dealId: DEAL });
      expect(tasks[0].input).to.deep.include({ title: 'Send proposal', projectId: INTERNAL });
    });
  });
});

async function expectRejection(p: Promise<unknown>, field: string): Promise<void> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(NotFound);
    expect((e as NotFound).details).to.deep.equal({ field });
    return;
  }
  expect.fail('expected a rejection');
}
