import { LeadContactTaken, LeadData, LeadMatch, LeadView } from '../../../../domain/projects/lead';
import {
  LEAD_FIELD_FILTERS,
  LeadFilter,
  LeadHolders,
  LeadKeys,
  LeadRepository,
  LeadSortField,
} from '../../../../domain/projects/lead-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { phoneDigitsKey, searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KeptCounts, forUpdate, idKey } from '../shared/kept-counts';
import { KnexDatabase } from '../shared/knex-database';
import { orderBy, paginate, SortColumn, whereFields, whereSearchText } from '../shared/query';
import { fromJson, isUniqueViolation, recordOf, toBool, toIso } from '../shared/rows';
import { IDENTITY_COLUMNS, identityFromRow } from './knex-contact-identity-repository';

type Row = Record<string, unknown>;

const SORTS: Record<LeadSortField, SortColumn> = { created_at: { column: 'l.created_at', required: true } };

const text = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));

/** docs/api.md "Search": name, email and phone; the phone's digits are the key `(11) 98765` finds. */
const searchText = (l: LeadData): string =>
  searchTextOf([l.fullName, l.email, l.phone], [l.phone === null ? null : l.phone.replace(/\D/g, '')]);

function toRow(l: LeadData): Row {
  return {
    team_id: l.teamId,
    id: l.id,
    project_id: l.projectId,
    public_id: l.publicId,
    full_name: l.fullName,
    email: l.email,
    phone: l.phone,
    email_key: l.emailKey,
    phone_key: l.phoneKey,
    tags: JSON.stringify(l.tags),
    notes: l.notes,
    customer_source: l.customerSource,
    utm_source: l.utmSource,
    utm_medium: l.utmMedium,
    utm_campaign: l.utmCampaign,
    attribution: l.attribution === null ? null : JSON.stringify(l.attribution),
    metadata: JSON.stringify(l.metadata),
    custom_fields: JSON.stringify(l.customFields),
    is_active: l.isActive,
    contact_identity_id: l.contactIdentityId,
    company_id: l.companyId,
    company_name: l.companyName,
    created_by: l.createdBy,
    created_at: l.createdAt,
    updated_at: l.updatedAt,
    search_text: searchText(l),
  };
}

function fromRow(r: Row): LeadData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    projectId: r.project_id as string,
    publicId: r.public_id as string,
    fullName: r.full_name as string,
    email: text(r.email),
    phone: text(r.phone),
    emailKey: text(r.email_key),
    phoneKey: text(r.phone_key),
    tags: fromJson<string[]>(r.tags, []),
    notes: text(r.notes),
    customerSource: text(r.customer_source),
    utmSource: text(r.utm_source),
    utmMedium: text(r.utm_medium),
    utmCampaign: text(r.utm_campaign),
    attribution: fromJson<Record<string, unknown> | null>(r.attribution, null),
    metadata: fromJson<Record<string, unknown>>(r.metadata, {}),
    customFields: fromJson<Record<string, unknown>>(r.custom_fields, {}),
    isActive: toBool(r.is_active),
    contactIdentityId: r.contact_identity_id as string,
    companyId: text(r.company_id),
    companyName: text(r.company_name),
    createdBy: text(r.created_by),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** A lead read with its identity and company (the columns `leadViews` selects). */
export function leadViewFromRow(r: Row): LeadView {
  const lead = fromRow(r);
  return {
    ...lead,
    identity: identityFromRow(r, 'i_'),
    company: lead.companyId && r.co_name != null ? { id: lead.companyId, name: r.co_name as string } : null,
  };
}

/** Which unique key refused: PostgreSQL names the constraint, SQLite lists its columns. */
const onPublicId = (err: unknown): boolean => {
  const e = err as { constraint?: string; message?: string };
  return e.constraint ? e.constraint.includes('public_id') : /UNIQUE constraint failed:.*public_id/.test(e.message ?? '');
};

