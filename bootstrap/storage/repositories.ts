import { Bind } from 'inversify';
import { KnexActivityRepository } from '../../adapters/persistence/knex/activities/knex-activity-repository';
import { KnexCampaignRepository } from '../../adapters/persistence/knex/campaigns/knex-campaign-repository';
import { KnexClientRepository } from '../../adapters/persistence/knex/clients/knex-client-repository';
import { KnexDealContactRepository } from '../../adapters/persistence/knex/deals/knex-deal-contact-repository';
import { KnexImportRepository } from '../../adapters/persistence/knex/imports/knex-import-repository';
import { KnexEventOutbox } from '../../adapters/persistence/knex/events/knex-event-outbox';
import { KnexEventDeliveryRepository } from '../../adapters/persistence/knex/events/knex-event-delivery-repository';
import { KnexEventSubscriptionRepository } from '../../adapters/persistence/knex/events/knex-event-subscription-repository';
import { KnexDealRepository } from '../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexIdempotencyKeyRepository } from '../../adapters/persistence/knex/deals/knex-idempotency-key-repository';
import { KnexProjectLeadReader } from '../../adapters/persistence/knex/deals/knex-project-lead-reader';
import { KnexWorkflowRepository, KnexWorkflowRunRepository } from '../../adapters/persistence/knex/deals/knex-workflow-repository';
import { KnexCompanyRepository } from '../../adapters/persistence/knex/projects/knex-company-repository';
import { KnexContactIdentityRepository } from '../../adapters/persistence/knex/projects/knex-contact-identity-repository';
import { KnexLeadRepository } from '../../adapters/persistence/knex/projects/knex-lead-repository';
import { KnexPipelineRepository } from '../../adapters/persistence/knex/projects/knex-pipeline-repository';
import { KnexProjectRepository } from '../../adapters/persistence/knex/projects/knex-project-repository';
import { KnexSquadRepository } from '../../adapters/persistence/knex/projects/knex-squad-repository';
import { KnexStageRepository } from '../../adapters/persistence/knex/projects/knex-stage-repository';
import { KnexBatchKeyRepository } from '../../adapters/persistence/knex/shared/knex-batch-key-repository';
import { KnexPersonalCopies } from '../../adapters/persistence/knex/shared/knex-personal-copies';
import { KnexSearchIndexes } from '../../adapters/persistence/knex/shared/knex-search-indexes';
import { KnexPrivacyErasureRepository } from '../../adapters/persistence/knex/privacy/knex-privacy-erasure-repository';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { KnexTaskRepository } from '../../adapters/persistence/knex/tasks/knex-task-repository';
import { KnexApiKeyRepository, KnexTeamRepository } from '../../adapters/persistence/knex/teams/knex-team-repository';
import { KnexInboundDeliveryRepository } from '../../adapters/persistence/knex/webhooks/knex-inbound-delivery-repository';
import { KnexWebhookEndpointRepository } from '../../adapters/persistence/knex/webhooks/knex-webhook-endpoint-repository';
import { KnexContactRepository } from '../../adapters/persistence/knex/whatsapp/knex-contact-repository';
import { KnexConversationRepository } from '../../adapters/persistence/knex/whatsapp/knex-conversation-repository';
import { KnexInboxErrorRepository } from '../../adapters/persistence/knex/whatsapp/knex-inbox-error-repository';
import { KnexInboxRepository } from '../../adapters/persistence/knex/whatsapp/knex-inbox-repository';
import { KnexMessageRepository } from '../../adapters/persistence/knex/whatsapp/knex-message-repository';
import { MemoryActivityRepository } from '../../adapters/persistence/memory/activities/memory-activity-repository';
import { MemoryCampaignRepository } from '../../adapters/persistence/memory/campaigns/memory-campaign-repository';
import { MemoryClientRepository } from '../../adapters/persistence/memory/clients/memory-client-repository';
import { MemoryDealContactRepository } from '../../adapters/persistence/memory/deals/memory-deal-contact-repository';
import { MemoryImportRepository } from '../../adapters/persistence/memory/imports/memory-import-repository';
import { MemoryEventOutbox } from '../../adapters/persistence/memory/events/memory-event-outbox';
import { MemoryEventDeliveryRepository } from '../../adapters/persistence/memory/events/memory-event-delivery-repository';
import { MemoryEventSubscriptionRepository } from '../../adapters/persistence/memory/events/memory-event-subscription-repository';
import { MemoryDealRepository } from '../../adapters/persistence/memory/deals/memory-deal-repository';
import { MemoryIdempotencyKeyRepository } from '../../adapters/persistence/memory/deals/memory-idempotency-key-repository';
import { MemoryProjectLeadReader } from '../../adapters/persistence/memory/deals/memory-project-lead-reader';
import { MemoryWorkflowRepository, MemoryWorkflowRunRepository } from '../../adapters/persistence/memory/deals/memory-workflow-repository';
import { MemoryCompanyRepository } from '../../adapters/persistence/memory/projects/memory-company-repository';
import { MemoryContactIdentityRepository } from '../../adapters/persistence/memory/projects/memory-contact-identity-repository';
import { MemoryLeadRepository } from '../../adapters/persistence/memory/projects/memory-lead-repository';
import { MemoryPipelineRepository } from '../../adapters/persistence/memory/projects/memory-pipeline-repository';
import { MemoryProjectRepository } from '../../adapters/persistence/memory/projects/memory-project-repository';
import { MemorySquadRepository } from '../../adapters/persistence/memory/projects/memory-squad-repository';
import { MemoryStageRepository } from '../../adapters/persistence/memory/projects/memory-stage-repository';
import { MemoryBatchKeyRepository } from '../../adapters/persistence/memory/shared/memory-batch-key-repository';
import { MemoryPersonalCopies } from '../../adapters/persistence/memory/shared/memory-personal-copies';
import { MemorySearchIndexes } from '../../adapters/persistence/memory/shared/memory-search-indexes';
import { MemoryPrivacyErasureRepository } from '../../adapters/persistence/memory/privacy/memory-privacy-erasure-repository';
import { MemoryStore } from '../../adapters/persistence/memory/shared/memory-store';
import { MemoryTaskRepository } from '../../adapters/persistence/memory/tasks/memory-task-repository';
import { MemoryApiKeyRepository, MemoryTeamRepository } from '../../adapters/persistence/memory/teams/memory-team-repository';
import { MemoryInboundDeliveryRepository } from '../../adapters/persistence/memory/webhooks/memory-inbound-delivery-repository';
import { MemoryWebhookEndpointRepository } from '../../adapters/persistence/memory/webhooks/memory-webhook-endpoint-repository';
import { MemoryContactRepository } from '../../adapters/persistence/memory/whatsapp/memory-contact-repository';
import { MemoryConversationRepository } from '../../adapters/persistence/memory/whatsapp/memory-conversation-repository';
import { MemoryInboxErrorRepository } from '../../adapters/persistence/memory/whatsapp/memory-inbox-error-repository';
import { MemoryInboxRepository } from '../../adapters/persistence/memory/whatsapp/memory-inbox-repository';
import { MemoryMessageRepository } from '../../adapters/persistence/memory/whatsapp/memory-message-repository';
import {
  ACTIVITY_TOKENS,
  CAMPAIGN_TOKENS,
  CLIENT_TOKENS,
  DEAL_TOKENS,
  EVENT_TOKENS,
  IMPORT_TOKENS,
  PRIVACY_TOKENS,
  PROJECT_TOKENS,
  TASK_TOKENS,
  TEAM_TOKENS,
  WEBHOOK_TOKENS,
  WHATSAPP_TOKENS,
} from '../contexts/tokens';
import { TOKENS } from '../tokens';

