// The contacts (project leads) linked to a project deal. The main lead is the primary link, at
// position 1; others follow in the order they were linked.
export interface DealContactData {
  /** The link's own id (`link_id`). */
  id: string;
  teamId: string;
  dealId: string;
  /** The project lead (`contact_id`). */
  leadId: string;
  contactIdentityId: string;
  isPrimary: boolean;
  position: number;
  linkedAt: string;
}

/** A link as a deal response shows it, with the contact's current data. */
export interface DealContactView extends DealContactData {
  contact: {
    id: string;
    fullName: string;
    email: string | null;
    phone: string | null;
    customFields: Record<string, unknown>;
  };
}

export interface LinkedLead {
  id: string;
  contactIdentityId: string;
}

/**
 * The link of `lead` to a deal that already has `existing` links: the first one is the primary
 * contact, each next one goes after the last. Linking a lead twice returns null.
 */
export const linkContact = (
  id: string,
  teamId: string,
  dealId: string,
  lead: LinkedLead,
  existing: readonly DealContactData[],
  now: Date,
): DealContactData | null => {
  if (existing.some((l) => l.leadId === lead.id)) return null;
  return {
    id,
    teamId,
    dealId,
    leadId: lead.id,
    contactIdentityId: lead.contactIdentityId,
    isPrimary: existing.length === 0,
    position: existing.reduce((max, l) => Math.max(max, l.position), 0) + 1,
    linkedAt: now.toISOString(),
  };
};

/** Main contact first, then by position. */
export const orderContacts = <T extends DealContactData>(links: T[]): T[] =>
  [...links].sort((a, b) => (a.isPrimary !== b.isPrimary ? (a.isPrimary ? -1 : 1) : a.position - b.position));
