import { CredentialCipher, openCredentials, resealEach, sealCredentials } from '../../../../application/whatsapp/credential-cipher';
import { Duplicate } from '../../../../domain/shared/errors';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { InboxData } from '../../../../domain/whatsapp/inbox';
import {
  CredentialsReseal,
  InboxFilter,
  InboxRepository,
  InboxSortField,
  InboxSummary,
} from '../../../../domain/whatsapp/inbox-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { pageOf } from '../shared/paging';
import { newestFirstPageOf } from '../shared/keyset';
import { MemoryStore } from '../shared/memory-store';

/** As the SQL row: the credentials sealed, the Cloud API phone number id beside them to be found by. */
type Row = Omit<InboxData, 'credentials'> & { credentials: string; phoneNumberId: string | null };

const summaryOf = (r: Row): InboxSummary => ({
  id: r.id,
  teamId: r.teamId,
  name: r.name,
  channel: r.channel,
  isActive: r.isActive,
  phoneNumberId: r.phoneNumberId,
  connectionState: r.connectionState,
  connectionStateAt: r.connectionStateAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export class MemoryInboxRepository implements InboxRepository {
  constructor(
    private readonly store: MemoryStore,
    private readonly cipher: CredentialCipher,
  ) {}
  private get rows() {
    return this.store.table<Row>('whatsapp_inboxes');
  }

  private fromRow({ phoneNumberId: _, credentials, ...rest }: Row): InboxData {
    return { ...rest, credentials: openCredentials(this.cipher, credentials) };
  }

  async findById(team: TeamContext, id: string): Promise<InboxData | null> {
    const i = this.rows.get(id);
    return i && i.teamId === team.teamId ? this.fromRow(i) : null;
  }

  async findByPhoneNumberId(phoneNumberId: string): Promise<InboxData | null> {
    const i = this.rows.find((r) => r.phoneNumberId === phoneNumberId);
    return i ? this.fromRow(i) : null;
  }

  /** From the row as stored: the sealed credentials are never opened. */
  async listSummaries(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<InboxSummary>> {
    const summaries = this.rows.filter((r) => r.teamId === team.teamId).map(summaryOf);
    return newestFirstPageOf(summaries, query, (i) => ({ at: i.createdAt, id: i.id }));
  }

  async list(team: TeamContext, filter: InboxFilter, query: ListQuery<InboxSortField>): Promise<Page<InboxSummary>> {
    const rows = this.rows
      .filter((r) => r.teamId === team.teamId && (filter.updatedSince === undefined || r.updatedAt >= filter.updatedSince))
      .map(summaryOf);
    return pageOf(
      rows,
      query,
      (i, field) => ({ name: i.name, channel: i.channel, created_at: i.createdAt, updated_at: i.updatedAt })[field],
    );
  }

  async findByIdAcrossTeams(id: string): Promise<InboxData | null> {
    const i = this.rows.get(id);
    return i ? this.fromRow(i) : null;
  }

  async countDisconnected(): Promise<number> {
    return this.rows.filter((r) => r.isActive && r.connectionState !== null && r.connectionState !== 'open').length;
  }

  async updateConnection(team: TeamContext, inbox: InboxData): Promise<boolean> {
    const row = this.rows.get(inbox.id);
    if (!row || row.teamId !== team.teamId) return false;
    const { connectionState, connectionStateAt, updatedAt } = inbox;
    if (row.connectionStateAt !== null && connectionStateAt !== null && row.connectionStateAt > connectionStateAt) return false;
    this.rows.set(row.id, { ...row, connectionState, connectionStateAt, updatedAt });
    return true;
  }

  async insert(inbox: InboxData): Promise<void> {
    const phoneNumberId = inbox.credentials.channel === 'cloud_api' ? inbox.credentials.phoneNumberId : null;
    if (phoneNumberId !== null && this.rows.find((r) => r.phoneNumberId === phoneNumberId))
      throw new Duplicate('An inbox with this phone number id already exists');
    this.rows.set(inbox.id, { ...inbox, phoneNumberId, credentials: sealCredentials(this.cipher, inbox.credentials) });
  }

  resealCredentials(): Promise<CredentialsReseal> {
    const rows = [...this.rows.all()].sort((a, b) => a.teamId.localeCompare(b.teamId) || a.id.localeCompare(b.id));
    return resealEach(this.cipher, rows, async (row, credentials) => this.rows.set(row.id, { ...row, credentials }));
  }
}
