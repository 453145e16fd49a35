import { ERASED_NAME, Redaction } from '../privacy/redaction';
import { Unprocessable, ValidationFailed } from '../shared/errors';
import { optionalCalendarDate } from '../shared/values';
import { Cnpj } from './cnpj';
import { Cpf } from './cpf';

export type ClientType = 'PF' | 'PJ';
export type ClientStatus = 'active' | 'inactive';

export const ADDRESS_FIELDS = ['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zipCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type Address = Record<AddressField, string | null>;

/** The nullable free-text fields of a client, in the order of the spec. */
export const CLIENT_TEXT_FIELDS = [
  'displayName',
  'email',
  'phone',
  'mobilePhone',
  'whatsapp',
  'rg',
  'gender',
  'maritalStatus',
  'nationality',
  'legalName',
  'tradeName',
  'stateRegistration',
  'municipalRegistration',
  'source',
  'notes',
] as const;
export type ClientTextField = (typeof CLIENT_TEXT_FIELDS)[number];

export interface ClientData extends Record<ClientTextField, string | null> {
  id: string;
  teamId: string;
  type: ClientType;
  name: string;
  cpf: string | null; // normalized digits
  cnpj: string | null; // normalized upper-case letters and digits
  birthDate: string | null;
  status: ClientStatus;
  tags: string[];
  address: Address;
  deactivatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Everything a create or update may carry; on update only the keys present are applied. */
export interface ClientChanges extends Partial<Record<ClientTextField, string | null>> {
  name?: string;
  cpf?: string | null;
  cnpj?: string | null;
  birthDate?: string | null;
  tags?: string[];
  address?: Partial<Record<AddressField, string | null>> | null;
}

const emptyAddress = (): Address => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, null])) as Address;

export class Client {
  private constructor(private data: ClientData) {}

  static create(id: string, teamId: string, type: ClientType, changes: ClientChanges & { name: string }, now: Date): Client {
    // Callers other than the HTTP edge (demo seed, tools) have no body schema: the type is checked here too.
    if (type !== 'PF' && type !== 'PJ') throw new ValidationFailed('type must be PF or PJ', 'type');
    const at = now.toISOString();
    const client = new Client({
      id,
      teamId,
      type,
      name: '',
      cpf: null,
      cnpj: null,
      birthDate: null,
      status: 'active',
      tags: [],
      address: emptyAddress(),
      deactivatedAt: null,
      createdAt: at,
      updatedAt: at,
      ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((f) => [f, null])) as Record<ClientTextField, null>),
    });
    client.apply(changes);
    return client;
  }

  static restore(data: ClientData): Client {
    return new Client({ ...data, tags: [...data.tags], address: { ...data.address } });
  }

  get id(): string {
    return this.data.id;
  }
  get status(): ClientStatus {
    return this.data.status;
  }
  get cpf(): string | null {
    return this.data.cpf;
  }
  get cnpj(): string | null {
    return this.data.cnpj;
  }

  snapshot(): ClientData {
    return { ...this.data, tags: [...this.data.tags], address: { ...this.data.address } };
  }

  get type(): ClientType {
    return this.data.type;
  }

  /**
   * Applies only the fields given; address subfields change one by one. Returns whether a field changed
   * (`updatedAt` moves anyway: a PUT is a write).
   */
  update(changes: ClientChanges, now: Date): boolean {
    const before = JSON.stringify(this.data);
    this.apply(changes);
    const changed = JSON.stringify(this.data) !== before;
    this.data.updatedAt = now.toISOString();
    return changed;
  }

  /** An item naming this client (a batch's duplicate) must be of its type: a PF is never rewritten as a PJ. */
  assertType(type: ClientType): void {
    if (type !== this.data.type) {
      throw new Unprocessable(`type ${type} differs from the existing client's type ${this.data.type}`, 'type', {
        existing_id: this.data.id,
      });
    }
  }

  /** DELETE keeps the record: the client becomes inactive and remembers when. */
  deactivate(now: Date): void {
    if (this.data.status === 'inactive') return;
    const at = now.toISOString();
    this.data.status = 'inactive';
    this.data.deactivatedAt = at;
    this.data.updatedAt = at;
  }

  get deactivatedAt(): string | null {
    return this.data.deactivatedAt;
  }

  /**
   * A personal data erasure of the person this client is (a PF, or a PJ named by its CNPJ): the placeholder
   * name, every document, contact, address, personal and free-text field cleared; the source and the tags
   * without the person's values. The id, type, status and history stay. Returns the anonymised record.
   */
  anonymise(redaction: Redaction, now: Date): ClientData {
    for (const f of CLIENT_TEXT_FIELDS) this.data[f] = f === 'source' ? redaction.optionalText(this.data[f]) : null;
    this.data.name = ERASED_NAME;
    this.data.cpf = null;
    this.data.cnpj = null;
    this.data.birthDate = null;
    this.data.address = emptyAddress();
    this.data.tags = redaction.list(this.data.tags);
    this.data.updatedAt = now.toISOString();
    return this.snapshot();
  }

  /**
   * A client that is not the person but holds their values (a company whose contact they are): each field
   * that is one of the person's values is cleared, and each that holds one loses it; the rest stays.
   */
  redact(redaction: Redaction, now: Date): ClientData {
    for (const f of CLIENT_TEXT_FIELDS) this.data[f] = redaction.optionalText(this.data[f]);
    this.data.name = redaction.requiredText(this.data.name);
    if (redaction.touches(this.data.cpf)) this.data.cpf = null;
    if (redaction.touches(this.data.cnpj)) this.data.cnpj = null;
    for (const f of ADDRESS_FIELDS) this.data.address[f] = redaction.optionalText(this.data.address[f]);
    this.data.tags = redaction.list(this.data.tags);
    this.data.updatedAt = now.toISOString();
    return this.snapshot();
  }

  private apply(c: ClientChanges): void {
    if (c.name !== undefined) {
      const name = c.name.trim();
      if (!name) throw new ValidationFailed('name must not be empty', 'name');
      this.data.name = name;
    }
    for (const f of CLIENT_TEXT_FIELDS) if (c[f] !== undefined) this.data[f] = c[f] ?? null;
    if (c.cpf !== undefined) this.data.cpf = c.cpf === null || c.cpf === '' ? null : Cpf.parse(c.cpf).digits;
    if (c.cnpj !== undefined) this.data.cnpj = c.cnpj === null || c.cnpj === '' ? null : Cnpj.parse(c.cnpj).value;
    if (c.birthDate !== undefined) {
      this.data.birthDate = optionalCalendarDate(c.birthDate, 'birth_date');
    }
    if (c.tags !== undefined) this.data.tags = [...c.tags];
    if (c.address === null) this.data.address = emptyAddress();
    else if (c.address !== undefined) {
      for (const f of ADDRESS_FIELDS) if (c.address[f] !== undefined) this.data.address[f] = c.address[f] ?? null;
    }
  }
}
