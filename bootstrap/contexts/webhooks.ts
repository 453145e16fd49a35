import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { secretCommands } from '../../adapters/cli/secrets/secret-commands';
import { WebhookCommandUseCases, webhookCommands } from '../../adapters/cli/webhooks/webhook-commands';
import { RouteModule } from '../../adapters/http/app';
import { HmacInboundSignatures } from '../../adapters/system/inbound-signatures';
import { ScryptVerifyTokenHasher } from '../../adapters/system/scrypt-verify-token-hasher';
import { CreateProjectDeal } from '../../application/deals/create-project-deal';
import { ProjectDealDetails } from '../../application/deals/project-deal-details';
import { MinimiseRawPayloads, RawPayloadRetention } from '../../application/privacy/minimise-raw-payloads';
import { EventLog } from '../../application/events/event-log';
import { FindOrCreateLead } from '../../application/projects/find-or-create-lead';
import { CreateWebhookEndpoint } from '../../application/webhooks/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from '../../application/webhooks/delete-webhook-endpoint';
import { EndpointCredentials } from '../../application/webhooks/endpoint-credentials';
import { GetInboundEndpointStatus } from '../../application/webhooks/get-inbound-endpoint-status';
import { GetWebhookEndpoint } from '../../application/webhooks/get-webhook-endpoint';
import { InboundActions } from '../../application/webhooks/inbound-action';
import { CreateDealFromInbound, CreateLeadFromInbound } from '../../application/webhooks/inbound-actions';
import { InboundLimits, InboundProcessor } from '../../application/webhooks/inbound-processor';
import { ListInboundDeliveries } from '../../application/webhooks/list-inbound-deliveries';
import { ListWebhookEndpoints } from '../../application/webhooks/list-webhook-endpoints';
import { ListWebhookEndpointsAsOperator } from '../../application/webhooks/list-webhook-endpoints-as-operator';
import { ReceiveInboundWebhook } from '../../application/webhooks/receive-inbound-webhook';
import { ResealSecrets } from '../../application/webhooks/reseal-secrets';
import { ReplayInboundDelivery } from '../../application/webhooks/replay-inbound-delivery';
import { ResolveWebhookEndpointId } from '../../application/webhooks/resolve-webhook-endpoint-id';
import { SetWebhookVerifyToken } from '../../application/webhooks/set-webhook-verify-token';
import { UpdateWebhookEndpoint } from '../../application/webhooks/update-webhook-endpoint';
import { UpdateWebhookEndpointAsOperator } from '../../application/webhooks/update-webhook-endpoint-as-operator';
import { VerifyTokenHasher } from '../../application/webhooks/verify-token-hasher';
import { ResealInboxCredentials } from '../../application/whatsapp/reseal-inbox-credentials';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { Later, onFirstCall, wiring } from '../binding';
import { Config } from '../config';
import { DemoSeed, TOKENS } from '../tokens';
import { DEAL_TOKENS, EVENT_TOKENS, PROJECT_TOKENS, TEAM_TOKENS, WEBHOOK_TOKENS, WHATSAPP_TOKENS } from './tokens';

export { WEBHOOK_TOKENS };

