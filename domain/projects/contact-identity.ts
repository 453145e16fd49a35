// The shared identity of a person across the team's projects: each project's lead for the same
// phone (or, failing that, email) points at one identity, which holds the contact-level
// (CRM) custom field values.
import { ERASED_NAME } from '../privacy/redaction';
import { leadEmailKey, leadPhoneKey } from './lead-phone';

export type CustomFieldValues = Record<string, unknown>;

export interface ContactIdentityData {
  id: string;
  teamId: string;
  displayName: string;
  primaryPhone: string | null;
  primaryEmail: string | null;
  /** Internal lookup keys; never presented. */
  phoneKey: string | null;
  emailKey: string | null;
  customFields: CustomFieldValues;
  createdAt: string;
  updatedAt: string;
}

export interface IdentitySource {
  fullName: string;
  phone: string | null;
  email: string | null;
  customFields?: CustomFieldValues;
}

export class ContactIdentity {
  private constructor(private data: ContactIdentityData) {}

  static create(id: string, teamId: string, source: IdentitySource, now: Date): ContactIdentity {
    const at = now.toISOString();
    return new ContactIdentity({
      id,
      teamId,
      displayName: source.fullName,
      primaryPhone: source.phone,
      primaryEmail: source.email,
      phoneKey: source.phone ? leadPhoneKey(source.phone) : null,
      emailKey: source.email ? leadEmailKey(source.email) : null,
      customFields: { ...(source.customFields ?? {}) },
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: ContactIdentityData): ContactIdentity {
    return new ContactIdentity({ ...data, customFields: { ...data.customFields } });
  }

  get id(): string {
    return this.data.id;
  }

  snapshot(): ContactIdentityData {
    return { ...this.data, customFields: { ...this.data.customFields } };
  }

  /** A personal data erasure: the placeholder name, no phone, e-mail, keys or contact-level values. */
  anonymise(now: Date): ContactIdentityData {
    Object.assign(this.data, {
      displayName: ERASED_NAME,
      primaryPhone: null,
      primaryEmail: null,
      phoneKey: null,
      emailKey: null,
      customFields: {},
      updatedAt: now.toISOString(),
    });
    return this.snapshot();
  }

  /**
   * A new lead of the same person fills what the identity lacks (so the next lookup by that email
   * or phone finds it) and adds its contact-level values; what is known already is kept.
   * Returns whether anything changed.
   */
  absorb(source: IdentitySource, now: Date): boolean {
    let changed = false;
    if (!this.data.primaryPhone && source.phone) {
      this.data.primaryPhone = source.phone;
      this.data.phoneKey = leadPhoneKey(source.phone);
      changed = true;
    }
    if (!this.data.primaryEmail && source.email) {
      this.data.primaryEmail = source.email;
      this.data.emailKey = leadEmailKey(source.email);
      changed = true;
    }
    for (const [key, value] of Object.entries(source.customFields ?? {})) {
      if (this.data.customFields[key] !== value) {
        this.data.customFields[key] = value;
        changed = true;
      }
    }
    if (changed) this.data.updatedAt = now.toISOString();
    return changed;
  }
}
