import { expect } from 'chai';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { ProjectData } from '../../../domain/projects/project';
import { ProjectRepository, ProjectSortField } from '../../../domain/projects/project-repository';
import { SquadRepository } from '../../../domain/projects/squad-repository';
import { StageData } from '../../../domain/projects/stage';
import { StageRepository } from '../../../domain/projects/stage-repository';
import { DomainError } from '../../../domain/shared/errors';
import { ListQuery } from '../../../domain/shared/list';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { ClientMother } from '../../support/mothers';
import { ProjectMother, StageMother, uuid } from './mothers';

const q = (over: Partial<ListQuery<ProjectSortField>> = {}): ListQuery<ProjectSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});

forEachBackend('ProjectRepository contract', (env) => {
  let repo: ProjectRepository;
  let team: { teamId: string };
  let backlog: StageData;
  let active: StageData;
  const project = (over: Partial<ProjectData> = {}) => ProjectMother.create({ teamId: team.teamId, stageId: backlog.id, ...over });

  beforeEach(async () => {
    repo = referencedRows(env()).projects(env().container.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository));
    team = { teamId: uuid() };
    const stages = env().container.get<StageRepository>(PROJECT_TOKENS.StageRepository);
    backlog = StageMother.create({ teamId: team.teamId, position: 1, category: 'backlog', isInitial: true });
    active = StageMother.create({ teamId: team.teamId, position: 2, category: 'active', color: '#00f' });
    await stages.insert(active);
    await stages.insert(backlog);
  });

  it("round-trips every field, archived ones too, and never shows another team's", async () => {
    const p = project({
      description: 'd',
      priority: 'urgent',
      color: '#fff',
      briefing: 'b',
      startDate: '2026-02-01',
      dueDate: '2026-03-31',
      completedAt: '2026-03-30T12:00:00.000Z',
      createdBy: uuid(),
      isInternal: true,
      archivedAt: '2026-04-01T00:00:00.000Z',
    });
    await repo.insert(p);
    expect(await repo.findById(team, p.id)).to.deep.equal(p);
    expect(await repo.findById({ teamId: uuid() }, p.id)).to.equal(null);
    expect(await repo.findTeamOf(p.id)).to.deep.equal(team);
    expect(await repo.findTeamOf(uuid())).to.equal(null);
  });

  it('reads a project with its stage, squad and client', async () => {
    const squads = env().container.get<SquadRepository>(PROJECT_TOKENS.SquadRepository);
    const clients = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const squad = {
      id: uuid(),
      teamId: team.teamId,
      name: 'Squad A',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await squads.insert(squad);
    expect(await squads.findById(team, squad.id)).to.deep.equal(squad);
    const client = ClientMother.create({ teamId: team.teamId, name: 'Acme' });
    await clients.insert(client);
    const p = project({ stageId: active.id, squadId: squad.id, clientId: client.id });
    await repo.insert(p);
    const view = await repo.findViewById(team, p.id);
    expect(view!.stage).to.deep.equal(active);
    expect(view!.squad).to.deep.equal({ id: squad.id, name: 'Squad A' });
    expect(view!.client).to.deep.equal({ id: client.id, name: 'Acme' });
    const bare = project();
    await repo.insert(bare);
    expect(await repo.findViewById(team, bare.id)).to.include({ squad: null, client: null });
  });

  it('lists without archived projects, filtered by squad, client, stages and priority, with an exact total', async () => {
    const squadId = uuid();
    const clientId = uuid();
    await repo.insert(project({ name: 'a', squadId, priority: 'high' }));
    await repo.insert(project({ name: 'b', clientId, stageId: active.id }));
    await repo.insert(project({ name: 'c', squadId, clientId, stageId: active.id, priority: 'high' }));
    await repo.insert(project({ name: 'archived', squadId, archivedAt: '2026-01-05T00:00:00.000Z' }));
    const names = async (filter: object) =>
      (await repo.list(team, filter, q({ sort: { field: 'name', descending: false } }))).items.map((p) => p.name);
    expect(await names({})).to.deep.equal(['a', 'b', 'c']);
    expect(await names({ squadId })).to.deep.equal(['a', 'c']);
    expect(await names({ clientId })).to.deep.equal(['b', 'c']);
    expect(await names({ stageIds: [active.id] })).to.deep.equal(['b', 'c']);
    expect(await names({ stageIds: [] })).to.deep.equal([]);
    expect(await names({ priority: 'high', clientId })).to.deep.equal(['c']);
    const page = await repo.list(team, {}, q({ limit: 2, page: 2, sort: { field: 'name', descending: false } }));
    expect(page.total).to.equal(3);
    expect(page.items.map((p) => p.name)).to.deep.equal(['c']);
    expect(page.items[0].stage.id).to.equal(active.id);
  });

  it('sorts priority by rank, stages by board order, dates with nulls last', async () => {
    await repo.insert(project({ name: 'low', priority: 'low', dueDate: '2026-05-01' }));
    await repo.insert(project({ name: 'urgent', priority: 'urgent', stageId: active.id }));
    await repo.insert(project({ name: 'medium', priority: 'medium', dueDate: '2026-04-01' }));
    await repo.insert(project({ name: 'high', priority: 'high' }));
    const sorted = async (field: ProjectSortField, descending: boolean) =>
      (await repo.list(team, {}, q({ sort: { field, descending } }))).items.map((p) => p.name);
    expect(await sorted('priority', false)).to.deep.equal(['low', 'medium', 'high', 'urgent']);
    expect(await sorted('priority', true)).to.deep.equal(['urgent', 'high', 'medium', 'low']);
    expect((await sorted('stage_id', true))[0]).to.equal('urgent');
    expect((await sorted('due_date', false)).slice(0, 2)).to.deep.equal(['medium', 'low']);
    expect((await sorted('due_date', true)).slice(0, 2)).to.deep.equal(['low', 'medium']);
  });

  it('searches name and description partially and case-insensitively', async () => {
    await repo.insert(project({ name: 'Site Institucional' }));
    await repo.insert(project({ name: 'Other', description: 'novo SITE da loja' }));
    await repo.insert(project({ name: 'Unrelated' }));
    expect((await repo.list(team, {}, q({ search: 'site' }))).total).to.equal(2);
  });

  it('searches folded text, and finds an updated project by its new text, never by its old', async () => {
    const p = project({ name: 'Campanha Açaí', description: 'Lançamento' });
    await repo.insert(p);
    const names = async (search: string) => (await repo.list(team, {}, q({ search }))).items.map((x) => x.name);
    expect(await names('ACAI')).to.deep.equal(['Campanha Açaí']);
    expect(await names('lancamento')).to.deep.equal(['Campanha Açaí']);
    await repo.update({ ...p, name: 'Café Três Corações', description: null });
    expect(await names('acai')).to.deep.equal([]);
    expect(await names('lancamento')).to.deep.equal([]);
    expect(await names('tres coracoes')).to.deep.equal(['Café Três Corações']);
  });

  it('finds slugs, the internal project, and refuses a slug taken in the team', async () => {
    await repo.insert(project({ slug: 'site' }));
    await repo.insert(project({ slug: 'site-2', archivedAt: '2026-01-05T00:00:00.000Z' }));
    await repo.insert(project({ slug: 'site-novo' }));
    const internal = project({ slug: 'internal', isInternal: true });
    await repo.insert(internal);
    expect((await repo.slugsLike(team, 'site')).sort()).to.deep.equal(['site', 'site-2']);
    expect((await repo.findBySlug(team, 'site-novo'))!.slug).to.equal('site-novo');
    expect(await repo.findBySlug(team, 'internal', internal.id)).to.equal(null);
    expect((await repo.findInternal(team))!.id).to.equal(internal.id);
    let error: unknown;
    try {
      await repo.insert(project({ slug: 'site' }));
    } catch (e) {
      error = e;
    }
    expect((error as DomainError).code).to.equal('DUPLICATE_ENTRY');
    await repo.insert(ProjectMother.create({ teamId: uuid(), stageId: backlog.id, slug: 'site' }));
  });

  it('updates a project', async () => {
    const p = project();
    await repo.insert(p);
    const changed: ProjectData = {
      ...p,
      name: 'Renamed',
      stageId: active.id,
      archivedAt: '2026-02-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
    };
    await repo.update(changed);
    expect(await repo.findById(team, p.id)).to.deep.equal(changed);
  });
});
