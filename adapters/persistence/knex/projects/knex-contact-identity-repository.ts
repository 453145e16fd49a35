import { ContactIdentityData } from '../../../../domain/projects/contact-identity';
import { ContactIdentityRepository } from '../../../../domain/projects/contact-identity-repository';
import { LeadKeys } from '../../../../domain/projects/lead-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const toRow = (i: ContactIdentityData): Row => ({
  team_id: i.teamId,
  id: i.id,
  display_name: i.displayName,
  primary_phone: i.primaryPhone,
  primary_email: i.primaryEmail,
  phone_key: i.phoneKey,
  email_key: i.emailKey,
  custom_fields: JSON.stringify(i.customFields),
  created_at: i.createdAt,
  updated_at: i.updatedAt,
});

/** An identity row, its columns optionally prefixed (when joined to a lead). */
export const identityFromRow = (r: Row, prefix = ''): ContactIdentityData => ({
  id: r[`${prefix}id`] as string,
  teamId: r[`${prefix}team_id`] as string,
  displayName: r[`${prefix}display_name`] as string,
  primaryPhone: (r[`${prefix}primary_phone`] as string | null) ?? null,
  primaryEmail: (r[`${prefix}primary_email`] as string | null) ?? null,
  phoneKey: (r[`${prefix}phone_key`] as string | null) ?? null,
  emailKey: (r[`${prefix}email_key`] as string | null) ?? null,
  customFields: fromJson<Record<string, unknown>>(r[`${prefix}custom_fields`], {}),
  createdAt: toIso(r[`${prefix}created_at`]),
  updatedAt: toIso(r[`${prefix}updated_at`]),
});

export const IDENTITY_COLUMNS = [
  'id',
  'team_id',
  'display_name',
  'primary_phone',
  'primary_email',
  'phone_key',
  'email_key',
  'custom_fields',
  'created_at',
  'updated_at',
];

export class KnexContactIdentityRepository implements ContactIdentityRepository {
  constructor(private readonly database: KnexDatabase) {}

  async findById(team: TeamContext, id: string): Promise<ContactIdentityData | null> {
    const row = await this.database.db('contact_identities').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? identityFromRow(row) : null;
  }

  async findByContact(team: TeamContext, keys: LeadKeys): Promise<ContactIdentityData | null> {
    for (const [column, value] of [
      ['phone_key', keys.phoneKey],
      ['email_key', keys.emailKey],
    ] as const) {
      if (!value) continue;
      const row = await this.database
        .db('contact_identities')
        .where({ team_id: team.teamId, [column]: value })
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .first<Row | undefined>();
      if (row) return identityFromRow(row);
    }
    return null;
  }

  /** Through the (team_id, phone_key) and (team_id, email_key) indexes. */
  async listByContact(team: TeamContext, keys: LeadKeys): Promise<ContactIdentityData[]> {
    if (!keys.phoneKey && !keys.emailKey) return [];
    const rows = (await this.database
      .db('contact_identities')
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        if (keys.phoneKey) w.orWhere({ phone_key: keys.phoneKey });
        if (keys.emailKey) w.orWhere({ email_key: keys.emailKey });
      })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])) as Row[];
    return rows.map((r) => identityFromRow(r));
  }

  async insert(identity: ContactIdentityData): Promise<void> {
    await this.database.db('contact_identities').insert(toRow(identity));
  }

  async update(identity: ContactIdentityData): Promise<void> {
    await this.database.db('contact_identities').where({ team_id: identity.teamId, id: identity.id }).update(toRow(identity));
  }
}
