import { expect } from 'chai';
import { MemoryCampaignRepository } from '../../../../adapters/persistence/memory/campaigns/memory-campaign-repository';
import { MemoryStore, MemoryUnitOfWork } from '../../../../adapters/persistence/memory/shared/memory-store';
import { CreateCampaign } from '../../../../application/campaigns/create-campaign';
import { DeleteCampaign } from '../../../../application/campaigns/delete-campaign';
import { GetCampaign } from '../../../../application/campaigns/get-campaign';
import { ListCampaigns } from '../../../../application/campaigns/list-campaigns';
import { UpdateCampaign } from '../../../../application/campaigns/update-campaign';
import { CampaignSortField, campaignSort } from '../../../../domain/campaigns/campaign-repository';
import { ProjectData } from '../../../../domain/projects/project';
import { ProjectRepository } from '../../../../domain/projects/project-repository';
import { InternalFailure, NotFound } from '../../../../domain/shared/errors';
import { ListQuery } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { TestEventLog, testEventLog } from '../../../support/event-log';

const TEAM: TeamContext = { teamId: '0190a0b0-0000-7000-8000-00000000aaa1' };
const OTHER: TeamContext = { teamId: '0190a0b0-0000-7000-8000-00000000aaa2' };
const PROJECT = '0190a0b0-0000-7000-8000-0000000000b1';
const UNKNOWN = '0190a0b0-0000-7000-8000-0000000000ff';
/** The first page, sorted as a request's `sort` would be. */
const page = (sort?: string): ListQuery<CampaignSortField> => ({ page: 1, limit: 20, sort: campaignSort(sort) });

const projects = {
  findById: async (team: TeamContext, id: string) =>
    team.teamId === TEAM.teamId && id === PROJECT ? ({ id, teamId: TEAM.teamId, name: 'Launch site' } as ProjectData) : null,
} as ProjectRepository;

describe('Campaign use cases', () => {
  let seq = 0;
  let store: MemoryStore;
  let create: CreateCampaign;
  let update: UpdateCampaign;
  let get: GetCampaign;
  let del: DeleteCampaign;
  let list: ListCampaigns;
  let log: TestEventLog;

  beforeEach(() => {
    store = new MemoryStore();
    // The memory campaign repository reads project names from the projects table, as SQL joins it.
    store.table('projects').set(PROJECT, { id: PROJECT, teamId: TEAM.teamId, name: 'Launch site' });
    const uow = new MemoryUnitOfWork(store);
    const clock = { now: () => new Date('2026-01-10T10:00:00.000Z') };
    const ids = { next: () => `0190a0b0-0000-7000-8000-${String(++seq).padStart(12, '0')}` };
    const repo = new MemoryCampaignRepository(store);
    log = testEventLog(store);
    create = new CreateCampaign(uow, repo, projects, ids, clock, log.events, log.trigger);
    update = new UpdateCampaign(uow, repo, clock, log.events, log.trigger);
    get = new GetCampaign(repo);
    del = new DeleteCampaign(repo);
    list = new ListCampaigns(repo, projects);
  });

  it('creates a campaign in a project of the team and shows the project', async () => {
    const v = await create.execute(TEAM, { name: ' Launch ', projectId: PROJECT, goals: 0 });
    expect(v.project).to.deep.equal({ id: PROJECT, name: 'Launch site' });
    expect(v.campaign).to.include({ name: 'Launch', status: 'draft' });
    expect(v.campaign.goals).to.deep.equal({});
    expect((await get.execute(TEAM, { id: v.campaign.id })).project).to.deep.equal({ id: PROJECT, name: 'Launch site' });
  });

  it('answers 404 for a project of another team or unknown', async () => {
    await expectRejection(create.execute(OTHER, { name: 'x', projectId: PROJECT }), NotFound);
    await expectRejection(create.execute(TEAM, { name: 'x', projectId: UNKNOWN }), NotFound);
  });

  it('keeps the stored campaign unchanged when an update asks for cancelled', async () => {
    const v = await create.execute(TEAM, { name: 'A', projectId: PROJECT, status: 'active' });
    await expectRejection(update.execute(TEAM, { id: v.campaign.id, changes: { status: 'cancelled', name: 'B' } }), InternalFailure);
    expect((await get.execute(TEAM, { id: v.campaign.id })).campaign).to.include({ status: 'active', name: 'A' });
    expect((await log.outbox.listBySubject(TEAM, v.campaign.id)).map((e) => e.type)).to.deep.equal(['campaign.created']);
  });

  it('logs campaign.created and campaign.updated with what changed, and wakes the dispatcher after each', async () => {
    const v = await create.execute(TEAM, { name: 'A', projectId: PROJECT });
    await update.execute(TEAM, { id: v.campaign.id, changes: { name: 'B' } });
    const events = await log.outbox.listBySubject(TEAM, v.campaign.id);
    expect(events.map((e) => e.type)).to.deep.equal(['campaign.created', 'campaign.updated']);
    expect(events[1].data.previous).to.deep.equal({ name: 'A' });
    expect(events[1].data.object).to.include({ name: 'B', project_id: PROJECT });
    expect(log.trigger.kicks).to.equal(2);
  });

  it('deletes nothing: 500 for an existing campaign, 404 for an unknown one', async () => {
    const v = await create.execute(TEAM, { name: 'A', projectId: PROJECT });
    await expectRejection(del.execute(TEAM, { id: v.campaign.id }), InternalFailure);
    expect((await get.execute(TEAM, { id: v.campaign.id })).campaign.id).to.equal(v.campaign.id);
    await expectRejection(del.execute(TEAM, { id: UNKNOWN }), NotFound);
    await expectRejection(del.execute(OTHER, { id: v.campaign.id }), NotFound);
  });

  it('ignores status=archived and falls back to created_at for an unlisted sort', async () => {
    await create.execute(TEAM, { name: 'A', projectId: PROJECT });
    await create.execute(TEAM, { name: 'B', projectId: PROJECT, status: 'paused' });
    expect((await list.execute(TEAM, { status: 'archived', query: page() })).total).to.equal(2);
    expect((await list.execute(TEAM, { status: 'paused', query: page() })).items.map((v) => v.campaign.name)).to.deep.equal(['B']);
    const asc = await list.execute(TEAM, { query: page('budget') });
    expect(asc.items.map((v) => v.campaign.name)).to.deep.equal(['A', 'B']);
    const desc = await list.execute(TEAM, { query: page('-budget') });
    expect(desc.items.map((v) => v.campaign.name)).to.deep.equal(['B', 'A']);
  });
});

async function expectRejection(p: Promise<unknown>, type: new (...a: never[]) => Error): Promise<void> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(type);
    return;
  }
  expect.fail('expected a rejection');
}
