import { webhookCommands } from '../../adapters/cli/webhooks/webhook-commands';
import { webhookRoutes } from '../../adapters/http/webhooks/webhook-routes';
import { KnexInboundDeliveryRepository } from '../../adapters/persistence/knex/webhooks/knex-inbound-delivery-repository';
import { KnexWebhookEndpointRepository } from '../../adapters/persistence/knex/webhooks/knex-webhook-endpoint-repository';
import { MemoryInboundDeliveryRepository } from '../../adapters/persistence/memory/webhooks/memory-inbound-delivery-repository';
import { MemoryWebhookEndpointRepository } from '../../adapters/persistence/memory/webhooks/memory-webhook-endpoint-repository';
import { CreateProjectDeal } from '../../application/deals/create-project-deal';
import { DealDispatchTrigger } from '../../application/deals/deal-dispatch-trigger';
import { FindOrCreateLead } from '../../application/projects/find-or-create-lead';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { Logger } from '../../application/shared/logger';
import { Metrics } from '../../application/shared/metrics';
import { SecretHasher } from '../../application/shared/secret-hasher';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { CreateWebhookEndpoint } from '../../application/webhooks/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from '../../application/webhooks/delete-webhook-endpoint';
import { GetInboundEndpointStatus } from '../../application/webhooks/get-inbound-endpoint-status';
import { GetWebhookEndpoint } from '../../application/webhooks/get-webhook-endpoint';
import { InboundActions } from '../../application/webhooks/inbound-action';
import { CreateDealFromInbound, CreateLeadFromInbound } from '../../application/webhooks/inbound-actions';
import { InboundProcessor } from '../../application/webhooks/inbound-processor';
import { ListInboundDeliveries } from '../../application/webhooks/list-inbound-deliveries';
import { ListWebhookEndpoints } from '../../application/webhooks/list-webhook-endpoints';
import { ListWebhookEndpointsAsOperator } from '../../application/webhooks/list-webhook-endpoints-as-operator';
import { ReceiveInboundWebhook } from '../../application/webhooks/receive-inbound-webhook';
import { ReplayInboundDelivery } from '../../application/webhooks/replay-inbound-delivery';
import { SetWebhookVerifyToken } from '../../application/webhooks/set-webhook-verify-token';
import { UpdateWebhookEndpoint } from '../../application/webhooks/update-webhook-endpoint';
import { UpdateWebhookEndpointAsOperator } from '../../application/webhooks/update-webhook-endpoint-as-operator';
import { DealContactRepository } from '../../domain/deals/deal-contact-repository';
import { DealEventLog } from '../../application/deals/deal-event-log';
import { DealRepository } from '../../domain/deals/deal-repository';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { TeamRepository } from '../../domain/teams/team-repository';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { DEAL_TOKENS } from './deals';
import { PROJECT_TOKENS } from './projects';
import { TEAM_TOKENS } from './teams';

export const WEBHOOK_TOKENS = {
  WebhookEndpointRepository: Symbol.for('WebhookEndpointRepository'),
  InboundDeliveryRepository: Symbol.for('InboundDeliveryRepository'),
  InboundActions: Symbol.for('InboundActions'),
} as const;

