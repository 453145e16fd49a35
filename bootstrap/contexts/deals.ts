import { KnexDealContactRepository } from '../../adapters/persistence/knex/deals/knex-deal-contact-repository';
import { KnexProjectLeadReader } from '../../adapters/persistence/knex/deals/knex-project-lead-reader';
import { MemoryDealContactRepository } from '../../adapters/persistence/memory/deals/memory-deal-contact-repository';
import { MemoryProjectLeadReader } from '../../adapters/persistence/memory/deals/memory-project-lead-reader';
import { DealContactRepository } from '../../domain/deals/deal-contact-repository';
import { ProjectLeadReader } from '../../domain/deals/project-lead-reader';
import { PROJECT_TOKENS } from './projects';
import { workflowCommands } from '../../adapters/cli/deals/workflow-commands';
import { dealRoutes } from '../../adapters/http/deals/deal-routes';
import { MoveProjectDeal } from '../../application/deals/move-project-deal';
import { ProjectDealDetails } from '../../application/deals/project-deal-details';
import { KnexDealEventOutbox } from '../../adapters/persistence/knex/deals/knex-deal-event-outbox';
import { KnexDealRepository } from '../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexIdempotencyKeyRepository } from '../../adapters/persistence/knex/deals/knex-idempotency-key-repository';
import { KnexWorkflowRepository, KnexWorkflowRunRepository } from '../../adapters/persistence/knex/deals/knex-workflow-repository';
import { MemoryDealEventOutbox } from '../../adapters/persistence/memory/deals/memory-deal-event-outbox';
import { MemoryDealRepository } from '../../adapters/persistence/memory/deals/memory-deal-repository';
import { MemoryIdempotencyKeyRepository } from '../../adapters/persistence/memory/deals/memory-idempotency-key-repository';
import { MemoryWorkflowRepository, MemoryWorkflowRunRepository } from '../../adapters/persistence/memory/deals/memory-workflow-repository';
import { CreateActivity } from '../../application/activities/create-activity';
import { DealWorkflowActions } from '../../application/activities/deal-workflow-actions';
import { ArchiveDeal } from '../../application/deals/archive-deal';
import { CreateDeal } from '../../application/deals/create-deal';
import { CreateWorkflow } from '../../application/deals/create-workflow';
import { DealDispatchTrigger } from '../../application/deals/deal-dispatch-trigger';
import { DealDispatchScheduler } from '../../application/deals/deal-dispatch-scheduler';
import { DealEventLog } from '../../application/deals/deal-event-log';
import { DealScopeResolver } from '../../application/deals/deal-scope';
import { DispatchDealEvents } from '../../application/deals/dispatch-deal-events';
import { GetDeal } from '../../application/deals/get-deal';
import { ListDeals } from '../../application/deals/list-deals';
import { ListWorkflowRuns } from '../../application/deals/list-workflow-runs';
import { PurgeIdempotencyKeys } from '../../application/deals/purge-idempotency-keys';
import { ReadDealEventBacklog } from '../../application/deals/read-deal-event-backlog';
import { UpdateDeal } from '../../application/deals/update-deal';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { Logger } from '../../application/shared/logger';
import { Metrics } from '../../application/shared/metrics';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { CreateTask } from '../../application/tasks/create-task';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealEventOutbox } from '../../domain/deals/deal-event-outbox';
import { DealRepository } from '../../domain/deals/deal-repository';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { WorkflowRepository, WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { TeamRepository } from '../../domain/teams/team-repository';
import { BoundedContext, byStorage } from '../context';
import { Config } from '../config';
import { TOKENS } from '../tokens';
import { CLIENT_TOKENS } from './clients';
import { TEAM_TOKENS } from './teams';

export const DEAL_TOKENS = {
  DealRepository: Symbol.for('DealRepository'),
  IdempotencyKeyRepository: Symbol.for('IdempotencyKeyRepository'),
  DealEventOutbox: Symbol.for('DealEventOutbox'),
  WorkflowRepository: Symbol.for('WorkflowRepository'),
  WorkflowRunRepository: Symbol.for('WorkflowRunRepository'),
  /** The contacts linked to project deals and the batched reads of their leads. */
  DealContactRepository: Symbol.for('DealContactRepository'),
  ProjectLeadReader: Symbol.for('ProjectLeadReader'),
  DealDispatchTrigger: Symbol.for('DealDispatchTrigger'),
  DealScopeResolver: Symbol.for('DealScopeResolver'),
} as const;


export const dealsContext: BoundedContext = {
  name: 'deals',
  bind(c, storage) {
    const repo = <T>(token: symbol, memory: (s: never) => T, knex: (d: never) => T) =>
      c.bind<T>(token).toDynamicValue((ctx) =>
        byStorage<T>(storage, () => memory(ctx.get(TOKENS.MemoryStore)), () => knex(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    repo<DealRepository>(DEAL_TOKENS.DealRepository, (s) => new MemoryDealRepository(s), (d) => new KnexDealRepository(d));
    repo<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository,
      (s) => new MemoryIdempotencyKeyRepository(s), (d) => new KnexIdempotencyKeyRepository(d));
    repo<DealEventOutbox>(DEAL_TOKENS.DealEventOutbox, (s) => new MemoryDealEventOutbox(s), (d) => new KnexDealEventOutbox(d));
    repo<WorkflowRepository>(DEAL_TOKENS.WorkflowRepository, (s) => new MemoryWorkflowRepository(s), (d) => new KnexWorkflowRepository(d));
    repo<WorkflowRunRepository>(DEAL_TOKENS.WorkflowRunRepository,
      (s) => new MemoryWorkflowRunRepository(s), (d) => new KnexWorkflowRunRepository(d));

    const T = DEAL_TOKENS;
    c.bind(DEAL_TOKENS.DealScopeResolver).toDynamicValue((ctx) => new DealScopeResolver(
      ctx.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository),
      ctx.get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository),
    )).inSingletonScope();
    c.bind(DispatchDealEvents).toDynamicValue((ctx) => new DispatchDealEvents(
      ctx.get<UnitOfWork>(TOKENS.UnitOfWork), ctx.get<DealEventOutbox>(T.DealEventOutbox), ctx.get<DealRepository>(T.DealRepository),
      ctx.get<WorkflowRepository>(T.WorkflowRepository), ctx.get<WorkflowRunRepository>(T.WorkflowRunRepository),
      new DealWorkflowActions(ctx.get(CreateActivity), ctx.get(CreateTask), ctx.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository)),
      ctx.get<IdGenerator>(TOKENS.IdGenerator), ctx.get<Clock>(TOKENS.Clock), ctx.get<Logger>(TOKENS.Logger),
      ctx.get<Metrics>(TOKENS.Metrics), ctx.get<Config>(TOKENS.Config).outbox.leaseMs,
    )).inSingletonScope();
    c.bind(ReadDealEventBacklog).toResolvedValue((o: DealEventOutbox, cl: Clock) => new ReadDealEventBacklog(o, cl),
      [T.DealEventOutbox, TOKENS.Clock]).inSingletonScope();
    c.bind(PurgeIdempotencyKeys).toResolvedValue((k: IdempotencyKeyRepository, cl: Clock) => new PurgeIdempotencyKeys(k, cl),
      [T.IdempotencyKeyRepository, TOKENS.Clock]).inSingletonScope();
    c.bind(DealDispatchScheduler).toDynamicValue((ctx) => new DealDispatchScheduler(
      () => c.get(DispatchDealEvents), () => c.get(PurgeIdempotencyKeys), () => c.get<Logger>(TOKENS.Logger),
      ctx.get<Config>(TOKENS.Config).outbox.pollMs)).inSingletonScope();
    c.bind<DealDispatchTrigger>(T.DealDispatchTrigger).toService(DealDispatchScheduler);

    c.bind(DealEventLog).toResolvedValue((o: DealEventOutbox, i: IdGenerator) => new DealEventLog(o, i),
      [T.DealEventOutbox, TOKENS.IdGenerator]).inSingletonScope();
    c.bind(CreateDeal).toResolvedValue(
      (u: UnitOfWork, d: DealRepository, cr: ClientRepository, k: IdempotencyKeyRepository, e: DealEventLog, i: IdGenerator, cl: Clock, t: DealDispatchTrigger) =>
        new CreateDeal(u, d, cr, k, e, i, cl, t),
      [TOKENS.UnitOfWork, T.DealRepository, CLIENT_TOKENS.ClientRepository, T.IdempotencyKeyRepository, DealEventLog,
        TOKENS.IdGenerator, TOKENS.Clock, T.DealDispatchTrigger]).inSingletonScope();
    c.bind(UpdateDeal).toResolvedValue(
      (u: UnitOfWork, d: DealRepository, cr: ClientRepository, e: DealEventLog, cl: Clock, t: DealDispatchTrigger) =>
        new UpdateDeal(u, d, cr, e, cl, t),
      [TOKENS.UnitOfWork, T.DealRepository, CLIENT_TOKENS.ClientRepository, DealEventLog, TOKENS.Clock, T.DealDispatchTrigger]).inSingletonScope();
    c.bind(ArchiveDeal).toResolvedValue((u: UnitOfWork, d: DealRepository, cl: Clock) => new ArchiveDeal(u, d, cl),
      [TOKENS.UnitOfWork, T.DealRepository, TOKENS.Clock]).inSingletonScope();
    repo<DealContactRepository>(T.DealContactRepository, (s) => new MemoryDealContactRepository(s), (d) => new KnexDealContactRepository(d));
    repo<ProjectLeadReader>(T.ProjectLeadReader, (s) => new MemoryProjectLeadReader(s), (d) => new KnexProjectLeadReader(d));
    c.bind(ProjectDealDetails).toResolvedValue((l: ProjectLeadReader, dc: DealContactRepository) => new ProjectDealDetails(l, dc),
      [T.ProjectLeadReader, T.DealContactRepository]).inSingletonScope();
    c.bind(MoveProjectDeal).toResolvedValue(
      (u: UnitOfWork, d: DealRepository, p: ProjectRepository, pl: PipelineRepository, e: DealEventLog, cl: Clock,
        t: DealDispatchTrigger, pd: ProjectDealDetails) => new MoveProjectDeal(u, d, p, pl, e, cl, t, pd),
      [TOKENS.UnitOfWork, T.DealRepository, PROJECT_TOKENS.ProjectRepository, PROJECT_TOKENS.PipelineRepository,
        DealEventLog, TOKENS.Clock, T.DealDispatchTrigger, ProjectDealDetails]).inSingletonScope();
    c.bind(GetDeal).toResolvedValue((d: DealRepository, s: DealScopeResolver, pd: ProjectDealDetails) => new GetDeal(d, s, pd),
      [T.DealRepository, T.DealScopeResolver, ProjectDealDetails]).inSingletonScope();
    c.bind(ListDeals).toDynamicValue((ctx) => new ListDeals(
      ctx.get<DealRepository>(T.DealRepository), ctx.get<DealScopeResolver>(T.DealScopeResolver),
      ctx.get<ClientRepository>(CLIENT_TOKENS.ClientRepository), ctx.get<LeadRepository>(PROJECT_TOKENS.LeadRepository),
      ctx.get(ProjectDealDetails),
    )).inSingletonScope();
    c.bind(CreateWorkflow).toResolvedValue(
      (w: WorkflowRepository, t: TeamRepository, p: ProjectRepository, i: IdGenerator, cl: Clock) => new CreateWorkflow(w, t, p, i, cl),
      [T.WorkflowRepository, TEAM_TOKENS.TeamRepository, PROJECT_TOKENS.ProjectRepository, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(ListWorkflowRuns).toResolvedValue((r: WorkflowRunRepository, t: TeamRepository) => new ListWorkflowRuns(r, t),
      [T.WorkflowRunRepository, TEAM_TOKENS.TeamRepository]).inSingletonScope();
  },
  routes: (c) => dealRoutes({
    list: c.get(ListDeals), create: c.get(CreateDeal), get: c.get(GetDeal), update: c.get(UpdateDeal), archive: c.get(ArchiveDeal),
    move: c.get(MoveProjectDeal),
  }),
  commands: (c) => workflowCommands(() => ({ create: c.get(CreateWorkflow), runs: c.get(ListWorkflowRuns), dispatch: c.get(DispatchDealEvents) })),
  start: (c) => c.get(DealDispatchScheduler).start(),
  async seedDemo(c, team) {
    await c.get(CreateWorkflow).execute(team, {
      event: 'deal_created', action: 'create_activity', config: { title: 'Primeiro contato com o cliente', type: 'call' },
    });
    const create = c.get(CreateDeal);
    await create.execute(team, { deal: { title: 'Redesign do site institucional', value: 18000, priority: 'alta', tags: ['site'] } });
    const { deal } = await create.execute(team, { deal: { title: 'Gestão de redes sociais', value: 4500, probability: 60 } });
    await c.get(UpdateDeal).execute(team, { id: deal.deal.id, changes: { phase: 'proposta' } });
  },
};
