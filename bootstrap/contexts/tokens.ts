// Every context's own container tokens, in a module of their own that loads nothing but the shared tokens:
// the storage module binds repositories under them, and a context names another's, without loading any
// context's use cases, adapters or HTTP schemas. Each context re-exports its own (`CLIENT_TOKENS` from
// contexts/clients.ts).
import { TOKENS } from '../tokens';

export const TEAM_TOKENS = {
  TeamRepository: Symbol.for('TeamRepository'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
} as const;

export const CLIENT_TOKENS = {
  ClientRepository: Symbol.for('ClientRepository'),
} as const;

export const EVENT_TOKENS = {
  /** The event log, which is the dispatcher's outbox too. */
  EventOutbox: Symbol.for('EventOutbox'),
  EventObjects: Symbol.for('EventObjects'),
  EventSubscriptionRepository: Symbol.for('EventSubscriptionRepository'),
  EventSigning: Symbol.for('EventSigning'),
  /** Where events may be sent: the `EventTargetGuard` port, bound to the `EventUrlGuard` (which deliveries `prepare` with). */
  EventTargetGuard: Symbol.for('EventTargetGuard'),
  EventSubscriptionLimits: Symbol.for('EventSubscriptionLimits'),
  EventDeliveryRepository: Symbol.for('EventDeliveryRepository'),
  /** What the dispatcher hands each event to: the fan-out to subscriptions, and the deliverer it wakes. */
  Subscribers: Symbol.for('EventSubscribers'),
  /**
   * Wakes the dispatcher after a write that appended events has committed (bound by the deals context, whose
   * scheduler runs it). Declared here, beside the log, so that every context that writes events can name it.
   */
  DispatchTrigger: Symbol.for('DealDispatchTrigger'),
  /** `AUDIT_RETENTION_DAYS`: how long the audit trail is read back. */
  AuditRetentionDays: Symbol.for('AuditRetentionDays'),
} as const;

export const PROJECT_TOKENS = {
  ProjectRepository: Symbol.for('ProjectRepository'),
  StageRepository: Symbol.for('StageRepository'),
  SquadRepository: Symbol.for('SquadRepository'),
  PipelineRepository: Symbol.for('PipelineRepository'),
  LeadRepository: Symbol.for('LeadRepository'),
  ContactIdentityRepository: Symbol.for('ContactIdentityRepository'),
  CompanyRepository: Symbol.for('CompanyRepository'),
  LeadIntakePorts: Symbol.for('LeadIntakePorts'),
} as const;

export const DEAL_TOKENS = {
  DealRepository: Symbol.for('DealRepository'),
  IdempotencyKeyRepository: Symbol.for('IdempotencyKeyRepository'),
  WorkflowRepository: Symbol.for('WorkflowRepository'),
  WorkflowRunRepository: Symbol.for('WorkflowRunRepository'),
  /** The contacts linked to project deals and the batched reads of their leads. */
  DealContactRepository: Symbol.for('DealContactRepository'),
  ProjectLeadReader: Symbol.for('ProjectLeadReader'),
  DealDispatchTrigger: EVENT_TOKENS.DispatchTrigger,
  DealScopeResolver: Symbol.for('DealScopeResolver'),
  /** How long a dispatcher's claim holds its events, and how often the scheduler looks at the outbox (OUTBOX_*). */
  OutboxLeaseMs: Symbol.for('OutboxLeaseMs'),
  OutboxPollMs: Symbol.for('OutboxPollMs'),
} as const;

export const TASK_TOKENS = {
  TaskRepository: Symbol.for('TaskRepository'),
} as const;

export const CAMPAIGN_TOKENS = {
  CampaignRepository: Symbol.for('CampaignRepository'),
} as const;

export const ACTIVITY_TOKENS = {
  ActivityRepository: Symbol.for('ActivityRepository'),
} as const;

export const WHATSAPP_TOKENS = {
  ContactRepository: Symbol.for('WhatsAppContactRepository'),
  InboxRepository: Symbol.for('WhatsAppInboxRepository'),
  ConversationRepository: Symbol.for('WhatsAppConversationRepository'),
  MessageRepository: Symbol.for('WhatsAppMessageRepository'),
  InboxErrorRepository: Symbol.for('WhatsAppInboxErrorRepository'),
  Provider: Symbol.for('WhatsAppProvider'),
  ProviderOptions: Symbol.for('WhatsAppProviderOptions'),
  MediaProbe: Symbol.for('WhatsAppMediaProbe'),
  /** Bound here; shared by every context that keeps a secret (`TOKENS.CredentialCipher`). */
  CredentialCipher: TOKENS.CredentialCipher,
} as const;

export const WEBHOOK_TOKENS = {
  WebhookEndpointRepository: Symbol.for('WebhookEndpointRepository'),
  InboundDeliveryRepository: Symbol.for('InboundDeliveryRepository'),
  InboundActions: Symbol.for('InboundActions'),
  VerifyTokenHasher: Symbol.for('WebhookVerifyTokenHasher'),
  InboundLimits: Symbol.for('InboundLimits'),
} as const;

export const IMPORT_TOKENS = {
  ImportRepository: Symbol.for('ImportRepository'),
  /** How a file is read (the CSV and TSV reader). */
  SheetReader: Symbol.for('SheetReader'),
  /** The reading rules of a sheet (domain/imports/sheet-columns.ts). */
  SheetRules: Symbol.for('SheetRules'),
  /** What an import writes its rows through: the clients' and the leads' batch upserts. */
  RowWriters: Symbol.for('ImportRowWriters'),
  ImportLimits: Symbol.for('ImportLimits'),
} as const;

export const PRIVACY_TOKENS = {
  /** The privacy log: one entry per erasure. */
  PrivacyErasureRepository: Symbol.for('PrivacyErasureRepository'),
  /** The copies of a person's values beside their records (import rows, idempotency answers, run errors). */
  PersonalCopies: Symbol.for('PersonalCopies'),
  /** The search indexes an erasure compacts (SQLite's FTS5). */
  SearchIndexes: Symbol.for('SearchIndexes'),
  /** The salted hash of an erasure's identifiers. */
  IdentifierHasher: Symbol.for('IdentifierHasher'),
} as const;
