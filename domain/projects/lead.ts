// A lead: a contact of one project's CRM, linked to the team-wide identity of the same person.
import { ERASED_NAME, Redaction } from '../privacy/redaction';
import { ChangeOf } from '../shared/changes';
import { Duplicate, ValidationFailed } from '../shared/errors';
import { ContactIdentityData, CustomFieldValues } from './contact-identity';
import { leadEmailKey, leadPhoneKey, normalizeLeadEmail, normalizeLeadPhone } from './lead-phone';

export interface LeadData {
  id: string;
  teamId: string;
  projectId: string;
  publicId: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  /** Internal duplicate keys; never presented. */
  emailKey: string | null;
  phoneKey: string | null;
  tags: string[];
  notes: string | null;
  customerSource: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  attribution: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  /** Project-level custom field values. */
  customFields: CustomFieldValues;
  isActive: boolean;
  contactIdentityId: string;
  companyId: string | null;
  companyName: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A lead as read back, with its identity and company. */
export interface LeadView extends LeadData {
  identity: ContactIdentityData;
  company: { id: string; name: string } | null;
}

export interface NewLead {
  fullName: string;
  email?: string | null;
  phone?: string | null;
  tags?: string[];
  notes?: string | null;
  customerSource?: string | null;
  companyName?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  /** As stored: the attribution fields an integration received, keyed as it sent them. */
  attribution?: Record<string, unknown> | null;
  metadata?: Record<string, unknown>;
  /** Project-level values, by the user's field keys. */
  customFields?: CustomFieldValues;
  createdBy?: string | null;
}

/** What an update of a lead may change (a batch's `update` of a duplicate), in the order of the request. */
export const LEAD_CHANGE_FIELDS = [
  'fullName',
  'email',
  'phone',
  'tags',
  'notes',
  'customerSource',
  'companyName',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const;

/** A change of a lead: only the keys present are applied; null clears. The phone and e-mail are given as sent. */
export type LeadChanges = ChangeOf<LeadData, (typeof LEAD_CHANGE_FIELDS)[number]>;

const LEAD_TEXT_CHANGES = ['notes', 'customerSource', 'companyName', 'utmSource', 'utmMedium', 'utmCampaign'] as const;

const requireTags = (tags: unknown): string[] => {
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) throw new ValidationFailed('tags must be a list of strings', 'tags');
  return [...(tags as string[])];
};

export interface LeadContact {
  phone: string | null;
  phoneKey: string | null;
  email: string | null;
  emailKey: string | null;
}

/** The stored phone and email of a lead and the keys its duplicates are found by. */
export const leadContact = (input: { phone?: string | null; email?: string | null }): LeadContact => {
  const phone = input.phone ? normalizeLeadPhone(input.phone) : null;
  const email = input.email ? normalizeLeadEmail(input.email) : null;
  return {
    phone,
    phoneKey: phone ? leadPhoneKey(phone) : null,
    email,
    emailKey: email ? leadEmailKey(email) : null,
  };
};

export const requireFullName = (v: unknown, field = 'full_name'): string => {
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name) throw new ValidationFailed('full_name must not be empty', field);
  return name;
};

export type LeadMatch = 'phone' | 'email';

/**
 * Two leads of one project are the same contact when they share the phone, or else the email;
 * the same name alone is not. The error names the lead already there.
 */
export const duplicateLead = (existing: Pick<LeadData, 'id' | 'isActive'>, matchedBy: LeadMatch): Duplicate =>
  new Duplicate(`A contact with this ${matchedBy} already exists in the project`, {
    existing_contact_id: existing.id,
    matched_by: matchedBy,
    archived: !existing.isActive,
  });

/**
 * Storage refused a lead whose phone or email another lead of the project took in the meantime
 * (a concurrent write). Retrying the intake finds that lead and answers as for any duplicate.
 */
export class LeadContactTaken extends Duplicate {
  constructor() {
    super('A contact with this phone or email already exists in the project');
  }
}

/** Which key of `candidate` an existing lead shares, phone first; null when none. */
export const matchLead = (
  candidate: Pick<LeadContact, 'phoneKey' | 'emailKey'>,
  existing: Pick<LeadData, 'phoneKey' | 'emailKey'>,
): LeadMatch | null => {
  if (candidate.phoneKey && candidate.phoneKey === existing.phoneKey) return 'phone';
  if (candidate.emailKey && candidate.emailKey === existing.emailKey) return 'email';
  return null;
};

/** A known contact sent again by an integration (an inbound webhook). */
export interface LeadTouch {
  /** Who sent it, for the notes (`webhook site-form`). */
  via: string;
  notes?: string | null;
  /** The UTM set this contact came with, when it carried one. */
  utm?: Record<string, string | null> | null;
  /**
   * False when anyone could have sent it (an inbound endpoint without authentication): it may only add
   * to the notes, its UTM written there, and never sets or rewrites the attribution or the UTM columns.
   */
  authenticated: boolean;
}

export interface LeadLinks {
  projectId: string;
  publicId: string;
  contactIdentityId: string;
  companyId: string | null;
}

export class Lead {
  private constructor(private data: LeadData) {}

