import { lockRow } from '../shared/row-lock';
import { Conflict, Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { ContactData } from '../../../../domain/whatsapp/contact';
import { CONTACT_FIELD_FILTERS, ContactFilter, ContactRepository, ContactSortField } from '../../../../domain/whatsapp/contact-repository';
import { KnexDatabase } from '../shared/knex-database';
import { orderBy, paginate, SortColumn, whereFields, whereSearchText } from '../shared/query';
import { fromJson, isUniqueViolation, toIso } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_contacts';

const SORTS: Record<ContactSortField, SortColumn> = {
  push_name: { column: 'push_name', kind: 'text' },
  custom_name: { column: 'custom_name', kind: 'text' },
  phone: { column: 'phone', kind: 'text' },
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
};

/** docs/api.md "Search": phone, custom name and push name. */
const searchText = (c: ContactData): string => searchTextOf([c.phone, c.customName, c.pushName]);

const toRow = (c: ContactData): Row => ({
  team_id: c.teamId,
  id: c.id,
  phone: c.phone,
  phone_key: c.phoneKey,
  jid: c.jid,
  push_name: c.pushName,
  custom_name: c.customName,
  notes: c.notes,
  tags: JSON.stringify(c.tags),
  client_id: c.clientId,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
  search_text: searchText(c),
});

const fromRow = (r: Row): ContactData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  phone: r.phone as string,
  phoneKey: r.phone_key as string,
  jid: r.jid as string,
  pushName: (r.push_name as string | null) ?? null,
  customName: (r.custom_name as string | null) ?? null,
  notes: (r.notes as string | null) ?? null,
  tags: fromJson<string[]>(r.tags, []),
  clientId: (r.client_id as string | null) ?? null,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(e?.message ?? '');
};

export class KnexContactRepository implements ContactRepository {
  constructor(private readonly database: KnexDatabase) {}

  async list(team: TeamContext, filter: ContactFilter, query: ListQuery<ContactSortField>): Promise<Page<ContactData>> {
    const qb = this.database.db(TABLE).where({ team_id: team.teamId });
    whereFields(qb, filter, CONTACT_FIELD_FILTERS);
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    if (filter.tag !== undefined) {
      // Tags are a JSON array in text; an element is its JSON string, quotes included. The match is
      // case-sensitive on both dialects (SQLite's LIKE would not be).
      const needle = JSON.stringify(filter.tag);
      if (this.database.dialect === 'postgres') qb.andWhereRaw('position(? in tags) > 0', [needle]);
      else qb.andWhereRaw('instr(tags, ?) > 0', [needle]);
    }
    whereSearchText(qb, this.database, { table: TABLE }, searchQueryOf(query.search));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow);
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, TABLE, team, id);
  }

  async findById(team: TeamContext, id: string): Promise<ContactData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findByPhoneKey(team: TeamContext, phoneKey: string): Promise<ContactData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, phone_key: phoneKey }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  /** Through the (team_id, phone_key) and (team_id, client_id) indexes. */
  async listHolders(
    team: TeamContext,
    holders: { phoneKey: string | null; clientIds: readonly string[] },
    limit: number,
  ): Promise<ContactData[]> {
    if (holders.phoneKey === null && holders.clientIds.length === 0) return [];
    const rows = (await this.database
      .db(TABLE)
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        if (holders.phoneKey !== null) w.orWhere({ phone_key: holders.phoneKey });
        if (holders.clientIds.length) w.orWhereIn('client_id', [...holders.clientIds]);
      })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }

  async insert(contact: ContactData): Promise<void> {
    try {
      await this.database.db(TABLE).insert(toRow(contact));
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('A contact with this phone already exists');
      throw err;
    }
  }

  async update(contact: ContactData): Promise<void> {
    await this.database.db(TABLE).where({ team_id: contact.teamId, id: contact.id }).update(toRow(contact));
  }

  async delete(team: TeamContext, id: string): Promise<void> {
    try {
      await this.database.db(TABLE).where({ team_id: team.teamId, id }).delete();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new Conflict('The contact has conversations and cannot be deleted');
      throw err;
    }
  }
}
