import { ADDRESS_FIELDS, CLIENT_TEXT_FIELDS } from '../../../domain/clients/client';
import { S } from '../shared/validation';

const text = Object.fromEntries(CLIENT_TEXT_FIELDS.map((f) => [f, S.nullableString]));
const address = {
  anyOf: [{ type: 'object', properties: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, S.nullableString])) }, { type: 'null' }],
};

const fields = {
  ...text,
  name: S.nonEmptyString,
  cpf: S.nullableString,
  cnpj: S.nullableString,
  birth_date: S.nullableDate,
  tags: S.stringArray,
  address,
};

export const createClientSchema = {
  type: 'object',
  required: ['name', 'type'],
  properties: { ...fields, type: S.enumOf(['PF', 'PJ']) },
};

export const UPDATABLE_CLIENT_FIELDS = ['name', ...CLIENT_TEXT_FIELDS, 'cpf', 'cnpj', 'birth_date', 'tags', 'address'] as const;

export const updateClientSchema = { type: 'object', properties: fields };
