import { expect } from 'chai';
import { CampaignRepository, CampaignSortField } from '../../../domain/campaigns/campaign-repository';
import { ProjectData } from '../../../domain/projects/project';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { ListQuery } from '../../../domain/shared/list';
import { CAMPAIGN_TOKENS } from '../../../bootstrap/contexts/campaigns';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { CampaignMother } from './campaign-mother';

const q = (over: Partial<ListQuery<CampaignSortField>> = {}): ListQuery<CampaignSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});
let teamSeq = 600000;

const project = (teamId: string, id: string, name: string): ProjectData => ({
  id,
  teamId,
  name,
  slug: `p-${id.slice(-6)}`,
  description: null,
  stageId: CampaignMother.id(777777),
  priority: 'medium',
  color: null,
  briefing: null,
  squadId: null,
  clientId: null,
  startDate: null,
  dueDate: null,
  completedAt: null,
  createdBy: null,
  isInternal: false,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

forEachBackend('CampaignRepository contract', (env, backend) => {
  let repo: CampaignRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = referencedRows(env()).campaigns(env().container.get<CampaignRepository>(CAMPAIGN_TOKENS.CampaignRepository));
    team = { teamId: CampaignMother.id(++teamSeq) };
  });

  it('round-trips every field identically, goals of any JSON shape included', async () => {
    const goalsCases = [{ leads: 10, nested: { a: [1, 'b'] } }, ['reach'], 42, 'grow', true, null];
    for (const goals of goalsCases) {
      const c = CampaignMother.create({
        teamId: team.teamId,
        description: 'D',
        status: 'active',
        startDate: '2026-02-01',
        endDate: '2026-03-01',
        contentPillars: ['edu', { k: 1 }],
        targetPlatforms: ['instagram'],
        goals,
        createdBy: CampaignMother.id(5),
      });
      await repo.insert(c);
      expect((await repo.findById(team, c.id))?.campaign, JSON.stringify(goals)).to.deep.equal(c);
    }
  });

  it("never returns another team's campaign", async () => {
    const c = CampaignMother.create({ teamId: team.teamId });
    await repo.insert(c);
    const other = { teamId: CampaignMother.id(999999) };
    expect(await repo.findById(other, c.id)).to.equal(null);
    expect((await repo.list(other, {}, q())).total).to.equal(0);
  });

  it("carries its project's id and name, or null when the project is not there (memory: SQL refuses such a campaign)", async () => {
    const projects = referencedRows(env()).projects(env().container.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository));
    const p = project(team.teamId, CampaignMother.id(teamSeq * 10), 'Site launch');
    await projects.insert(p);
    const linked = CampaignMother.create({ teamId: team.teamId, projectId: p.id });
    const orphan = CampaignMother.create({ teamId: team.teamId, projectId: CampaignMother.id(123) });
    await repo.insert(linked);
    const unwrapped = env().container.get<CampaignRepository>(CAMPAIGN_TOKENS.CampaignRepository);
    if (backend !== 'memory') {
      // The team foreign keys: a campaign's project must exist in its team.
      expect(
        await unwrapped.insert(orphan).then(
          () => null,
          (e: Error) => e,
        ),
      ).to.be.instanceOf(Error);
      expect((await repo.findById(team, linked.id))?.project).to.deep.equal({ id: p.id, name: 'Site launch' });
      return;
    }
    await unwrapped.insert(orphan);
    expect((await repo.findById(team, linked.id))?.project).to.deep.equal({ id: p.id, name: 'Site launch' });
    expect((await repo.findById(team, orphan.id))?.project).to.equal(null);
    const page = await repo.list(team, {}, q({ sort: { field: 'created_at', descending: false } }));
    expect(page.items.map((v) => v.project?.name ?? null)).to.deep.equal(['Site launch', null]);
  });

  it('filters by status and project, and searches name and description', async () => {
    const p1 = CampaignMother.id(41);
    await repo.insert(CampaignMother.create({ teamId: team.teamId, name: 'Summer', status: 'active', projectId: p1 }));
    await repo.insert(CampaignMother.create({ teamId: team.teamId, name: 'Winter', status: 'paused', description: 'summer leftovers' }));
    await repo.insert(CampaignMother.create({ teamId: team.teamId, name: 'Spring' }));
    const names = async (filter: object, over: Partial<ListQuery<CampaignSortField>> = {}) =>
      (await repo.list(team, filter, q({ sort: { field: 'name', descending: false }, ...over }))).items.map((v) => v.campaign.name);
    expect(await names({ status: 'paused' })).to.deep.equal(['Winter']);
    expect(await names({ projectId: p1 })).to.deep.equal(['Summer']);
    expect(await names({}, { search: 'SUMMER' })).to.deep.equal(['Summer', 'Winter']);
    expect(await names({})).to.deep.equal(['Spring', 'Summer', 'Winter']);
  });

  it('searches folded text, and finds an updated campaign by its new text, never by its old', async () => {
    const c = CampaignMother.create({ teamId: team.teamId, name: 'Promoção de VERÃO', description: null });
    await repo.insert(c);
    const names = async (search: string) => (await repo.list(team, {}, q({ search }))).items.map((v) => v.campaign.name);
    expect(await names('promocao de verao')).to.deep.equal(['Promoção de VERÃO']);
    await repo.update({ ...c, name: 'Inverno', description: 'Liquidação' });
    expect(await names('verao')).to.deep.equal([]);
    expect(await names('LIQUIDACAO')).to.deep.equal(['Inverno']);
  });

  it('sorts dates with nulls last in both directions and paginates with an exact total', async () => {
    await repo.insert(CampaignMother.create({ teamId: team.teamId, name: 'none' }));
    await repo.insert(CampaignMother.create({ teamId: team.teamId, name: 'feb', startDate: '2026-02-01' }));
    await repo.insert(CampaignMother.create({ teamId: team.teamId, name: 'jan', startDate: '2026-01-01' }));
    const asc = await repo.list(team, {}, q({ sort: { field: 'start_date', descending: false } }));
    const desc = await repo.list(team, {}, q({ sort: { field: 'start_date', descending: true }, limit: 2 }));
    expect(asc.items.map((v) => v.campaign.name)).to.deep.equal(['jan', 'feb', 'none']);
    expect(desc.items.map((v) => v.campaign.name)).to.deep.equal(['feb', 'jan']);
    expect(desc.total).to.equal(3);
  });

  it('updates a campaign', async () => {
    const c = CampaignMother.create({ teamId: team.teamId });
    await repo.insert(c);
    const changed = { ...c, name: 'Renamed', goals: 0, updatedAt: '2026-03-01T00:00:00.000Z' };
    await repo.update(changed);
    expect((await repo.findById(team, c.id))?.campaign).to.deep.equal(changed);
  });
});
