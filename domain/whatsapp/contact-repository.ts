import { RecordLocks } from '../shared/record-locks';
import { FieldFilters, ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { ContactData } from './contact';

export const CONTACT_SORT_FIELDS = ['push_name', 'custom_name', 'phone', 'created_at', 'updated_at'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

export interface ContactFilter extends UpdatedSince {
  /** Contacts carrying this tag exactly. */
  tag?: string;
  clientId?: string;
}

/** The contact filters that hold one field to a value; `tag` is read apart. */
export const CONTACT_FIELD_FILTERS: FieldFilters<ContactFilter, ContactData> = {
  clientId: 'clientId',
};

export interface ContactRepository extends RecordLocks {
  /** `search` matches part of the phone, custom_name or push_name, ignoring case. */
  list(team: TeamContext, filter: ContactFilter, query: ListQuery<ContactSortField>): Promise<Page<ContactData>>;
  findById(team: TeamContext, id: string): Promise<ContactData | null>;
  /** The contact of this person, whichever variant of the number it was saved with. */
  findByPhoneKey(team: TeamContext, phoneKey: string): Promise<ContactData | null>;
  /** The contacts with this phone key or linked to one of these clients, oldest first, at most `limit`. */
  listHolders(team: TeamContext, holders: { phoneKey: string | null; clientIds: readonly string[] }, limit: number): Promise<ContactData[]>;
  /** Fails with Duplicate when the team already has a contact with the same phone key. */
  insert(contact: ContactData): Promise<void>;
  update(contact: ContactData): Promise<void>;
  delete(team: TeamContext, id: string): Promise<void>;
}
