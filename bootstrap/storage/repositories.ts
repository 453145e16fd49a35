import { Bind } from 'inversify';
import type { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import type { MemoryStore } from '../../adapters/persistence/memory/shared/memory-store';
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

/**
 * A repository port with both implementations, each built from its storage and then `with`, resolved in order.
 * Each class is required when its port is first resolved: the other backend's classes, and the repositories
 * a command does not use, are never loaded.
 */
interface Repository {
  token: symbol;
  memory: () => new (store: MemoryStore, ...more: never[]) => unknown;
  knex: () => new (database: KnexDatabase, ...more: never[]) => unknown;
  with?: symbol[];
}

/** Every port that is kept in storage: the storage modules bind each one, to its memory or its Knex class. */
/* eslint-disable @typescript-eslint/no-require-imports -- each class is loaded when its port is first resolved (above) */
const REPOSITORIES: Repository[] = [
  {
    token: TEAM_TOKENS.TeamRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/teams/memory-team-repository') as typeof import('../../adapters/persistence/memory/teams/memory-team-repository')
      ).MemoryTeamRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/teams/knex-team-repository') as typeof import('../../adapters/persistence/knex/teams/knex-team-repository')
      ).KnexTeamRepository,
  },
  {
    token: TEAM_TOKENS.ApiKeyRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/teams/memory-team-repository') as typeof import('../../adapters/persistence/memory/teams/memory-team-repository')
      ).MemoryApiKeyRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/teams/knex-team-repository') as typeof import('../../adapters/persistence/knex/teams/knex-team-repository')
      ).KnexApiKeyRepository,
  },
  {
    token: CLIENT_TOKENS.ClientRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/clients/memory-client-repository') as typeof import('../../adapters/persistence/memory/clients/memory-client-repository')
      ).MemoryClientRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/clients/knex-client-repository') as typeof import('../../adapters/persistence/knex/clients/knex-client-repository')
      ).KnexClientRepository,
  },
  {
    token: PROJECT_TOKENS.ProjectRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-project-repository') as typeof import('../../adapters/persistence/memory/projects/memory-project-repository')
      ).MemoryProjectRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-project-repository') as typeof import('../../adapters/persistence/knex/projects/knex-project-repository')
      ).KnexProjectRepository,
  },
  {
    token: PROJECT_TOKENS.StageRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-stage-repository') as typeof import('../../adapters/persistence/memory/projects/memory-stage-repository')
      ).MemoryStageRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-stage-repository') as typeof import('../../adapters/persistence/knex/projects/knex-stage-repository')
      ).KnexStageRepository,
  },
  {
    token: PROJECT_TOKENS.SquadRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-squad-repository') as typeof import('../../adapters/persistence/memory/projects/memory-squad-repository')
      ).MemorySquadRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-squad-repository') as typeof import('../../adapters/persistence/knex/projects/knex-squad-repository')
      ).KnexSquadRepository,
  },
  {
    token: PROJECT_TOKENS.PipelineRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-pipeline-repository') as typeof import('../../adapters/persistence/memory/projects/memory-pipeline-repository')
      ).MemoryPipelineRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-pipeline-repository') as typeof import('../../adapters/persistence/knex/projects/knex-pipeline-repository')
      ).KnexPipelineRepository,
  },
  {
    token: PROJECT_TOKENS.LeadRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-lead-repository') as typeof import('../../adapters/persistence/memory/projects/memory-lead-repository')
      ).MemoryLeadRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-lead-repository') as typeof import('../../adapters/persistence/knex/projects/knex-lead-repository')
      ).KnexLeadRepository,
  },
  {
    token: PROJECT_TOKENS.ContactIdentityRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-contact-identity-repository') as typeof import('../../adapters/persistence/memory/projects/memory-contact-identity-repository')
      ).MemoryContactIdentityRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-contact-identity-repository') as typeof import('../../adapters/persistence/knex/projects/knex-contact-identity-repository')
      ).KnexContactIdentityRepository,
  },
  {
    token: PROJECT_TOKENS.CompanyRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/projects/memory-company-repository') as typeof import('../../adapters/persistence/memory/projects/memory-company-repository')
      ).MemoryCompanyRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/projects/knex-company-repository') as typeof import('../../adapters/persistence/knex/projects/knex-company-repository')
      ).KnexCompanyRepository,
  },
  {
    token: DEAL_TOKENS.DealRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/deals/memory-deal-repository') as typeof import('../../adapters/persistence/memory/deals/memory-deal-repository')
      ).MemoryDealRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/deals/knex-deal-repository') as typeof import('../../adapters/persistence/knex/deals/knex-deal-repository')
      ).KnexDealRepository,
  },
  {
    token: DEAL_TOKENS.IdempotencyKeyRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/deals/memory-idempotency-key-repository') as typeof import('../../adapters/persistence/memory/deals/memory-idempotency-key-repository')
      ).MemoryIdempotencyKeyRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/deals/knex-idempotency-key-repository') as typeof import('../../adapters/persistence/knex/deals/knex-idempotency-key-repository')
      ).KnexIdempotencyKeyRepository,
  },
  {
    token: TOKENS.BatchKeyRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/shared/memory-batch-key-repository') as typeof import('../../adapters/persistence/memory/shared/memory-batch-key-repository')
      ).MemoryBatchKeyRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/shared/knex-batch-key-repository') as typeof import('../../adapters/persistence/knex/shared/knex-batch-key-repository')
      ).KnexBatchKeyRepository,
  },
  {
    token: EVENT_TOKENS.EventOutbox,
    memory: () =>
      (
        require('../../adapters/persistence/memory/events/memory-event-outbox') as typeof import('../../adapters/persistence/memory/events/memory-event-outbox')
      ).MemoryEventOutbox,
    knex: () =>
      (
        require('../../adapters/persistence/knex/events/knex-event-outbox') as typeof import('../../adapters/persistence/knex/events/knex-event-outbox')
      ).KnexEventOutbox,
  },
  {
    token: EVENT_TOKENS.EventDeliveryRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/events/memory-event-delivery-repository') as typeof import('../../adapters/persistence/memory/events/memory-event-delivery-repository')
      ).MemoryEventDeliveryRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/events/knex-event-delivery-repository') as typeof import('../../adapters/persistence/knex/events/knex-event-delivery-repository')
      ).KnexEventDeliveryRepository,
  },
  {
    token: EVENT_TOKENS.EventSubscriptionRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/events/memory-event-subscription-repository') as typeof import('../../adapters/persistence/memory/events/memory-event-subscription-repository')
      ).MemoryEventSubscriptionRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/events/knex-event-subscription-repository') as typeof import('../../adapters/persistence/knex/events/knex-event-subscription-repository')
      ).KnexEventSubscriptionRepository,
  },
  {
    token: DEAL_TOKENS.WorkflowRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/deals/memory-workflow-repository') as typeof import('../../adapters/persistence/memory/deals/memory-workflow-repository')
      ).MemoryWorkflowRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/deals/knex-workflow-repository') as typeof import('../../adapters/persistence/knex/deals/knex-workflow-repository')
      ).KnexWorkflowRepository,
  },
  {
    token: DEAL_TOKENS.WorkflowRunRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/deals/memory-workflow-repository') as typeof import('../../adapters/persistence/memory/deals/memory-workflow-repository')
      ).MemoryWorkflowRunRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/deals/knex-workflow-repository') as typeof import('../../adapters/persistence/knex/deals/knex-workflow-repository')
      ).KnexWorkflowRunRepository,
  },
  {
    token: DEAL_TOKENS.DealContactRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/deals/memory-deal-contact-repository') as typeof import('../../adapters/persistence/memory/deals/memory-deal-contact-repository')
      ).MemoryDealContactRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/deals/knex-deal-contact-repository') as typeof import('../../adapters/persistence/knex/deals/knex-deal-contact-repository')
      ).KnexDealContactRepository,
  },
  {
    token: DEAL_TOKENS.ProjectLeadReader,
    memory: () =>
      (
        require('../../adapters/persistence/memory/deals/memory-project-lead-reader') as typeof import('../../adapters/persistence/memory/deals/memory-project-lead-reader')
      ).MemoryProjectLeadReader,
    knex: () =>
      (
        require('../../adapters/persistence/knex/deals/knex-project-lead-reader') as typeof import('../../adapters/persistence/knex/deals/knex-project-lead-reader')
      ).KnexProjectLeadReader,
  },
  {
    token: TASK_TOKENS.TaskRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/tasks/memory-task-repository') as typeof import('../../adapters/persistence/memory/tasks/memory-task-repository')
      ).MemoryTaskRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/tasks/knex-task-repository') as typeof import('../../adapters/persistence/knex/tasks/knex-task-repository')
      ).KnexTaskRepository,
  },
  {
    token: CAMPAIGN_TOKENS.CampaignRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/campaigns/memory-campaign-repository') as typeof import('../../adapters/persistence/memory/campaigns/memory-campaign-repository')
      ).MemoryCampaignRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/campaigns/knex-campaign-repository') as typeof import('../../adapters/persistence/knex/campaigns/knex-campaign-repository')
      ).KnexCampaignRepository,
  },
  {
    token: ACTIVITY_TOKENS.ActivityRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/activities/memory-activity-repository') as typeof import('../../adapters/persistence/memory/activities/memory-activity-repository')
      ).MemoryActivityRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/activities/knex-activity-repository') as typeof import('../../adapters/persistence/knex/activities/knex-activity-repository')
      ).KnexActivityRepository,
  },
  {
    token: WHATSAPP_TOKENS.ContactRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/whatsapp/memory-contact-repository') as typeof import('../../adapters/persistence/memory/whatsapp/memory-contact-repository')
      ).MemoryContactRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/whatsapp/knex-contact-repository') as typeof import('../../adapters/persistence/knex/whatsapp/knex-contact-repository')
      ).KnexContactRepository,
  },
  // Inboxes keep their credentials encrypted with the cipher the WhatsApp context binds.
  {
    token: WHATSAPP_TOKENS.InboxRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/whatsapp/memory-inbox-repository') as typeof import('../../adapters/persistence/memory/whatsapp/memory-inbox-repository')
      ).MemoryInboxRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/whatsapp/knex-inbox-repository') as typeof import('../../adapters/persistence/knex/whatsapp/knex-inbox-repository')
      ).KnexInboxRepository,
    with: [WHATSAPP_TOKENS.CredentialCipher],
  },
  {
    token: WHATSAPP_TOKENS.ConversationRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/whatsapp/memory-conversation-repository') as typeof import('../../adapters/persistence/memory/whatsapp/memory-conversation-repository')
      ).MemoryConversationRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/whatsapp/knex-conversation-repository') as typeof import('../../adapters/persistence/knex/whatsapp/knex-conversation-repository')
      ).KnexConversationRepository,
  },
  {
    token: WHATSAPP_TOKENS.MessageRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/whatsapp/memory-message-repository') as typeof import('../../adapters/persistence/memory/whatsapp/memory-message-repository')
      ).MemoryMessageRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/whatsapp/knex-message-repository') as typeof import('../../adapters/persistence/knex/whatsapp/knex-message-repository')
      ).KnexMessageRepository,
  },
  {
    token: WHATSAPP_TOKENS.InboxErrorRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/whatsapp/memory-inbox-error-repository') as typeof import('../../adapters/persistence/memory/whatsapp/memory-inbox-error-repository')
      ).MemoryInboxErrorRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/whatsapp/knex-inbox-error-repository') as typeof import('../../adapters/persistence/knex/whatsapp/knex-inbox-error-repository')
      ).KnexInboxErrorRepository,
  },
  {
    token: WEBHOOK_TOKENS.WebhookEndpointRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/webhooks/memory-webhook-endpoint-repository') as typeof import('../../adapters/persistence/memory/webhooks/memory-webhook-endpoint-repository')
      ).MemoryWebhookEndpointRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/webhooks/knex-webhook-endpoint-repository') as typeof import('../../adapters/persistence/knex/webhooks/knex-webhook-endpoint-repository')
      ).KnexWebhookEndpointRepository,
  },
  {
    token: WEBHOOK_TOKENS.InboundDeliveryRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/webhooks/memory-inbound-delivery-repository') as typeof import('../../adapters/persistence/memory/webhooks/memory-inbound-delivery-repository')
      ).MemoryInboundDeliveryRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/webhooks/knex-inbound-delivery-repository') as typeof import('../../adapters/persistence/knex/webhooks/knex-inbound-delivery-repository')
      ).KnexInboundDeliveryRepository,
  },
  {
    token: IMPORT_TOKENS.ImportRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/imports/memory-import-repository') as typeof import('../../adapters/persistence/memory/imports/memory-import-repository')
      ).MemoryImportRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/imports/knex-import-repository') as typeof import('../../adapters/persistence/knex/imports/knex-import-repository')
      ).KnexImportRepository,
  },
  {
    token: PRIVACY_TOKENS.PrivacyErasureRepository,
    memory: () =>
      (
        require('../../adapters/persistence/memory/privacy/memory-privacy-erasure-repository') as typeof import('../../adapters/persistence/memory/privacy/memory-privacy-erasure-repository')
      ).MemoryPrivacyErasureRepository,
    knex: () =>
      (
        require('../../adapters/persistence/knex/privacy/knex-privacy-erasure-repository') as typeof import('../../adapters/persistence/knex/privacy/knex-privacy-erasure-repository')
      ).KnexPrivacyErasureRepository,
  },
  {
    token: PRIVACY_TOKENS.PersonalCopies,
    memory: () =>
      (
        require('../../adapters/persistence/memory/shared/memory-personal-copies') as typeof import('../../adapters/persistence/memory/shared/memory-personal-copies')
      ).MemoryPersonalCopies,
    knex: () =>
      (
        require('../../adapters/persistence/knex/shared/knex-personal-copies') as typeof import('../../adapters/persistence/knex/shared/knex-personal-copies')
      ).KnexPersonalCopies,
  },
  {
    token: PRIVACY_TOKENS.SearchIndexes,
    memory: () =>
      (
        require('../../adapters/persistence/memory/shared/memory-search-indexes') as typeof import('../../adapters/persistence/memory/shared/memory-search-indexes')
      ).MemorySearchIndexes,
    knex: () =>
      (
        require('../../adapters/persistence/knex/shared/knex-search-indexes') as typeof import('../../adapters/persistence/knex/shared/knex-search-indexes')
      ).KnexSearchIndexes,
  },
];
/* eslint-enable @typescript-eslint/no-require-imports */

/** Binds every repository port, one instance per container, to the `backend` implementation over the `storage` token. */
export function bindRepositories(bind: Bind, backend: 'memory' | 'knex', storage: symbol): void {
  for (const repository of REPOSITORIES) {
    const implementation = repository[backend];
    bind(repository.token)
      .toResolvedValue((store: never, ...more: never[]) => new (implementation())(store, ...more), [storage, ...(repository.with ?? [])])
      .inSingletonScope();
  }
}