/** A repository port with both implementations, each built from its storage and then `with`, resolved in order. */
interface Repository {
  token: symbol;
  memory: new (store: MemoryStore, ...more: never[]) => unknown;
  knex: new (database: KnexDatabase, ...more: never[]) => unknown;
  with?: symbol[];
}

/** Every port that is kept in storage: the storage modules bind each one, to its memory or its Knex class. */
const REPOSITORIES: Repository[] = [
  { token: TEAM_TOKENS.TeamRepository, memory: MemoryTeamRepository, knex: KnexTeamRepository },
  { token: TEAM_TOKENS.ApiKeyRepository, memory: MemoryApiKeyRepository, knex: KnexApiKeyRepository },
  { token: CLIENT_TOKENS.ClientRepository, memory: MemoryClientRepository, knex: KnexClientRepository },
  { token: PROJECT_TOKENS.ProjectRepository, memory: MemoryProjectRepository, knex: KnexProjectRepository },
  { token: PROJECT_TOKENS.StageRepository, memory: MemoryStageRepository, knex: KnexStageRepository },
  { token: PROJECT_TOKENS.SquadRepository, memory: MemorySquadRepository, knex: KnexSquadRepository },
  { token: PROJECT_TOKENS.PipelineRepository, memory: MemoryPipelineRepository, knex: KnexPipelineRepository },
  { token: PROJECT_TOKENS.LeadRepository, memory: MemoryLeadRepository, knex: KnexLeadRepository },
  { token: PROJECT_TOKENS.ContactIdentityRepository, memory: MemoryContactIdentityRepository, knex: KnexContactIdentityRepository },
  { token: PROJECT_TOKENS.CompanyRepository, memory: MemoryCompanyRepository, knex: KnexCompanyRepository },
  { token: DEAL_TOKENS.DealRepository, memory: MemoryDealRepository, knex: KnexDealRepository },
  { token: DEAL_TOKENS.IdempotencyKeyRepository, memory: MemoryIdempotencyKeyRepository, knex: KnexIdempotencyKeyRepository },
  { token: TOKENS.BatchKeyRepository, memory: MemoryBatchKeyRepository, knex: KnexBatchKeyRepository },
  { token: EVENT_TOKENS.EventOutbox, memory: MemoryEventOutbox, knex: KnexEventOutbox },
  { token: EVENT_TOKENS.EventDeliveryRepository, memory: MemoryEventDeliveryRepository, knex: KnexEventDeliveryRepository },
  {
    token: EVENT_TOKENS.EventSubscriptionRepository,
    memory: MemoryEventSubscriptionRepository,
    knex: KnexEventSubscriptionRepository,
  },
  { token: DEAL_TOKENS.WorkflowRepository, memory: MemoryWorkflowRepository, knex: KnexWorkflowRepository },
  { token: DEAL_TOKENS.WorkflowRunRepository, memory: MemoryWorkflowRunRepository, knex: KnexWorkflowRunRepository },
  { token: DEAL_TOKENS.DealContactRepository, memory: MemoryDealContactRepository, knex: KnexDealContactRepository },
  { token: DEAL_TOKENS.ProjectLeadReader, memory: MemoryProjectLeadReader, knex: KnexProjectLeadReader },
  { token: TASK_TOKENS.TaskRepository, memory: MemoryTaskRepository, knex: KnexTaskRepository },
  { token: CAMPAIGN_TOKENS.CampaignRepository, memory: MemoryCampaignRepository, knex: KnexCampaignRepository },
  { token: ACTIVITY_TOKENS.ActivityRepository, memory: MemoryActivityRepository, knex: KnexActivityRepository },
  { token: WHATSAPP_TOKENS.ContactRepository, memory: MemoryContactRepository, knex: KnexContactRepository },
  // Inboxes keep their credentials encrypted with the cipher the WhatsApp context binds.
  {
    token: WHATSAPP_TOKENS.InboxRepository,
    memory: MemoryInboxRepository,
    knex: KnexInboxRepository,
    with: [WHATSAPP_TOKENS.CredentialCipher],
  },
  { token: WHATSAPP_TOKENS.ConversationRepository, memory: MemoryConversationRepository, knex: KnexConversationRepository },
  { token: WHATSAPP_TOKENS.MessageRepository, memory: MemoryMessageRepository, knex: KnexMessageRepository },
  { token: WHATSAPP_TOKENS.InboxErrorRepository, memory: MemoryInboxErrorRepository, knex: KnexInboxErrorRepository },
  { token: WEBHOOK_TOKENS.WebhookEndpointRepository, memory: MemoryWebhookEndpointRepository, knex: KnexWebhookEndpointRepository },
  { token: WEBHOOK_TOKENS.InboundDeliveryRepository, memory: MemoryInboundDeliveryRepository, knex: KnexInboundDeliveryRepository },
  { token: IMPORT_TOKENS.ImportRepository, memory: MemoryImportRepository, knex: KnexImportRepository },
  { token: PRIVACY_TOKENS.PrivacyErasureRepository, memory: MemoryPrivacyErasureRepository, knex: KnexPrivacyErasureRepository },
  { token: PRIVACY_TOKENS.PersonalCopies, memory: MemoryPersonalCopies, knex: KnexPersonalCopies },
  { token: PRIVACY_TOKENS.SearchIndexes, memory: MemorySearchIndexes, knex: KnexSearchIndexes },
];

/** Binds every repository port, one instance per container, to the `backend` implementation over the `storage` token. */
export function bindRepositories(bind: Bind, backend: 'memory' | 'knex', storage: symbol): void {
  for (const repository of REPOSITORIES) {
    const Implementation = repository[backend];
    bind(repository.token)
      .toResolvedValue((store: never, ...more: never[]) => new Implementation(store, ...more), [storage, ...(repository.with ?? [])])
      .inSingletonScope();
  }
}
