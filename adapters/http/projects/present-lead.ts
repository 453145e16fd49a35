import { CompanyData } from '../../../domain/projects/company';
import { ContactIdentityData } from '../../../domain/projects/contact-identity';
import { LeadView } from '../../../domain/projects/lead';

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
