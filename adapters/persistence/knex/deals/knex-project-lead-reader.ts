import { ProjectLeadReader } from '../../../../domain/deals/project-lead-reader';
import { LeadView } from '../../../../domain/projects/lead';
import { TeamContext } from '../../../../domain/shared/team';
import { IDENTITY_COLUMNS, identityFromRow } from '../projects/knex-contact-identity-repository';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));

/** The same join as the projects adapter's lead views, for many ids at once. */
export class KnexProjectLeadReader implements ProjectLeadReader {
  constructor(private readonly database: KnexDatabase) {}

  async viewsByIds(team: TeamContext, ids: readonly string[]): Promise<Map<string, LeadView>> {
    const out = new Map<string, LeadView>();
    if (ids.length === 0) return out;
    const rows: Row[] = await this.database
      .db('project_leads as l')
      .join('contact_identities as i', (j) => j.on('i.team_id', 'l.team_id').andOn('i.id', 'l.contact_identity_id'))
      .leftJoin('project_companies as co', (j) => j.on('co.team_id', 'l.team_id').andOn('co.id', 'l.company_id'))
      .where('l.team_id', team.teamId)
      .whereIn('l.id', [...new Set(ids)])
      .select('l.*', ...IDENTITY_COLUMNS.map((c) => `i.${c} as i_${c}`), 'co.name as co_name');
    for (const r of rows) {
      const companyId = text(r.company_id);
      out.set(r.id as string, {
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
        companyId,
        companyName: text(r.company_name),
        createdBy: text(r.created_by),
        createdAt: toIso(r.created_at),
        updatedAt: toIso(r.updated_at),
        identity: identityFromRow(r, 'i_'),
        company: companyId && r.co_name != null ? { id: companyId, name: r.co_name as string } : null,
      });
    }
    return out;
  }
}
