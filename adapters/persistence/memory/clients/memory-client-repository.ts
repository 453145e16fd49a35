import { ClientData } from '../../../../domain/clients/client';
import { clientEmailKey } from '../../../../domain/clients/client-match';
import { ClientFilter, ClientRepository, ClientSortField } from '../../../../domain/clients/client-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { documentKey, searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { matchesSearch, oldestFirst, pageOf } from '../shared/paging';

/** A phone as typed, without what `findByPhoneDigits` ignores (the SQL adapters strip the same characters). */
const phoneDigitsOf = (phone: string): string => phone.replace(/[ \-()./+]/g, '');

const sortValue = (c: ClientData, field: string) =>
  field === 'full_name'
    ? c.name
    : field === 'email'
      ? c.email
      : field === 'is_active'
        ? c.status === 'active'
        : field === 'updated_at'
          ? c.updatedAt
          : c.createdAt;

export class MemoryClientRepository implements ClientRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<ClientData>('clients');
  }

  async list(team: TeamContext, filter: ClientFilter, query: ListQuery<ClientSortField>): Promise<Page<ClientData>> {
    const search = searchQueryOf(query.search, documentKey);
    const rows = this.rows.filter(
      (c) =>
        c.teamId === team.teamId &&
        c.status === filter.status &&
        (!filter.type || c.type === filter.type) &&
        (filter.updatedSince === undefined || c.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([c.name, c.email, c.cpf, c.cnpj], [c.cpf, c.cnpj])),
    );
    return pageOf(rows, query, sortValue);
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async findById(team: TeamContext, id: string): Promise<ClientData | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? c : null;
  }

  async findByDocument(team: TeamContext, doc: { cpf?: string; cnpj?: string }, exceptId?: string): Promise<ClientData | null> {
    return (
      this.rows.find(
        (c) => c.teamId === team.teamId && c.id !== exceptId && ((!!doc.cpf && c.cpf === doc.cpf) || (!!doc.cnpj && c.cnpj === doc.cnpj)),
      ) ?? null
    );
  }

  async findByEmail(team: TeamContext, email: string): Promise<ClientData | null> {
    const key = clientEmailKey(email);
    if (key === null) return null;
    const holders = this.rows.filter((c) => c.teamId === team.teamId && clientEmailKey(c.email) === key);
    holders.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
    return holders[0] ?? null;
  }

  async findHolders(
    team: TeamContext,
    keys: { cpfs: readonly string[]; cnpjs: readonly string[]; emails: readonly string[] },
  ): Promise<ClientData[]> {
    const holds = (c: ClientData): boolean =>
      (c.cpf !== null && keys.cpfs.includes(c.cpf)) ||
      (c.cnpj !== null && keys.cnpjs.includes(c.cnpj)) ||
      keys.emails.includes(clientEmailKey(c.email) ?? '');
    const holders = this.rows.filter((c) => c.teamId === team.teamId && holds(c));
    return holders.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  }

  async findByPhoneDigits(team: TeamContext, digits: readonly string[], limit: number): Promise<ClientData[]> {
    const held = (phone: string | null): boolean => phone !== null && digits.includes(phoneDigitsOf(phone));
    const holders = this.rows.filter((c) => c.teamId === team.teamId && (held(c.phone) || held(c.mobilePhone) || held(c.whatsapp)));
    return oldestFirst(holders, (c) => c.createdAt, limit);
  }

  async countActive(team: TeamContext): Promise<number> {
    return this.rows.filter((c) => c.teamId === team.teamId && c.status === 'active').length;
  }

  async insert(client: ClientData): Promise<void> {
    this.rows.set(client.id, client);
  }
  async insertMany(clients: readonly ClientData[]): Promise<void> {
    for (const client of clients) this.rows.set(client.id, client);
  }
  async update(client: ClientData): Promise<void> {
    this.rows.set(client.id, client);
  }
}
