import { CompanyData } from '../../../domain/projects/company';
import { ContactIdentityData } from '../../../domain/projects/contact-identity';
import { LeadView } from '../../../domain/projects/lead';
import { exactObject, nullable, R } from '../shared/documented';

/** The shared identity inside a lead, with the contact-level custom fields; its lookup keys stay inside. */
export const presentIdentity = (i: ContactIdentityData) => ({
  id: i.id,
  display_name: i.displayName,
  primary_phone: i.primaryPhone,
  primary_email: i.primaryEmail,
  custom_fields: { ...i.customFields },
  created_at: i.createdAt,
  updated_at: i.updatedAt,
});

/** The lead as the spec shows it (2.7); duplicate keys never leave. Reused wherever a complete lead is shown. */
export const presentLead = (l: LeadView) => ({
  id: l.id,
  public_id: l.publicId,
  project_id: l.projectId,
  full_name: l.fullName,
  name: l.fullName,
  email: l.email,
  phone: l.phone,
  tags: [...l.tags],
  notes: l.notes,
  customer_source: l.customerSource,
  utm_source: l.utmSource,
  utm_medium: l.utmMedium,
  utm_campaign: l.utmCampaign,
  attribution: l.attribution,
  metadata: { ...l.metadata },
  custom_fields: { ...l.customFields },
  is_active: l.isActive,
  contact_identity_id: l.contactIdentityId,
  company_id: l.companyId,
  company: l.company ? { id: l.company.id, name: l.company.name } : null,
  company_name: l.companyName ?? l.company?.name ?? null,
  identity: presentIdentity(l.identity),
  created_by: l.createdBy,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
});

export const presentCompany = (c: CompanyData) => ({
  id: c.id,
  name: c.name,
  project_id: c.projectId,
  is_active: c.isActive,
});

/** The documented shape of `presentIdentity`. */
export const identitySchema = exactObject(
  {
    id: R.uuid,
    display_name: R.string,
    primary_phone: R.nullableString,
    primary_email: R.nullableString,
    custom_fields: { ...R.anyObject, description: 'Contact-level custom field values, by field key.' },
    created_at: R.dateTime,
    updated_at: R.dateTime,
  },
  "The person behind the lead, shared by the team's projects (one identity per phone or e-mail).",
);

/** The documented shape of `presentLead`. */
export const leadSchema = exactObject({
  id: { ...R.uuid, description: 'The `lead_id` of a deal of this contact.' },
  public_id: { ...R.string, description: 'Short, URL-safe id, unique in the team.' },
  project_id: R.uuid,
  full_name: R.string,
  name: { ...R.string, description: 'The same as `full_name`.' },
  email: R.nullableString,
  phone: { ...R.nullableString, description: 'Brazilian numbers as `+55` followed by digits.' },
  tags: R.stringArray,
  notes: R.nullableString,
  customer_source: R.nullableString,
  utm_source: R.nullableString,
  utm_medium: R.nullableString,
  utm_campaign: R.nullableString,
  attribution: { ...R.nullableObject, description: 'Every attribution field an inbound webhook received, or null.' },
  metadata: R.anyObject,
  custom_fields: { ...R.anyObject, description: 'Project-level custom field values, by field key.' },
  is_active: R.boolean,
  contact_identity_id: R.uuid,
  company_id: R.nullableUuid,
  company: nullable(exactObject({ id: R.uuid, name: R.string }, 'The linked company of the project, or null.')),
  company_name: R.nullableString,
  identity: identitySchema,
  created_by: R.nullableString,
  created_at: R.dateTime,
  updated_at: R.dateTime,
});
