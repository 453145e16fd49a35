import { B, Static, Type } from '../shared/body';

const text = () => B.optional(B.nullableString());

/** Address subfields, each set one by one on update; `address: null` clears them all. */
export const ADDRESS_BODY_FIELDS = ['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zip_code', 'country'] as const;

const address = B.nullable(Type.Object({
  street: text(), number: text(), complement: text(), neighborhood: text(), city: text(), state: text(), zip_code: text(), country: text(),
}));

/** The nullable text fields a request may set, in the order of the spec. */
export const TEXT_BODY_FIELDS = [
  'display_name', 'email', 'phone', 'mobile_phone', 'whatsapp', 'rg', 'gender', 'marital_status',
  'nationality', 'legal_name', 'trade_name', 'state_registration', 'municipal_registration', 'source', 'notes',
] as const;

const fields = {
  display_name: text(),
  email: text(),
  phone: text(),
  mobile_phone: text(),
  whatsapp: text(),
  rg: text(),
  gender: text(),
  marital_status: text(),
  nationality: text(),
  legal_name: text(),
  trade_name: text(),
  state_registration: text(),
  municipal_registration: text(),
  source: text(),
  notes: text(),
  name: B.optional(B.nonEmptyString()),
  cpf: text(),
  cnpj: text(),
  birth_date: B.optional(B.nullableDate()),
  tags: B.optional(B.stringArray()),
  address: B.optional(address),
};

export const createClientSchema = Type.Object({ ...fields, name: B.nonEmptyString(), type: B.enumOf(['PF', 'PJ'] as const) });

export const updateClientSchema = Type.Object(fields);
export type UpdateClientBody = Static<typeof updateClientSchema>;

/** What an update must carry at least one of, in the order the 400 names them. */
export const UPDATABLE_CLIENT_FIELDS = ['name', ...TEXT_BODY_FIELDS, 'cpf', 'cnpj', 'birth_date', 'tags', 'address'] as const;
