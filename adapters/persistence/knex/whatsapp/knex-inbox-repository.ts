import { CredentialCipher, openCredentials, resealEach, sealCredentials } from '../../../../application/whatsapp/credential-cipher';
import { Duplicate } from '../../../../domain/shared/errors';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { ConnectionState, InboxData } from '../../../../domain/whatsapp/inbox';
import {
  CredentialsReseal,
  InboxFilter,
  InboxRepository,
  InboxSortField,
  InboxSummary,
} from '../../../../domain/whatsapp/inbox-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { orderBy, paginate, SortColumn } from '../shared/query';
import { KnexDatabase } from '../shared/knex-database';
import { newestFirstPage } from '../shared/keyset';
import { isUniqueViolation, toBool, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_inboxes';

const connectionOf = (r: Row) => ({
  connectionState: (r.connection_state as ConnectionState | null) ?? null,
  connectionStateAt: toIsoOrNull(r.connection_state_at),
});

const SUMMARY_COLUMNS = [
  'team_id',
  'id',
  'name',
  'channel',
  'is_active',
  'phone_number_id',
  'connection_state',
  'connection_state_at',
  'created_at',
  'updated_at',
];

const SORTS: Record<InboxSortField, SortColumn> = {
  name: { column: 'name', kind: 'text', required: true },
  channel: { column: 'channel', required: true },
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
};

const summaryOf = (r: Row): InboxSummary => ({
  id: r.id as string,
  teamId: r.team_id as string,
  name: r.name as string,
  channel: r.channel as InboxData['channel'],
  isActive: toBool(r.is_active),
  phoneNumberId: (r.phone_number_id as string | null) ?? null,
  ...connectionOf(r),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

/** `credentials` holds the sealed text (JSON in rows written before sealing, and for the sandbox). */
export class KnexInboxRepository implements InboxRepository {
  constructor(
    private readonly database: KnexDatabase,
    private readonly cipher: CredentialCipher,
  ) {}

  private toRow(i: InboxData): Row {
    return {
      team_id: i.teamId,
      id: i.id,
      name: i.name,
      channel: i.channel,
      is_active: i.isActive,
      phone_number_id: i.credentials.channel === 'cloud_api' ? i.credentials.phoneNumberId : null,
      credentials: sealCredentials(this.cipher, i.credentials),
      connection_state: i.connectionState,
      connection_state_at: i.connectionStateAt,
      created_at: i.createdAt,
      updated_at: i.updatedAt,
    };
  }

  private fromRow(r: Row): InboxData {
    return {
      id: r.id as string,
      teamId: r.team_id as string,
      name: r.name as string,
      channel: r.channel as InboxData['channel'],
      isActive: toBool(r.is_active),
      credentials: openCredentials(this.cipher, r.credentials),
      ...connectionOf(r),
      createdAt: toIso(r.created_at),
      updatedAt: toIso(r.updated_at),
    };
  }

  async findById(team: TeamContext, id: string): Promise<InboxData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? this.fromRow(row) : null;
  }

  /** Across teams, on purpose: the public webhook learns the team from the inbox. Inboxes are few. */
  async findByPhoneNumberId(phoneNumberId: string): Promise<InboxData | null> {
    const row = await this.database.db(TABLE).where({ phone_number_id: phoneNumberId }).orderBy('created_at').first<Row | undefined>();
    return row ? this.fromRow(row) : null;
  }

  /** Never selects `credentials`: listing needs no key and opens no secret. */
  listSummaries(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<InboxSummary>> {
    return newestFirstPage(this.database.db(TABLE).where({ team_id: team.teamId }).select(SUMMARY_COLUMNS), 'created_at', query, summaryOf);
  }

  /** Never selects `credentials` either. */
  list(team: TeamContext, filter: InboxFilter, query: ListQuery<InboxSortField>): Promise<Page<InboxSummary>> {
    const qb = this.database.db(TABLE).where({ team_id: team.teamId }).select(SUMMARY_COLUMNS);
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, summaryOf);
  }

  /** Across teams, on purpose: Evolution's webhook names the inbox in its URL, and the team comes from it. */
  async findByIdAcrossTeams(id: string): Promise<InboxData | null> {
    const row = await this.database.db(TABLE).where({ id }).first<Row | undefined>();
    return row ? this.fromRow(row) : null;
  }

  async countDisconnected(): Promise<number> {
    const row = await this.database
      .db(TABLE)
      .where({ is_active: true })
      .whereNotNull('connection_state')
      .whereNot('connection_state', 'open')
      .count<{ n: number | string }[]>({ n: '*' })
      .first();
    return Number(row?.n ?? 0);
  }

  async updateConnection(team: TeamContext, inbox: InboxData): Promise<boolean> {
    const written = await this.database
      .db(TABLE)
      .where({ team_id: team.teamId, id: inbox.id })
      .andWhere((q) => {
        if (inbox.connectionStateAt !== null)
          q.whereNull('connection_state_at').orWhere('connection_state_at', '<=', inbox.connectionStateAt);
      })
      .update({
        connection_state: inbox.connectionState,
        connection_state_at: inbox.connectionStateAt,
        updated_at: inbox.updatedAt,
      });
    return Number(written) > 0;
  }

  async insert(inbox: InboxData): Promise<void> {
    try {
      await this.database.db(TABLE).insert(this.toRow(inbox));
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('An inbox with this phone number id already exists');
      throw err;
    }
  }

  /** Every row at once: inboxes are few. A row is written only if its text is still the one read. */
  async resealCredentials(): Promise<CredentialsReseal> {
    const rows = await this.database
      .db(TABLE)
      .select('team_id', 'id', 'credentials')
      .orderBy([{ column: 'team_id' }, { column: 'id' }]);
    return resealEach(
      this.cipher,
      rows.map((r: Row) => ({ teamId: r.team_id as string, id: r.id as string, credentials: String(r.credentials) })),
      async (r, credentials) => {
        await this.database.db(TABLE).where({ team_id: r.teamId, id: r.id, credentials: r.credentials }).update({ credentials });
      },
    );
  }
}
