import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { workflowCommands } from '../../adapters/cli/deals/workflow-commands';
import { RouteModule } from '../../adapters/http/app';
import { CreateActivity } from '../../application/activities/create-activity';
import { DealWorkflowActions } from '../../application/activities/deal-workflow-actions';
import { ArchiveDeal } from '../../application/deals/archive-deal';
import { CreateDeal } from '../../application/deals/create-deal';
import { CreateWorkflow } from '../../application/deals/create-workflow';
import { DeleteWorkflow } from '../../application/deals/delete-workflow';
import { ListWorkflows } from '../../application/deals/list-workflows';
import { DealDispatchScheduler } from '../../application/deals/deal-dispatch-scheduler';
import { DealDispatchTrigger } from '../../application/deals/deal-dispatch-trigger';
import { EventLog } from '../../application/events/event-log';
import { DealScopeResolver } from '../../application/deals/deal-scope';
import { DispatchDealEvents } from '../../application/deals/dispatch-deal-events';
import { GetDeal } from '../../application/deals/get-deal';
import { ListDeals } from '../../application/deals/list-deals';
import { ListWorkflowRuns } from '../../application/deals/list-workflow-runs';
import { MoveProjectDeal } from '../../application/deals/move-project-deal';
import { ProjectDealDetails } from '../../application/deals/project-deal-details';
import { PurgeIdempotencyKeys } from '../../application/deals/purge-idempotency-keys';
import { ReadEventBacklog } from '../../application/deals/read-deal-event-backlog';
import { UpdateDeal } from '../../application/deals/update-deal';
import { CreateProjectDeal } from '../../application/deals/create-project-deal';
import { CreateProjectDealOnce } from '../../application/deals/create-project-deal-once';
import { ProjectDealWrites } from '../../application/deals/project-deal-writes';
import { UpdateProjectDeal } from '../../application/deals/update-project-deal';
import { BackgroundWork } from '../../application/shared/background-work';
import { Logger } from '../../application/shared/logger';
import { CreateTask } from '../../application/tasks/create-task';
import { onFirstCall, wiring } from '../binding';
import { Config } from '../config';
import { DemoSeed, TOKENS } from '../tokens';
import { CLIENT_TOKENS, DEAL_TOKENS, EVENT_TOKENS, PROJECT_TOKENS, TEAM_TOKENS } from './tokens';

