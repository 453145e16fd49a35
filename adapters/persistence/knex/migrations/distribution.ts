// The distribution plan of the schema (docs/scaling.md "Distribution plan"), read by the schema test that holds every
// migrated table to it. Not a migration: migrations never import it, so it may follow the schema as it grows.
//
// Every table that has a `team_id` column is a tenant table, distributed by `team_id` (Citus), unless it is
// named below as a reference table. A tenant table's primary key, unique keys and indexes hold team_id, and
// each of its references to another tenant table is a foreign key on (team_id, <column>).

export const DISTRIBUTION_COLUMN = 'team_id';

/** Tables kept whole on every node, and why they are not distributed by team. */
export const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  teams: 'one row per team (the tenant itself), read by every request after its API key; api_keys references it',
  api_keys: 'looked up by the hash of the key before the team is known; its key_hash is unique across teams',
};

/** The migrator's own bookkeeping: neither tenant nor reference data. */
export const MIGRATOR_TABLES: readonly string[] = ['knex_migrations', 'knex_migrations_lock'];

/** SQLite's write-lock table (migration 20261129000100): holds no rows, never on PostgreSQL. */
export const LOCK_TABLES: readonly string[] = ['write_lock'];

/**
 * Indexes of tenant tables that hold no team_id, and why. PostgreSQL's trigram indexes (GIN over the folded
 * search text): a non-unique index needs no distribution column (each shard indexes its own rows), and one
 * holding team_id (btree_gin) reads the whole team's entry on every search, slower for a large team.
 */
export const INDEXES_WITHOUT_TEAM: Readonly<Record<string, string>> = {
  deals_search_trgm: 'trigram search index (GIN): narrows the rows a search then filters by team',
  clients_search_trgm: 'trigram search index (GIN): narrows the rows a search then filters by team',
  project_leads_search_trgm: 'trigram search index (GIN): narrows the rows a search then filters by team',
  tasks_search_trgm: 'trigram search index (GIN): narrows the rows a search then filters by team',
  whatsapp_contacts_search_trgm: 'trigram search index (GIN): narrows the rows a search then filters by team',
};

const PERSON = 'a person: the API has no users resource, it checks the UUID form only';
const PROVIDER = 'an id given by the WhatsApp provider';

/**
 * The `*_id` columns of tenant tables that are not foreign keys, and why. Every other `*_id` column of a
 * tenant table (besides team_id and id) must be part of a foreign key.
 */
export const UNLINKED_ID_COLUMNS: Readonly<Record<string, string>> = {
  'deals.responsible_id': PERSON,
  'deals.loss_reason_id': 'one of the loss reasons kept as JSON inside the pipeline row',
  'deal_idempotency_keys.deal_id': 'claimed before its deal is written, as the lock of the request; read only with its team',
  'tasks.assignee_id': PERSON,
  'tasks.reporter_id': PERSON,
  'task_assignees.assignee_id': PERSON,
  'activities.contract_id': 'a contract: no such table in this schema',
  'workflow_runs.entity_id': 'the deal the event was about, named by the event',
  'workflow_runs.event_id': 'events are purged after their retention; the run stays the record of what ran',
  'events.subject_id': 'the record the event is about, of any kind, possibly deleted since (task.deleted)',
  'events.request_id': 'the X-Request-Id of the request that made the change: an id of no table',
  'event_deliveries.event_id': 'events are purged after their retention; the delivery stays the record of what was sent',
  'event_deliveries.subscription_id': 'deliveries are kept after their subscription is deleted, as the record of what was sent',
  'import_rows.record_id': 'the record the row wrote: a client or a lead, as the import says',
  'project_leads.public_id': 'the short public id of the lead itself, not a reference',
  'webhook_endpoints.endpoint_id': 'the public id of the endpoint itself, not a reference',
  'webhook_deliveries.webhook_id':
    'deliveries are kept after their endpoint is deleted (DELETE /webhooks/:id), as the record of what was accepted',
  'webhook_deliveries.entity_id': 'what the delivery created: a deal or a lead, as entity_type says',
  'whatsapp_inboxes.phone_number_id': PROVIDER,
  'whatsapp_messages.provider_message_id': PROVIDER,
  'whatsapp_messages.media_id': PROVIDER,
  'whatsapp_messages.context_id': PROVIDER,
  'privacy_erasures.request_id': 'the X-Request-Id the erasure came with, not a reference',
};
