import { Conflict, Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { ContactData } from '../../../../domain/whatsapp/contact';
import { CONTACT_FIELD_FILTERS, ContactFilter, ContactRepository, ContactSortField } from '../../../../domain/whatsapp/contact-repository';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, matchesSearch, oldestFirst, pageOf } from '../shared/paging';

const sortValue = (c: ContactData, field: string) =>
  field === 'push_name'
    ? c.pushName
    : field === 'custom_name'
      ? c.customName
      : field === 'phone'
        ? c.phone
        : field === 'updated_at'
          ? c.updatedAt
          : c.createdAt;

export class MemoryContactRepository implements ContactRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<ContactData>('whatsapp_contacts');
  }

  async list(team: TeamContext, filter: ContactFilter, query: ListQuery<ContactSortField>): Promise<Page<ContactData>> {
    const search = searchQueryOf(query.search);
    const rows = this.rows.filter(
      (c) =>
        c.teamId === team.teamId &&
        (filter.tag === undefined || c.tags.includes(filter.tag)) &&
        matchesFields(c, filter, CONTACT_FIELD_FILTERS) &&
        (filter.updatedSince === undefined || c.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([c.phone, c.customName, c.pushName])),
    );
    return pageOf(rows, query, sortValue);
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async findById(team: TeamContext, id: string): Promise<ContactData | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? c : null;
  }

  async findByPhoneKey(team: TeamContext, phoneKey: string): Promise<ContactData | null> {
    return this.rows.find((c) => c.teamId === team.teamId && c.phoneKey === phoneKey) ?? null;
  }

  async listHolders(
    team: TeamContext,
    holders: { phoneKey: string | null; clientIds: readonly string[] },
    limit: number,
  ): Promise<ContactData[]> {
    const rows = this.rows.filter(
      (c) =>
        c.teamId === team.teamId &&
        ((holders.phoneKey !== null && c.phoneKey === holders.phoneKey) || (c.clientId !== null && holders.clientIds.includes(c.clientId))),
    );
    return oldestFirst(rows, (c) => c.createdAt, limit);
  }

  async insert(contact: ContactData): Promise<void> {
    if (this.rows.find((c) => c.teamId === contact.teamId && c.phoneKey === contact.phoneKey)) {
      throw new Duplicate('A contact with this phone already exists');
    }
    this.rows.set(contact.id, contact);
  }

  async update(contact: ContactData): Promise<void> {
    this.rows.set(contact.id, contact);
  }

  /** Like the SQL foreign key: a contact with conversations stays. */
  async delete(team: TeamContext, id: string): Promise<void> {
    if (this.rows.get(id)?.teamId !== team.teamId) return;
    const conversations = this.store.table<{ teamId: string; contactId: string }>('whatsapp_conversations');
    if (conversations.find((c) => c.teamId === team.teamId && c.contactId === id)) {
      throw new Conflict('The contact has conversations and cannot be deleted');
    }
    this.rows.delete(id);
  }
}
