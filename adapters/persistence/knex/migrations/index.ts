import { Knex } from 'knex';
import * as m0100 from './20261122000100_teams';
import * as m0200 from './20261122000200_clients';
import * as m0300 from './20261122000300_projects';
import * as m0400 from './20261122000400_deals';
import * as m0500 from './20261122000500_tasks';
import * as m0600 from './20261122000600_campaigns';
import * as m0700 from './20261122000700_activities';
import * as m0800 from './20261122000800_whatsapp';
import * as m0900 from './20261122000900_webhooks';
import * as m1000 from './20261122001000_deal_contacts';
import * as m20261124000400 from './20261124000400_search_text';
import * as m20261124000600 from './20261124000600_whatsapp_messages';
import * as m20261124000700 from './20261124000700_inbound_receiver';
import * as m20261124000800 from './20261124000800_deal_list_indexes';
import * as m20261124000900 from './20261124000900_deal_counts';
import * as m20261124001000 from './20261124001000_search_trigram';
import * as m20261125000100 from './20261125000100_search_fts';
import * as m20261125000200 from './20261125000200_list_counts';
import * as m20261126000100 from './20261126000100_team_foreign_keys';
import * as m20261126000200 from './20261126000200_deal_day_counts';
import * as m20261126000300 from './20261126000300_deal_versions';
import * as m20261126000400 from './20261126000400_client_versions';
import * as m20261127000100 from './20261127000100_write_slots';
import * as m20261128000100 from './20261128000100_inbound_auth_modes';
import * as m20261128000500 from './20261128000500_salted_verify_tokens';
import * as m20261129000100 from './20261129000100_write_lock';
import * as m20261130000100 from './20261130000100_event_log';
import * as m20261130000200 from './20261130000200_event_subscriptions';
import * as m20261130000300 from './20261130000300_event_deliveries';
import * as m20261130000400 from './20261130000400_updated_at_indexes';
import * as m20261201000100 from './20261201000100_whatsapp_message_parts';
import * as m20261201000200 from './20261201000200_inbox_connection_state';
import * as m20261202000100 from './20261202000100_batch_upserts';
import * as m20261202000200 from './20261202000200_imports';
import * as m20261203000100 from './20261203000100_audit_trail';
import * as m20261203000200 from './20261203000200_raw_payload_retention';
import * as m20261203000300 from './20261203000300_privacy_erasures';
import * as m20261203000500 from './20261203000500_message_events_without_raw';
import * as m20261204000300 from './20261204000300_deleted_workflows';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Migrations are listed here, not found by scanning a folder, so the same list runs from TypeScript
 * sources and from the compiled build. Append new ones; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '20261122000100_teams': m0100,
  '20261122000200_clients': m0200,
  '20261122000300_projects': m0300,
  '20261122000400_deals': m0400,
  '20261122000500_tasks': m0500,
  '20261122000600_campaigns': m0600,
  '20261122000700_activities': m0700,
  '20261122000800_whatsapp': m0800,
  '20261122000900_webhooks': m0900,
  '20261122001000_deal_contacts': m1000,
  '20261124000400_search_text': m20261124000400,
  '20261124000600_whatsapp_messages': m20261124000600,
  '20261124000700_inbound_receiver': m20261124000700,
  '20261124000800_deal_list_indexes': m20261124000800,
  '20261124000900_deal_counts': m20261124000900,
  '20261124001000_search_trigram': m20261124001000,
  '20261125000100_search_fts': m20261125000100,
  '20261125000200_list_counts': m20261125000200,
  '20261126000100_team_foreign_keys': m20261126000100,
  '20261126000200_deal_day_counts': m20261126000200,
  '20261126000300_deal_versions': m20261126000300,
  '20261126000400_client_versions': m20261126000400,
  '20261127000100_write_slots': m20261127000100,
  '20261128000100_inbound_auth_modes': m20261128000100,
  '20261128000500_salted_verify_tokens': m20261128000500,
  '20261129000100_write_lock': m20261129000100,
  '20261130000100_event_log': m20261130000100,
  '20261130000200_event_subscriptions': m20261130000200,
  '20261130000300_event_deliveries': m20261130000300,
  '20261130000400_updated_at_indexes': m20261130000400,
  '20261201000100_whatsapp_message_parts': m20261201000100,
  '20261201000200_inbox_connection_state': m20261201000200,
  '20261202000100_batch_upserts': m20261202000100,
  '20261202000200_imports': m20261202000200,
  '20261203000100_audit_trail': m20261203000100,
  '20261203000200_raw_payload_retention': m20261203000200,
  '20261203000300_privacy_erasures': m20261203000300,
  '20261203000500_message_events_without_raw': m20261203000500,
  '20261204000300_deleted_workflows': m20261204000300,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(Object.keys(migrations).sort()),
  getMigrationName: (name) => name,
  getMigration: (name) => Promise.resolve(migrations[name]),
};
