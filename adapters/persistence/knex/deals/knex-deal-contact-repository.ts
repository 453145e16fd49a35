import { DealContactData, DealContactView, orderContacts } from '../../../../domain/deals/deal-contact';
import { DealContactRepository } from '../../../../domain/deals/deal-contact-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, recordOf, toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

function toRow(l: DealContactData): Row {
  return {
    team_id: l.teamId,
    id: l.id,
    deal_id: l.dealId,
    lead_id: l.leadId,
    contact_identity_id: l.contactIdentityId,
    is_primary: l.isPrimary,
    position: l.position,
    linked_at: l.linkedAt,
  };
}

function fromRow(r: Row): DealContactData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    dealId: r.deal_id as string,
    leadId: r.lead_id as string,
    contactIdentityId: r.contact_identity_id as string,
    isPrimary: toBool(r.is_primary),
    position: Number(r.position),
    linkedAt: toIso(r.linked_at),
  };
}

/** What `viewsByDeals` selects, as `[expression, name]`: a link's columns (`fromRow`) and its lead's. */
const CONTACT_VIEW_SELECT: readonly (readonly [string, string])[] = [
  ...['team_id', 'id', 'deal_id', 'lead_id', 'contact_identity_id', 'is_primary', 'position', 'linked_at'].map(
    (c) => [`dc.${c}`, c] as const,
  ),
  ['l.full_name', 'c_full_name'],
  ['l.email', 'c_email'],
  ['l.phone', 'c_phone'],
  ['l.custom_fields', 'c_custom_fields'],
];
const CONTACT_VIEW_NAMES = CONTACT_VIEW_SELECT.map(([, name]) => name);
const CONTACT_VIEW_FROM =
  `select ${CONTACT_VIEW_SELECT.map(([expression]) => expression).join(', ')} from deal_contacts dc ` +
  'join project_leads l on l.team_id = dc.team_id and l.id = dc.lead_id';

export class KnexDealContactRepository implements DealContactRepository {
  constructor(private readonly database: KnexDatabase) {}

  async listByDeal(team: TeamContext, dealId: string): Promise<DealContactData[]> {
    const rows = await this.database.db<Row>('deal_contacts').where({ team_id: team.teamId, deal_id: dealId });
    return orderContacts(rows.map(fromRow));
  }

  async viewsByDeals(team: TeamContext, dealIds: readonly string[]): Promise<Map<string, DealContactView[]>> {
    const out = new Map<string, DealContactView[]>(dealIds.map((id) => [id, []]));
    if (dealIds.length === 0) return out;
    const rows = await this.database.rows(
      `${CONTACT_VIEW_FROM} where dc.team_id = ? and dc.deal_id in (${dealIds.map(() => '?').join(', ')})`,
      [team.teamId, ...dealIds],
    );
    for (const values of rows) {
      const r = recordOf(CONTACT_VIEW_NAMES, values);
      const link = fromRow(r);
      out.get(link.dealId)?.push({
        ...link,
        contact: {
          id: link.leadId,
          fullName: r.c_full_name as string,
          email: (r.c_email as string | null) ?? null,
          phone: (r.c_phone as string | null) ?? null,
          customFields: fromJson<Record<string, unknown>>(r.c_custom_fields, {}),
        },
      });
    }
    for (const [id, links] of out) out.set(id, orderContacts(links));
    return out;
  }

  /** Through the (team_id, lead_id) index. */
  async listByLeads(team: TeamContext, leadIds: readonly string[], limit: number): Promise<DealContactData[]> {
    if (leadIds.length === 0) return [];
    const rows = (await this.database
      .db('deal_contacts')
      .where({ team_id: team.teamId })
      .whereIn('lead_id', [...leadIds])
      .orderBy([{ column: 'linked_at' }, { column: 'id' }])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }

  async insert(link: DealContactData): Promise<void> {
    await this.database.db('deal_contacts').insert(toRow(link));
  }
}