export { DEAL_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const dealRoutes = onFirstCall(
  () => (require('../../adapters/http/deals/deal-routes') as typeof import('../../adapters/http/deals/deal-routes')).dealRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const dealsContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const T = DEAL_TOKENS;
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
  const { ProjectRepository: projects, PipelineRepository: pipelines } = PROJECT_TOKENS;
  const clients = CLIENT_TOKENS.ClientRepository;
  const teams = TEAM_TOKENS.TeamRepository;

  bind<number>(T.OutboxLeaseMs)
    .toResolvedValue((config: Config) => config.outbox.leaseMs, [TOKENS.Config])
    .inSingletonScope();
  bind<number>(T.OutboxPollMs)
    .toResolvedValue((config: Config) => config.outbox.pollMs, [TOKENS.Config])
    .inSingletonScope();
  singleton(DealScopeResolver, [projects, pipelines, TOKENS.Memos], T.DealScopeResolver);
  // What a workflow runs: use cases of the activities and tasks contexts.
  singleton(DealWorkflowActions, [CreateActivity, CreateTask, projects]);
  singleton(DispatchDealEvents, [
    uow,
    EVENT_TOKENS.EventOutbox,
    T.DealRepository,
    T.WorkflowRepository,
    T.WorkflowRunRepository,
    DealWorkflowActions,
    ids,
    clock,
    TOKENS.Logger,
    TOKENS.Metrics,
    T.OutboxLeaseMs,
    EVENT_TOKENS.Subscribers,
  ]);
  singleton(ReadEventBacklog, [EVENT_TOKENS.EventOutbox, clock]);
  singleton(PurgeIdempotencyKeys, [T.IdempotencyKeyRepository, clock, TOKENS.BatchKeyRepository]);
  // The scheduler is the trigger every deal write takes, and it runs the dispatcher, whose workflow actions are
  // other contexts' use cases: it gets accessors of what it runs (`later`), resolved on its first run. Building a
  // deal write never builds the dispatcher, and a workflow action that itself writes deals makes no cycle.
  singleton(DealDispatchScheduler, [
    later(DispatchDealEvents),
    later(PurgeIdempotencyKeys),
    later<Logger>(TOKENS.Logger),
    T.OutboxPollMs,
    TOKENS.RequestActivity,
  ]);
  bind<DealDispatchTrigger>(T.DealDispatchTrigger).toService(DealDispatchScheduler);
  bind<BackgroundWork>(TOKENS.BackgroundWork).toService(DealDispatchScheduler);

  singleton(CreateDeal, [uow, T.DealRepository, clients, T.IdempotencyKeyRepository, EventLog, ids, clock, T.DealDispatchTrigger]);
  singleton(UpdateDeal, [uow, T.DealRepository, clients, EventLog, clock, T.DealDispatchTrigger]);
  singleton(ArchiveDeal, [uow, T.DealRepository, clock, EventLog, T.DealDispatchTrigger]);
  singleton(ProjectDealDetails, [T.ProjectLeadReader, T.DealContactRepository]);
  singleton(ProjectDealWrites, [T.DealRepository, projects, EventLog, ProjectDealDetails]);
  singleton(MoveProjectDeal, [uow, ProjectDealWrites, pipelines, clock, T.DealDispatchTrigger]);
  singleton(CreateProjectDealOnce, [
    uow,
    CreateProjectDeal,
    T.IdempotencyKeyRepository,
    T.DealRepository,
    ProjectDealDetails,
    ids,
    clock,
    T.DealDispatchTrigger,
  ]);
  singleton(UpdateProjectDeal, [uow, ProjectDealWrites, clock, T.DealDispatchTrigger]);
  singleton(GetDeal, [T.DealRepository, T.DealScopeResolver, ProjectDealDetails]);
  singleton(ListDeals, [T.DealRepository, T.DealScopeResolver, clients, PROJECT_TOKENS.LeadRepository, ProjectDealDetails]);
  singleton(CreateWorkflow, [T.WorkflowRepository, teams, projects, ids, clock]);
  singleton(ListWorkflowRuns, [T.WorkflowRunRepository, teams]);
  singleton(ListWorkflows, [T.WorkflowRepository, teams]);
  singleton(DeleteWorkflow, [uow, T.WorkflowRepository, teams, clock]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(dealRoutes, [
    services({
      list: ListDeals,
      create: CreateDeal,
      get: GetDeal,
      update: UpdateDeal,
      archive: ArchiveDeal,
      move: MoveProjectDeal,
      createInProject: CreateProjectDealOnce,
      updateInProject: UpdateProjectDeal,
    }),
  ]);
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(workflowCommands, [
    later(
      services({
        create: CreateWorkflow,
        list: ListWorkflows,
        delete: DeleteWorkflow,
        runs: ListWorkflowRuns,
        dispatch: DispatchDealEvents,
      }),
    ),
  ]);
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (createWorkflow: CreateWorkflow, create: CreateDeal, update: UpdateDeal): DemoSeed =>
      async (team) => {
        await createWorkflow.execute(team, {
          event: 'deal_created',
          action: 'create_activity',
          config: { title: 'Primeiro contato com o cliente', type: 'call' },
        });
        await create.execute(team, { deal: { title: 'Redesign do site institucional', value: 18000, priority: 'alta', tags: ['site'] } });
        const { deal } = await create.execute(team, { deal: { title: 'Gestão de redes sociais', value: 4500, probability: 60 } });
        await update.execute(team, { id: deal.deal.id, changes: { phase: 'proposta' } });
      },
    [CreateWorkflow, CreateDeal, UpdateDeal],
  );
});
