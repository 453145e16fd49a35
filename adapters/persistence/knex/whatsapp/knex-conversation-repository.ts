import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { ConversationData } from '../../../../domain/whatsapp/conversation';
import {
  CONVERSATION_FIELD_FILTERS,
  ConversationFilter,
  ConversationRepository,
  ConversationSortField,
} from '../../../../domain/whatsapp/conversation-repository';
import { Referral } from '../../../../domain/whatsapp/referral';
import { KnexDatabase } from '../shared/knex-database';
import { lockRow } from '../shared/row-lock';
import { orderBy, paginate, SortColumn, whereFields } from '../shared/query';
import { fromJson, isUniqueViolation, toIso, toIsoOrNull, toJson } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_conversations';

const SORTS: Record<ConversationSortField, SortColumn> = {
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
  last_message_at: { column: 'last_message_at' },
  last_inbound_at: { column: 'last_inbound_at' },
};

const toRow = (c: ConversationData): Row => ({
  team_id: c.teamId,
  id: c.id,
  inbox_id: c.inboxId,
  contact_id: c.contactId,
  channel: c.channel,
  last_inbound_at: c.lastInboundAt,
  last_message_at: c.lastMessageAt,
  source: toJson(c.source),
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

const fromRow = (r: Row): ConversationData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  inboxId: r.inbox_id as string,
  contactId: r.contact_id as string,
  channel: r.channel as ConversationData['channel'],
  lastInboundAt: toIsoOrNull(r.last_inbound_at),
  lastMessageAt: toIsoOrNull(r.last_message_at),
  source: fromJson<Referral | null>(r.source, null),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export class KnexConversationRepository implements ConversationRepository {
  constructor(private readonly database: KnexDatabase) {}

  async list(team: TeamContext, filter: ConversationFilter, query: ListQuery<ConversationSortField>): Promise<Page<ConversationData>> {
    const qb = this.database.db(TABLE).where({ team_id: team.teamId });
    whereFields(qb, filter, CONVERSATION_FIELD_FILTERS);
    // An ISO string in UTC: compared as a timestamp by PostgreSQL, as text in the same format by SQLite.
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow);
  }

  async findById(team: TeamContext, id: string): Promise<ConversationData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findByInboxAndContact(team: TeamContext, inboxId: string, contactId: string): Promise<ConversationData | null> {
    const row = await this.database
      .db(TABLE)
      .where({ team_id: team.teamId, inbox_id: inboxId, contact_id: contactId })
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  /** Through the (team_id, contact_id) index. */
  async listByContacts(team: TeamContext, contactIds: readonly string[], limit: number): Promise<ConversationData[]> {
    if (contactIds.length === 0) return [];
    const rows = (await this.database
      .db(TABLE)
      .where({ team_id: team.teamId })
      .whereIn('contact_id', [...contactIds])
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }

  async existsForContact(team: TeamContext, contactId: string): Promise<boolean> {
    const row = await this.database
      .db(TABLE)
      .where({ team_id: team.teamId, contact_id: contactId })
      .first<{ id: string } | undefined>('id');
    return row !== undefined;
  }

  async insert(conversation: ConversationData): Promise<void> {
    try {
      await this.database.db(TABLE).insert(toRow(conversation));
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('The conversation already exists');
      throw err;
    }
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, TABLE, team, id);
  }

  async update(conversation: ConversationData): Promise<void> {
    await this.database.db(TABLE).where({ team_id: conversation.teamId, id: conversation.id }).update(toRow(conversation));
  }
}
