import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { MessageData, MessageTemplate, ProviderError } from '../../../../domain/whatsapp/message';
import { MessageFilter, MessageRepository, MessageSortField } from '../../../../domain/whatsapp/message-repository';
import { Referral } from '../../../../domain/whatsapp/referral';
import { KnexDatabase } from '../shared/knex-database';
import { lockRow } from '../shared/row-lock';
import { SortColumn, orderBy, paginate } from '../shared/query';
import { fromJson, isUniqueViolation, toIso, toIsoOrNull, toJson } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_messages';

const SORTS: Record<MessageSortField, SortColumn> = {
  created_at: { column: 'created_at', required: true },
};

const str = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));
const anySet = (...values: unknown[]): boolean => values.some((v) => v !== null && v !== undefined);

const toRow = (m: MessageData): Row => ({
  team_id: m.teamId,
  id: m.id,
  conversation_id: m.conversationId,
  inbox_id: m.inboxId,
  contact_id: m.contactId,
  direction: m.direction,
  type: m.type,
  content: m.content,
  status: m.status,
  provider_message_id: m.providerMessageId,
  error: toJson(m.error),
  media_id: m.media?.id ?? null,
  media_mime_type: m.media?.mimeType ?? null,
  media_sha256: m.media?.sha256 ?? null,
  media_filename: m.media?.filename ?? null,
  media_url: m.media?.url ?? null,
  context_id: m.context?.id ?? null,
  context_from: m.context?.from ?? null,
  referral: toJson(m.referral),
  raw: toJson(m.raw),
  template: toJson(m.template),
  sent_at: m.statusTimes.sentAt,
  delivered_at: m.statusTimes.deliveredAt,
  read_at: m.statusTimes.readAt,
  failed_at: m.statusTimes.failedAt,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});

// The domain never keeps a media or context with every field null, so any set column means there is one.
const mediaOf = (r: Row): MessageData['media'] =>
  anySet(r.media_id, r.media_mime_type, r.media_sha256, r.media_filename, r.media_url)
    ? {
        id: str(r.media_id),
        mimeType: str(r.media_mime_type),
        sha256: str(r.media_sha256),
        filename: str(r.media_filename),
        url: str(r.media_url),
      }
    : null;

const contextOf = (r: Row): MessageData['context'] =>
  anySet(r.context_id, r.context_from) ? { id: str(r.context_id), from: str(r.context_from) } : null;

const fromRow = (r: Row): MessageData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  conversationId: r.conversation_id as string,
  inboxId: r.inbox_id as string,
  contactId: r.contact_id as string,
  direction: r.direction as MessageData['direction'],
  type: r.type as string,
  content: r.content as string,
  status: r.status as MessageData['status'],
  providerMessageId: str(r.provider_message_id),
  error: fromJson<ProviderError | null>(r.error, null),
  media: mediaOf(r),
  context: contextOf(r),
  referral: fromJson<Referral | null>(r.referral, null),
  raw: fromJson<Record<string, unknown> | null>(r.raw, null),
  template: fromJson<MessageTemplate | null>(r.template, null),
  statusTimes: {
    sentAt: toIsoOrNull(r.sent_at),
    deliveredAt: toIsoOrNull(r.delivered_at),
    readAt: toIsoOrNull(r.read_at),
    failedAt: toIsoOrNull(r.failed_at),
  },
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export class KnexMessageRepository implements MessageRepository {
  constructor(private readonly database: KnexDatabase) {}

  async listByConversation(
    team: TeamContext,
    conversationId: string,
    filter: MessageFilter,
    query: ListQuery<MessageSortField>,
  ): Promise<Page<MessageData>> {
    const qb = this.database.db(TABLE).where({ team_id: team.teamId, conversation_id: conversationId });
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow);
  }

  /** Through the (team_id, conversation_id, created_at) index. */
  async listByConversations(team: TeamContext, conversationIds: readonly string[], limit: number): Promise<MessageData[]> {
    if (conversationIds.length === 0) return [];
    const rows = (await this.database
      .db(TABLE)
      .where({ team_id: team.teamId })
      .whereIn('conversation_id', [...conversationIds])
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }

  async findById(team: TeamContext, id: string): Promise<MessageData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findByProviderMessageId(team: TeamContext, inboxId: string, providerMessageId: string): Promise<MessageData | null> {
    const row = await this.database
      .db(TABLE)
      .where({ team_id: team.teamId, inbox_id: inboxId, provider_message_id: providerMessageId })
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, TABLE, team, id);
  }

  async insert(message: MessageData): Promise<void> {
    await this.write(() => this.database.db(TABLE).insert(toRow(message)));
  }

  async update(message: MessageData): Promise<void> {
    await this.write(() => this.database.db(TABLE).where({ team_id: message.teamId, id: message.id }).update(toRow(message)));
  }

  private async write(op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('A message with this provider id already exists');
      throw err;
    }
  }
}