  static create(id: string, teamId: string, links: LeadLinks, input: NewLead, now: Date): Lead {
    const at = now.toISOString();
    const contact = leadContact(input);
    const tags = requireTags(input.tags ?? []);
    return new Lead({
      id,
      teamId,
      ...links,
      fullName: requireFullName(input.fullName),
      ...contact,
      tags,
      notes: input.notes ?? null,
      customerSource: input.customerSource ?? null,
      utmSource: input.utmSource ?? null,
      utmMedium: input.utmMedium ?? null,
      utmCampaign: input.utmCampaign ?? null,
      attribution: input.attribution ? { ...input.attribution } : null,
      metadata: { ...(input.metadata ?? {}) },
      customFields: { ...(input.customFields ?? {}) },
      isActive: true,
      companyName: input.companyName ?? null,
      createdBy: input.createdBy ?? null,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: LeadData): Lead {
    return new Lead(clone(data));
  }

  get id(): string {
    return this.data.id;
  }
  get isActive(): boolean {
    return this.data.isActive;
  }

  snapshot(): LeadData {
    return clone(this.data);
  }

  /**
   * The contact came back: what they wrote now is appended to the notes under a dated line naming
   * the source, never dropped, and a UTM set is kept as the `last` touch beside the `first` (which
   * it also becomes, with the UTM columns, when the lead had none). An unauthenticated touch only
   * appends: its UTM goes into its note, so a stranger who knows a lead's e-mail or phone cannot
   * rewrite where the lead came from. Returns whether anything changed.
   */
  recordReturn(touch: LeadTouch, now: Date): boolean {
    const notes = touch.notes?.trim();
    const utm = touch.utm && Object.values(touch.utm).some((v) => v !== null && v !== undefined) ? { ...touch.utm } : null;
    if (!touch.authenticated) {
      const utmLine = utm
        ? Object.entries(utm)
            .filter(([, v]) => v !== null && v !== undefined)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')
        : '';
      const text = [notes, utmLine].filter(Boolean).join('\n');
      if (!text) return false;
      this.appendNote(`${touch.via}, unauthenticated`, text, now);
      this.data.updatedAt = now.toISOString();
      return true;
    }
    let changed = false;
    if (notes) {
      this.appendNote(touch.via, notes, now);
      changed = true;
    }
    if (utm) {
      const attribution: Record<string, unknown> = { ...(this.data.attribution ?? {}) };
      if (attribution.first === undefined || attribution.first === null) attribution.first = { ...utm };
      attribution.last = { ...utm, at: now.toISOString(), via: touch.via };
      this.data.attribution = attribution;
      if (!this.data.utmSource && !this.data.utmMedium && !this.data.utmCampaign) {
        this.data.utmSource = utm.utm_source ?? null;
        this.data.utmMedium = utm.utm_medium ?? null;
        this.data.utmCampaign = utm.utm_campaign ?? null;
      }
      changed = true;
    }
    if (changed) this.data.updatedAt = now.toISOString();
    return changed;
  }

  private appendNote(via: string, text: string, now: Date): void {
    const entry = `[${now.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${via}]\n${text}`;
    this.data.notes = this.data.notes ? `${this.data.notes}\n\n${entry}` : entry;
  }

  /**
   * Applies the fields present (null clears one) and returns whether anything changed; `updatedAt` moves only
   * then. A phone or e-mail with the duplicate key the lead already has is the same contact written another way
   * (`+55 11 8765-4321` for `+5511987654321`, capitals): the stored spelling is kept.
   */
  update(changes: LeadChanges, now: Date): boolean {
    const before = JSON.stringify(this.data);
    if (changes.fullName !== undefined) this.data.fullName = requireFullName(changes.fullName);
    if (changes.phone !== undefined || changes.email !== undefined) {
      const contact = leadContact({ phone: changes.phone, email: changes.email });
      if (changes.phone !== undefined && contact.phoneKey !== this.data.phoneKey) {
        this.data.phone = contact.phone;
        this.data.phoneKey = contact.phoneKey;
      }
      if (changes.email !== undefined && contact.emailKey !== this.data.emailKey) {
        this.data.email = contact.email;
        this.data.emailKey = contact.emailKey;
      }
    }
    if (changes.tags !== undefined) this.data.tags = requireTags(changes.tags);
    for (const f of LEAD_TEXT_CHANGES) if (changes[f] !== undefined) this.data[f] = changes[f] ?? null;
    const changed = JSON.stringify(this.data) !== before;
    if (changed) this.data.updatedAt = now.toISOString();
    return changed;
  }

  /**
   * A personal data erasure: the placeholder name, no phone, e-mail or duplicate keys (the person is no longer
   * found as a duplicate), no notes or custom values; where the lead came from (UTM, attribution, metadata,
   * source, company, tags) without the person's values. Returns the anonymised record.
   */
  anonymise(redaction: Redaction, now: Date): LeadData {
    const d = this.data;
    d.fullName = ERASED_NAME;
    d.email = null;
    d.emailKey = null;
    d.phone = null;
    d.phoneKey = null;
    d.notes = null;
    d.customFields = {};
    for (const f of ['customerSource', 'companyName', 'utmSource', 'utmMedium', 'utmCampaign'] as const)
      d[f] = redaction.optionalText(d[f]);
    d.attribution = d.attribution && redaction.json(d.attribution);
    d.metadata = redaction.json(d.metadata);
    d.tags = redaction.list(d.tags);
    d.updatedAt = now.toISOString();
    return this.snapshot();
  }

  /** Kept as a record (and still a duplicate target, reported as `archived`), but inactive. */
  deactivate(now: Date): void {
    if (!this.data.isActive) return;
    this.data.isActive = false;
    this.data.updatedAt = now.toISOString();
  }
}

const clone = (d: LeadData): LeadData => ({
  ...d,
  tags: [...d.tags],
  attribution: d.attribution ? { ...d.attribution } : null,
  metadata: { ...d.metadata },
  customFields: { ...d.customFields },
});
