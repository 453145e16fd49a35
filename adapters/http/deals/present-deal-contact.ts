import { DealContactView } from '../../../domain/deals/deal-contact';
import { exactObject, R } from '../shared/documented';

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

/** The documented shape of `presentDealContact`. */
export const dealContactSchema = exactObject(
  {
    link_id: { ...R.uuid, description: "The link's own id." },
    contact_id: { ...R.uuid, description: 'The project lead linked.' },
    contact_identity_id: { ...R.uuid, description: 'The team-wide identity of that lead.' },
    is_primary: { ...R.boolean, description: "True for the deal's main lead (the first of the list)." },
    position: { type: 'integer', minimum: 1, description: 'Order of linking, from 1 (the main lead).' },
    linked_at: R.dateTime,
    contact: exactObject(
      {
        id: R.uuid,
        full_name: R.string,
        email: R.nullableString,
        phone: { ...R.nullableString, description: 'Brazilian numbers as `+55` followed by digits.' },
        custom_fields: { ...R.anyObject, description: 'Project-level custom field values (free form).' },
      },
      "The contact's current data.",
    ),
  },
  'A contact (project lead) linked to a project deal.',
);
