import { campaignRoutes } from '../../adapters/http/campaigns/campaign-routes';
import { KnexCampaignRepository } from '../../adapters/persistence/knex/campaigns/knex-campaign-repository';
import { MemoryCampaignRepository } from '../../adapters/persistence/memory/campaigns/memory-campaign-repository';
import { CreateCampaign } from '../../application/campaigns/create-campaign';
import { DeleteCampaign } from '../../application/campaigns/delete-campaign';
import { GetCampaign } from '../../application/campaigns/get-campaign';
import { ListCampaigns } from '../../application/campaigns/list-campaigns';
import { UpdateCampaign } from '../../application/campaigns/update-campaign';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { CampaignRepository } from '../../domain/campaigns/campaign-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { PROJECT_TOKENS } from './projects';

export const CAMPAIGN_TOKENS = {
  CampaignRepository: Symbol.for('CampaignRepository'),
} as const;

export const campaignsContext: BoundedContext = {
  name: 'campaigns',
  bind(c, storage) {
    const repo = CAMPAIGN_TOKENS.CampaignRepository;
    const projects = PROJECT_TOKENS.ProjectRepository;
    c.bind<CampaignRepository>(repo).toDynamicValue((ctx) =>
      byStorage<CampaignRepository>(storage, () => new MemoryCampaignRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexCampaignRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind(ListCampaigns).toResolvedValue((r: CampaignRepository, p: ProjectRepository) => new ListCampaigns(r, p),
      [repo, projects]).inSingletonScope();
    c.bind(GetCampaign).toResolvedValue((r: CampaignRepository) => new GetCampaign(r), [repo]).inSingletonScope();
    c.bind(CreateCampaign).toResolvedValue(
      (u: UnitOfWork, r: CampaignRepository, p: ProjectRepository, i: IdGenerator, cl: Clock) => new CreateCampaign(u, r, p, i, cl),
      [TOKENS.UnitOfWork, repo, projects, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateCampaign).toResolvedValue((u: UnitOfWork, r: CampaignRepository, cl: Clock) => new UpdateCampaign(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
    c.bind(DeleteCampaign).toResolvedValue((r: CampaignRepository) => new DeleteCampaign(r), [repo]).inSingletonScope();
  },
  routes: (c) => campaignRoutes({
    list: c.get(ListCampaigns), create: c.get(CreateCampaign), get: c.get(GetCampaign), update: c.get(UpdateCampaign), delete: c.get(DeleteCampaign),
  }),
  async seedDemo(c, team) {
    const internal = await c.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository).findInternal(team);
    if (!internal) return;
    await c.get(CreateCampaign).execute(team, {
      name: 'Lançamento de verão', projectId: internal.id, status: 'active', startDate: '2027-01-05', endDate: '2027-02-28',
      contentPillars: ['educação', 'bastidores'], targetPlatforms: ['instagram', 'linkedin'], goals: { leads: 200 },
    });
  },
};