/** The row of `lead_counts` a lead is counted in: a project's list, all its leads or the active or inactive ones. */
type CountKey = { team_id: string; project_key: string; is_active: boolean };

const countKeyOf = (l: { teamId: string; projectId: string; isActive: boolean }): CountKey => ({
  team_id: l.teamId,
  project_key: idKey(l.projectId),
  is_active: l.isActive,
});

/** The columns of `project_leads` a lead is read from (`fromRow`). */
const LEAD_COLUMNS = [
  'team_id',
  'id',
  'project_id',
  'public_id',
  'full_name',
  'email',
  'phone',
  'email_key',
  'phone_key',
  'tags',
  'notes',
  'customer_source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'attribution',
  'metadata',
  'custom_fields',
  'is_active',
  'contact_identity_id',
  'company_id',
  'company_name',
  'created_by',
  'created_at',
  'updated_at',
] as const;

/** What `leadViewsByIds` selects, as `[expression, name]`: the names `leadViewFromRow` reads. */
const LEAD_VIEW_SELECT: readonly (readonly [string, string])[] = [
  ...LEAD_COLUMNS.map((c) => [`l.${c}`, c] as const),
  ...IDENTITY_COLUMNS.map((c) => [`i.${c}`, `i_${c}`] as const),
  ['co.name', 'co_name'],
];
const LEAD_VIEW_NAMES = LEAD_VIEW_SELECT.map(([, name]) => name);
const LEAD_VIEW_FROM =
  `select ${LEAD_VIEW_SELECT.map(([expression]) => expression).join(', ')} from project_leads l ` +
  'join contact_identities i on i.team_id = l.team_id and i.id = l.contact_identity_id ' +
  'left join project_companies co on co.team_id = l.team_id and co.id = l.company_id';

/**
 * A team's leads of `ids` with their identity and company, as `leadViews` reads them, in one hot read
 * (KnexDatabase.rows): a board page's main leads.
 */
export async function leadViewsByIds(database: KnexDatabase, teamId: string, ids: readonly string[]): Promise<LeadView[]> {
  if (ids.length === 0) return [];
  const rows = await database.rows(`${LEAD_VIEW_FROM} where l.team_id = ? and l.id in (${ids.map(() => '?').join(', ')})`, [
    teamId,
    ...ids,
  ]);
  return rows.map((values) => leadViewFromRow(recordOf(LEAD_VIEW_NAMES, values)));
}

/** Leads (`l`) with their identity and company in one query: one per page, never one per row. */
export const leadViews = (database: KnexDatabase) =>
  database
    .db('project_leads as l')
    .join('contact_identities as i', (j) => j.on('i.team_id', 'l.team_id').andOn('i.id', 'l.contact_identity_id'))
    .leftJoin('project_companies as co', (j) => j.on('co.team_id', 'l.team_id').andOn('co.id', 'l.company_id'))
    .select('l.*', ...IDENTITY_COLUMNS.map((c) => `i.${c} as i_${c}`), 'co.name as co_name');

export class KnexLeadRepository implements LeadRepository {
  private readonly counts: KeptCounts<CountKey>;

  constructor(private readonly database: KnexDatabase) {
    this.counts = new KeptCounts(database, 'lead_counts', ['team_id', 'project_key', 'is_active']);
  }

  private select() {
    return leadViews(this.database);
  }