export const webhooksContext: BoundedContext = {
  name: 'webhooks',
  bind(c, storage) {
    const T = WEBHOOK_TOKENS;
    const repo = <R>(token: symbol, memory: (s: never) => R, knex: (d: never) => R) =>
      c.bind<R>(token).toDynamicValue((ctx) =>
        byStorage<R>(storage, () => memory(ctx.get(TOKENS.MemoryStore)), () => knex(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    repo<WebhookEndpointRepository>(T.WebhookEndpointRepository, (s) => new MemoryWebhookEndpointRepository(s), (d) => new KnexWebhookEndpointRepository(d));
    repo<InboundDeliveryRepository>(T.InboundDeliveryRepository, (s) => new MemoryInboundDeliveryRepository(s), (d) => new KnexInboundDeliveryRepository(d));

    c.bind(CreateProjectDeal).toResolvedValue(
      (u: UnitOfWork, d: DealRepository, dc: DealContactRepository, p: ProjectRepository, pl: PipelineRepository, li: FindOrCreateLead,
        e: DealEventLog, i: IdGenerator, cl: Clock, t: DealDispatchTrigger) => new CreateProjectDeal(u, d, dc, p, pl, li, e, i, cl, t),
      [TOKENS.UnitOfWork, DEAL_TOKENS.DealRepository, DEAL_TOKENS.DealContactRepository, PROJECT_TOKENS.ProjectRepository, PROJECT_TOKENS.PipelineRepository,
        FindOrCreateLead, DealEventLog, TOKENS.IdGenerator, TOKENS.Clock, DEAL_TOKENS.DealDispatchTrigger]).inSingletonScope();
    c.bind<InboundActions>(T.InboundActions).toResolvedValue(
      (cpd: CreateProjectDeal, fl: FindOrCreateLead): InboundActions => ({
        create_deal: new CreateDealFromInbound(cpd),
        create_lead: new CreateLeadFromInbound(fl),
      }),
      [CreateProjectDeal, FindOrCreateLead]).inSingletonScope();
    c.bind(InboundProcessor).toResolvedValue(
      (u: UnitOfWork, d: InboundDeliveryRepository, a: InboundActions, cl: Clock, l: Logger) => new InboundProcessor(u, d, a, cl, l),
      [TOKENS.UnitOfWork, T.InboundDeliveryRepository, T.InboundActions, TOKENS.Clock, TOKENS.Logger]).inSingletonScope();

    const endpoints = T.WebhookEndpointRepository;
    c.bind(ListWebhookEndpoints).toResolvedValue((e: WebhookEndpointRepository) => new ListWebhookEndpoints(e), [endpoints]).inSingletonScope();
    c.bind(ListWebhookEndpointsAsOperator).toResolvedValue((e: WebhookEndpointRepository, t: TeamRepository) => new ListWebhookEndpointsAsOperator(e, t),
      [endpoints, TEAM_TOKENS.TeamRepository]).inSingletonScope();
    c.bind(GetWebhookEndpoint).toResolvedValue((e: WebhookEndpointRepository) => new GetWebhookEndpoint(e), [endpoints]).inSingletonScope();
    c.bind(CreateWebhookEndpoint).toResolvedValue(
      (u: UnitOfWork, e: WebhookEndpointRepository, p: ProjectRepository, pl: PipelineRepository, h: SecretHasher, i: IdGenerator, cl: Clock) =>
        new CreateWebhookEndpoint(u, e, p, pl, h, i, cl),
      [TOKENS.UnitOfWork, endpoints, PROJECT_TOKENS.ProjectRepository, PROJECT_TOKENS.PipelineRepository, TOKENS.SecretHasher,
        TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateWebhookEndpoint).toResolvedValue((u: UnitOfWork, e: WebhookEndpointRepository, cl: Clock) => new UpdateWebhookEndpoint(u, e, cl),
      [TOKENS.UnitOfWork, endpoints, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateWebhookEndpointAsOperator).toResolvedValue(
      (e: WebhookEndpointRepository, u: UpdateWebhookEndpoint) => new UpdateWebhookEndpointAsOperator(e, u),
      [endpoints, UpdateWebhookEndpoint]).inSingletonScope();
    c.bind(DeleteWebhookEndpoint).toResolvedValue((u: UnitOfWork, e: WebhookEndpointRepository) => new DeleteWebhookEndpoint(u, e),
      [TOKENS.UnitOfWork, endpoints]).inSingletonScope();
    c.bind(GetInboundEndpointStatus).toResolvedValue((e: WebhookEndpointRepository, h: SecretHasher) => new GetInboundEndpointStatus(e, h),
      [endpoints, TOKENS.SecretHasher]).inSingletonScope();
    c.bind(SetWebhookVerifyToken).toResolvedValue(
      (u: UnitOfWork, e: WebhookEndpointRepository, h: SecretHasher, cl: Clock) => new SetWebhookVerifyToken(u, e, h, cl),
      [TOKENS.UnitOfWork, endpoints, TOKENS.SecretHasher, TOKENS.Clock]).inSingletonScope();
    c.bind(ReceiveInboundWebhook).toResolvedValue(
      (u: UnitOfWork, e: WebhookEndpointRepository, d: InboundDeliveryRepository, p: InboundProcessor, h: SecretHasher, i: IdGenerator, cl: Clock,
        m: Metrics) => new ReceiveInboundWebhook(u, e, d, p, h, i, cl, m),
      [TOKENS.UnitOfWork, endpoints, T.InboundDeliveryRepository, InboundProcessor, TOKENS.SecretHasher, TOKENS.IdGenerator, TOKENS.Clock,
        TOKENS.Metrics]).inSingletonScope();
    c.bind(ListInboundDeliveries).toResolvedValue(
      (e: WebhookEndpointRepository, d: InboundDeliveryRepository) => new ListInboundDeliveries(e, d),
      [endpoints, T.InboundDeliveryRepository]).inSingletonScope();
    c.bind(ReplayInboundDelivery).toResolvedValue(
      (e: WebhookEndpointRepository, d: InboundDeliveryRepository, p: InboundProcessor) => new ReplayInboundDelivery(e, d, p),
      [endpoints, T.InboundDeliveryRepository, InboundProcessor]).inSingletonScope();
  },
  routes: (c) => webhookRoutes({
    list: c.get(ListWebhookEndpoints), get: c.get(GetWebhookEndpoint), create: c.get(CreateWebhookEndpoint),
    update: c.get(UpdateWebhookEndpoint), delete: c.get(DeleteWebhookEndpoint), inboundStatus: c.get(GetInboundEndpointStatus),
    receive: c.get(ReceiveInboundWebhook),
  }),
  /**
   * A lead-form endpoint on the demo's client project, without a secret so that a newcomer can post
   * to it with curl, and one payload already received through it (a project deal with its lead).
   */
  async seedDemo(c, team) {
    const projects = await c.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository)
      .list(team, {}, { page: 1, limit: 20, sort: { field: 'created_at', descending: false } });
    const project = projects.items.find((p) => !p.isInternal) ?? projects.items[0];
    if (!project) return;
    const { endpoint } = await c.get(CreateWebhookEndpoint).execute(team, {
      name: 'Formulário do site', projectId: project.id, withSecret: false,
      fieldMapping: { full_name: 'nome', phone: 'telefone', 'metadata.pagina': 'pagina' },
    });
    const payload = {
      nome: 'Mariana Costa', telefone: '(21) 99876-5432', email: 'mariana@example.com', pagina: '/orcamento',
      utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'lancamento', utm_term: 'loja virtual', utm_content: 'anuncio-1',
    };
    await c.get(ReceiveInboundWebhook).execute({
      endpointId: endpoint.endpointId, secret: null, body: { raw: JSON.stringify(payload), contentType: 'application/json' },
    });
  },
  commands: (c) => webhookCommands(() => ({
    create: c.get(CreateWebhookEndpoint), list: c.get(ListWebhookEndpointsAsOperator), deliveries: c.get(ListInboundDeliveries),
    replay: c.get(ReplayInboundDelivery), update: c.get(UpdateWebhookEndpointAsOperator), verifyToken: c.get(SetWebhookVerifyToken),
  })),
};
