import { Redaction } from '../privacy/redaction';
import { ChangeOf, carriesAny, requestName } from '../shared/changes';
import { ValidationFailed } from '../shared/errors';
import { PhoneNumber } from '../shared/phone-number';

export interface ContactData {
  id: string;
  teamId: string;
  /** Digits with the country code, as first given. */
  phone: string;
  /** One key for every variant of the number, so a person has one contact (see PhoneNumber.canonical). */
  phoneKey: string;
  jid: string;
  pushName: string | null;
  customName: string | null;
  notes: string | null;
  tags: string[];
  clientId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a request may set, in the order a change with none of them is told about: the one list of them. */
export const CONTACT_CHANGE_FIELDS = ['customName', 'notes', 'tags', 'clientId'] as const satisfies readonly (keyof ContactData)[];

/** The fields a request may set; `phone` and `jid` are fixed once the contact exists. */
export type ContactChanges = ChangeOf<ContactData, (typeof CONTACT_CHANGE_FIELDS)[number]>;

export class Contact {
  private constructor(private data: ContactData) {}

  static create(
    id: string,
    teamId: string,
    phone: PhoneNumber,
    changes: ContactChanges,
    now: Date,
    pushName: string | null = null,
  ): Contact {
    const at = now.toISOString();
    const contact = new Contact({
      id,
      teamId,
      phone: phone.digits,
      phoneKey: phone.canonical,
      jid: phone.jid,
      pushName: cleanName(pushName),
      customName: null,
      notes: null,
      tags: [],
      clientId: null,
      createdAt: at,
      updatedAt: at,
    });
    contact.apply(changes);
    return contact;
  }

  static restore(data: ContactData): Contact {
    return new Contact({ ...data, tags: [...data.tags] });
  }

  get id(): string {
    return this.data.id;
  }
  get phone(): PhoneNumber {
    return PhoneNumber.restore(this.data.phone);
  }
  get clientId(): string | null {
    return this.data.clientId;
  }

  snapshot(): ContactData {
    return { ...this.data, tags: [...this.data.tags] };
  }

  /** Applies the fields given; a request that changes nothing it may change is refused. */
  update(changes: ContactChanges, now: Date): void {
    if (!carriesAny(changes, CONTACT_CHANGE_FIELDS)) {
      throw new ValidationFailed(`Send at least one of ${CONTACT_CHANGE_FIELDS.map(requestName).join(', ')}`);
    }
    this.apply(changes);
    this.data.updatedAt = now.toISOString();
  }

  /** The name the person shows on WhatsApp, as the provider reports it with an inbound message. */
  notePushName(name: string | null | undefined, now: Date): boolean {
    const clean = cleanName(name);
    if (clean === null || clean === this.data.pushName) return false;
    this.data.pushName = clean;
    this.data.updatedAt = now.toISOString();
    return true;
  }

  /**
   * The customer moved to a new number (a `system` message from WhatsApp): the same person, so the
   * contact and its conversations follow. Returns whether the number changed.
   */
  changeNumber(phone: PhoneNumber, now: Date): boolean {
    if (phone.canonical === this.data.phoneKey && phone.digits === this.data.phone) return false;
    this.data.phone = phone.digits;
    this.data.phoneKey = phone.canonical;
    this.data.jid = phone.jid;
    this.data.updatedAt = now.toISOString();
    return true;
  }

  /**
   * A personal data erasure: no number, WhatsApp address, names or notes. The phone key stays unique per team,
   * so it becomes one made from the contact's id, which no number can take (`x` and hex digits): the person
   * writing again opens a new contact.
   */
  anonymise(redaction: Redaction, now: Date): ContactData {
    Object.assign(this.data, {
      phone: '',
      jid: '',
      phoneKey: erasedPhoneKey(this.data.id),
      pushName: null,
      customName: null,
      notes: null,
      tags: redaction.list(this.data.tags),
      updatedAt: now.toISOString(),
    });
    return this.snapshot();
  }

  private apply(c: ContactChanges): void {
    if (c.customName !== undefined) this.data.customName = emptyToNull(c.customName);
    if (c.notes !== undefined) this.data.notes = emptyToNull(c.notes);
    if (c.tags !== undefined) {
      if (!Array.isArray(c.tags) || c.tags.some((t) => typeof t !== 'string')) {
        throw new ValidationFailed('tags must be a list of strings', 'tags');
      }
      this.data.tags = [...new Set(c.tags.map((t) => t.trim()).filter((t) => t.length > 0))];
    }
    if (c.clientId !== undefined) this.data.clientId = c.clientId;
  }
}

/** The phone key of an erased contact: `x` and the last 19 hex digits of its id (the column holds 20). */
const erasedPhoneKey = (id: string): string => `x${id.replace(/-/g, '').toLowerCase().slice(-19)}`;

const emptyToNull = (v: string | null): string | null => (v === null || v.trim() === '' ? null : v.trim());
const cleanName = (v: string | null | undefined): string | null => (typeof v === 'string' ? emptyToNull(v) : null);