const RAW_PAYLOAD_RETENTION = Symbol('RawPayloadRetention');

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const webhookRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/webhooks/webhook-routes') as typeof import('../../adapters/http/webhooks/webhook-routes')).webhookRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const webhooksContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const T = WEBHOOK_TOKENS;
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock, SecretHasher: hasher } = TOKENS;
  const { ProjectRepository: projects, PipelineRepository: pipelines } = PROJECT_TOKENS;
  const endpoints = T.WebhookEndpointRepository;
  const deliveries = T.InboundDeliveryRepository;

  // Verify tokens are chosen by people: salted and slow to guess, unlike the random secrets of SecretHasher.
  bind<VerifyTokenHasher>(T.VerifyTokenHasher).toConstantValue(new ScryptVerifyTokenHasher());

  singleton(CreateProjectDeal, [
    uow,
    DEAL_TOKENS.DealRepository,
    DEAL_TOKENS.DealContactRepository,
    projects,
    pipelines,
    FindOrCreateLead,
    EventLog,
    ids,
    clock,
    DEAL_TOKENS.DealDispatchTrigger,
    ProjectDealDetails,
  ]);
  singleton(CreateDealFromInbound, [CreateProjectDeal]);
  singleton(CreateLeadFromInbound, [FindOrCreateLead]);
  bind<InboundActions>(T.InboundActions)
    .toResolvedValue(
      (create_deal: CreateDealFromInbound, create_lead: CreateLeadFromInbound): InboundActions => ({ create_deal, create_lead }),
      [CreateDealFromInbound, CreateLeadFromInbound],
    )
    .inSingletonScope();
  bind<InboundLimits>(T.InboundLimits)
    .toResolvedValue((config: Config): InboundLimits => ({ maxRecords: config.inboundMaxRecords }), [TOKENS.Config])
    .inSingletonScope();
  singleton(InboundProcessor, [
    uow,
    deliveries,
    T.InboundActions,
    EventLog,
    clock,
    TOKENS.Logger,
    DEAL_TOKENS.DealDispatchTrigger,
    T.InboundLimits,
  ]);

  // Signing secrets are sealed with the cipher (SECRETS_KEY) that seals inbox credentials.
  bind(HmacInboundSignatures).toConstantValue(new HmacInboundSignatures());
  singleton(EndpointCredentials, [hasher, WHATSAPP_TOKENS.CredentialCipher, HmacInboundSignatures]);

  singleton(ListWebhookEndpoints, [endpoints]);
  singleton(ListWebhookEndpointsAsOperator, [endpoints, TEAM_TOKENS.TeamRepository]);
  singleton(GetWebhookEndpoint, [endpoints]);
  singleton(CreateWebhookEndpoint, [uow, endpoints, projects, pipelines, hasher, EndpointCredentials, ids, clock]);
  singleton(UpdateWebhookEndpoint, [uow, endpoints, EndpointCredentials, clock]);
  singleton(UpdateWebhookEndpointAsOperator, [endpoints, UpdateWebhookEndpoint]);
  singleton(DeleteWebhookEndpoint, [uow, endpoints]);
  singleton(GetInboundEndpointStatus, [endpoints, T.VerifyTokenHasher]);
  singleton(SetWebhookVerifyToken, [uow, endpoints, T.VerifyTokenHasher, clock]);
  singleton(ReceiveInboundWebhook, [
    uow,
    endpoints,
    deliveries,
    InboundProcessor,
    hasher,
    EndpointCredentials,
    HmacInboundSignatures,
    ids,
    clock,
    TOKENS.Metrics,
  ]);
  singleton(ListInboundDeliveries, [endpoints, deliveries]);
  // Rotating SECRETS_KEY reseals everything it seals: this context is the one that sees inboxes, endpoints and
  // (events.ts importing no other context) event subscriptions.
  singleton(ResealSecrets, [
    uow,
    ResealInboxCredentials,
    endpoints,
    EVENT_TOKENS.EventSubscriptionRepository,
    WHATSAPP_TOKENS.CredentialCipher,
  ]);
  singleton(ReplayInboundDelivery, [endpoints, deliveries, InboundProcessor]);
  // The minimisation of raw payloads, which the event deliverer runs beside its purge (events.ts, which imports
  // no other context): this context sees both the deliveries and WhatsApp's messages.
  bind<RawPayloadRetention>(RAW_PAYLOAD_RETENTION)
    .toResolvedValue((config: Config): RawPayloadRetention => ({ ...config.minimisation }), [TOKENS.Config])
    .inSingletonScope();
  singleton(MinimiseRawPayloads, [deliveries, WHATSAPP_TOKENS.MessageRepository, clock, RAW_PAYLOAD_RETENTION]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(webhookRoutes, [
    services({
      list: ListWebhookEndpoints,
      get: GetWebhookEndpoint,
      create: CreateWebhookEndpoint,
      update: UpdateWebhookEndpoint,
      delete: DeleteWebhookEndpoint,
      inboundStatus: GetInboundEndpointStatus,
      receive: ReceiveInboundWebhook,
    }),
  ]);
  /**
   * A lead-form endpoint on the demo's client project, without a secret so that a newcomer can post
   * to it with curl, and one payload already received through it (a project deal with its lead).
   */
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (projectRepository: ProjectRepository, create: CreateWebhookEndpoint, receive: ReceiveInboundWebhook): DemoSeed =>
      async (team) => {
        const found = await projectRepository.list(team, {}, { page: 1, limit: 20, sort: { field: 'created_at', descending: false } });
        const project = found.items.find((p) => !p.isInternal) ?? found.items[0];
        if (!project) return;
        const { endpoint } = await create.execute(team, {
          name: 'Formulário do site',
          projectId: project.id,
          authMode: 'none',
          fieldMapping: { full_name: 'nome', phone: 'telefone', 'metadata.pagina': 'pagina' },
        });
        const payload = {
          nome: 'Mariana Costa',
          telefone: '(21) 99876-5432',
          email: 'mariana@example.com',
          pagina: '/orcamento',
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'lancamento',
          utm_term: 'loja virtual',
          utm_content: 'anuncio-1',
        };
        await receive.execute({
          endpointId: endpoint.endpointId,
          secret: null,
          body: { raw: JSON.stringify(payload), contentType: 'application/json' },
        });
      },
    [projects, CreateWebhookEndpoint, ReceiveInboundWebhook],
  );
  singleton(ResolveWebhookEndpointId, [endpoints]);
  const webhookCommandServices = later(
    services({
      create: CreateWebhookEndpoint,
      list: ListWebhookEndpointsAsOperator,
      deliveries: ListInboundDeliveries,
      replay: ReplayInboundDelivery,
      update: UpdateWebhookEndpointAsOperator,
      verifyToken: SetWebhookVerifyToken,
      resolveEndpoint: ResolveWebhookEndpointId,
    }),
  );
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(
    (uc: Later<Omit<WebhookCommandUseCases, 'publicBaseUrl'>>, config: Later<Config>) =>
      webhookCommands(() => ({ ...uc(), publicBaseUrl: config().publicBaseUrl })),
    [webhookCommandServices, later<Config>(TOKENS.Config)],
  );
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(secretCommands, [later(services({ resealSecrets: ResealSecrets }))]);
});
