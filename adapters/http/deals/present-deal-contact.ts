import { DealContactView } from '../../../domain/deals/deal-contact';

/** One contact linked to a project deal (spec 2.1 `contacts[]`). */
export const presentDealContact = (c: DealContactView) => ({
  link_id: c.id,
  contact_id: c.leadId,
  contact_identity_id: c.contactIdentityId,
  is_primary: c.isPrimary,
  position: c.position,
  linked_at: c.linkedAt,
  contact: {
    id: c.contact.id,
    full_name: c.contact.fullName,
    email: c.contact.email,
    phone: c.contact.phone,
    custom_fields: { ...c.contact.customFields },
  },
});
