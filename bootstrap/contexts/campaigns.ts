import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { CreateCampaign } from '../../application/campaigns/create-campaign';
import { DeleteCampaign } from '../../application/campaigns/delete-campaign';
import { GetCampaign } from '../../application/campaigns/get-campaign';
import { ListCampaigns } from '../../application/campaigns/list-campaigns';
import { UpdateCampaign } from '../../application/campaigns/update-campaign';
import { EventLog } from '../../application/events/event-log';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { onFirstCall, wiring } from '../binding';
import { DemoSeed, TOKENS } from '../tokens';
import { CAMPAIGN_TOKENS, EVENT_TOKENS, PROJECT_TOKENS } from './tokens';

export { CAMPAIGN_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const campaignRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/campaigns/campaign-routes') as typeof import('../../adapters/http/campaigns/campaign-routes'))
      .campaignRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const campaignsContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  const repo = CAMPAIGN_TOKENS.CampaignRepository;
  const projects = PROJECT_TOKENS.ProjectRepository;
  singleton(ListCampaigns, [repo, projects]);
  singleton(GetCampaign, [repo]);
  const trigger = EVENT_TOKENS.DispatchTrigger;
  singleton(CreateCampaign, [TOKENS.UnitOfWork, repo, projects, TOKENS.IdGenerator, TOKENS.Clock, EventLog, trigger]);
  singleton(UpdateCampaign, [TOKENS.UnitOfWork, repo, TOKENS.Clock, EventLog, trigger]);
  singleton(DeleteCampaign, [repo]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(campaignRoutes, [
    services({
      list: ListCampaigns,
      create: CreateCampaign,
      get: GetCampaign,
      update: UpdateCampaign,
      delete: DeleteCampaign,
    }),
  ]);
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (projectRepository: ProjectRepository, create: CreateCampaign): DemoSeed =>
      async (team) => {
        const internal = await projectRepository.findInternal(team);
        if (!internal) return;
        await create.execute(team, {
          name: 'Lançamento de verão',
          projectId: internal.id,
          status: 'active',
          startDate: '2027-01-05',
          endDate: '2027-02-28',
          contentPillars: ['educação', 'bastidores'],
          targetPlatforms: ['instagram', 'linkedin'],
          goals: { leads: 200 },
        });
      },
    [projects, CreateCampaign],
  );
});
