import { ADDRESS_FIELDS, CLIENT_TEXT_FIELDS } from '../../../domain/clients/client';
import { B, Static, Text, Type, requestFields } from '../shared/body';

const text = (maxLength: number) => B.optional(B.nullableString(maxLength));

/** Address subfields as the request names them, each set one by one on update; `address: null` clears them all. */
export const ADDRESS_BODY_FIELDS = requestFields(ADDRESS_FIELDS);

const address = B.nullable(
  Type.Object({
    street: text(Text.name),
    number: text(Text.code),
    complement: text(Text.name),
    neighborhood: text(Text.name),
    city: text(Text.name),
    state: text(Text.code),
    zip_code: text(Text.code),
    country: text(Text.code),
  }),
);

/** The nullable text fields a request may set, as it names them, in the order of the spec. */
export const TEXT_BODY_FIELDS = requestFields(CLIENT_TEXT_FIELDS);

const fields = {
  display_name: text(Text.name),
  email: text(Text.email),
  phone: text(Text.phone),
  mobile_phone: text(Text.phone),
  whatsapp: text(Text.phone),
  rg: text(Text.code),
  gender: text(Text.code),
  marital_status: text(Text.code),
  nationality: text(Text.code),
  legal_name: text(Text.name),
  trade_name: text(Text.name),
  state_registration: text(Text.code),
  municipal_registration: text(Text.code),
  source: text(Text.name),
  notes: text(Text.long),
  name: B.optional(B.nonEmptyString(Text.name)),
  cpf: text(Text.code),
  cnpj: text(Text.code),
  birth_date: B.optional(B.nullableDate()),
  tags: B.optional(B.tags()),
  address: B.optional(address),
};

export const createClientSchema = Type.Object({ ...fields, name: B.nonEmptyString(Text.name), type: B.enumOf(['PF', 'PJ'] as const) });

export const updateClientSchema = Type.Object(fields);
export type UpdateClientBody = Static<typeof updateClientSchema>;

/** What an update must carry at least one of, in the order the 400 names them. */
export const UPDATABLE_CLIENT_FIELDS = ['name', ...TEXT_BODY_FIELDS, 'cpf', 'cnpj', 'birth_date', 'tags', 'address'] as const;