  async list(team: TeamContext, projectId: string, filter: LeadFilter, query: ListQuery<LeadSortField>): Promise<Page<LeadView>> {
    const qb = this.select().where('l.team_id', team.teamId).andWhere('l.project_id', projectId);
    whereFields(qb, filter, LEAD_FIELD_FILTERS, 'l');
    if (filter.updatedSince !== undefined) qb.andWhere('l.updated_at', '>=', filter.updatedSince);
    whereSearchText(qb, this.database, { table: 'project_leads', alias: 'l' }, searchQueryOf(query.search, phoneDigitsKey));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending, 'l.id');
    // A company, `updatedSince` or a search counts the rows; the project and the activity are keys of the kept counts.
    const kept =
      filter.companyId !== undefined || filter.updatedSince !== undefined || searchQueryOf(query.search, phoneDigitsKey)
        ? undefined
        : await this.counts.total({
            team_id: team.teamId,
            project_key: idKey(projectId),
            ...(filter.isActive !== undefined ? { is_active: filter.isActive } : {}),
          });
    return paginate(qb, query, leadViewFromRow, kept);
  }

  async findById(team: TeamContext, id: string): Promise<LeadData | null> {
    const row = await this.database.db('project_leads').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findForUpdate(team: TeamContext, id: string): Promise<LeadData | null> {
    const q = this.database.db('project_leads').where({ team_id: team.teamId, id });
    const row = await (this.database.dialect === 'postgres' ? q.forUpdate() : q).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findViewById(team: TeamContext, id: string): Promise<LeadView | null> {
    const row = await this.select().where('l.team_id', team.teamId).andWhere('l.id', id).first<Row | undefined>();
    return row ? leadViewFromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.database.db('project_leads').where({ id }).first<{ team_id: string } | undefined>('team_id');
    return row ? { teamId: row.team_id } : null;
  }

  async findByContact(team: TeamContext, projectId: string, keys: LeadKeys): Promise<{ lead: LeadData; matchedBy: LeadMatch } | null> {
    for (const [matchedBy, column, value] of [
      ['phone', 'phone_key', keys.phoneKey],
      ['email', 'email_key', keys.emailKey],
    ] as const) {
      if (!value) continue;
      const row = await this.database
        .db('project_leads')
        .where({ team_id: team.teamId, project_id: projectId, [column]: value })
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .first<Row | undefined>();
      if (row) return { lead: fromRow(row), matchedBy };
    }
    return null;
  }

  async listHolders(team: TeamContext, holders: LeadHolders, limit: number): Promise<LeadView[]> {
    if (!holders.phoneKey && !holders.emailKey && holders.identityIds.length === 0) return [];
    const rows = (await this.select()
      .where('l.team_id', team.teamId)
      .andWhere((w) => {
        if (holders.phoneKey) w.orWhere('l.phone_key', holders.phoneKey);
        if (holders.emailKey) w.orWhere('l.email_key', holders.emailKey);
        if (holders.identityIds.length) w.orWhereIn('l.contact_identity_id', [...holders.identityIds]);
      })
      .orderBy([{ column: 'l.created_at' }, { column: 'l.id' }])
      .limit(limit)) as Row[];
    return rows.map(leadViewFromRow);
  }

  async publicIdExists(team: TeamContext, publicId: string): Promise<boolean> {
    return (await this.database.db('project_leads').where({ team_id: team.teamId, public_id: publicId }).first('id')) !== undefined;
  }

  /** The row and its count in one transaction: the unit of work's, or one of its own when called alone. */
  async insert(lead: LeadData): Promise<void> {
    await this.database.transaction(async () => {
      await this.write(() => this.database.db('project_leads').insert(toRow(lead)));
      await this.counts.move(null, countKeyOf(lead));
    });
  }

  async update(lead: LeadData): Promise<void> {
    await this.database.transaction(async () => {
      const where = { team_id: lead.teamId, id: lead.id };
      const old = await forUpdate<Row | undefined>(
        this.database,
        this.database.db('project_leads').where(where).first('project_id', 'is_active'),
      );
      await this.write(() => this.database.db('project_leads').where(where).update(toRow(lead)));
      if (!old) return;
      const from = countKeyOf({ teamId: lead.teamId, projectId: old.project_id as string, isActive: toBool(old.is_active) });
      await this.counts.move(from, countKeyOf(lead));
    });
  }

  /** The unique keys on phone and email decide between concurrent writers. */
  private async write(op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (err) {
      if (isUniqueViolation(err) && !onPublicId(err)) throw new LeadContactTaken();
      throw err;
    }
  }
}
