import { DeactivatedClient } from '../../../application/clients/deactivate-client';
import { Address, ClientData } from '../../../domain/clients/client';
import { exactObject, R } from '../shared/documented';
import { ADDRESS_BODY_FIELDS, TEXT_BODY_FIELDS } from './client-schemas';

const presentAddress = (a: Address) => ({
  street: a.street,
  number: a.number,
  complement: a.complement,
  neighborhood: a.neighborhood,
  city: a.city,
  state: a.state,
  zip_code: a.zipCode,
  country: a.country,
});

/** The client as the spec shows it (2.2); nothing else leaves. */
export const presentClient = (c: ClientData) => ({
  id: c.id,
  type: c.type,
  name: c.name,
  display_name: c.displayName,
  email: c.email,
  phone: c.phone,
  mobile_phone: c.mobilePhone,
  whatsapp: c.whatsapp,
  cpf: c.cpf,
  rg: c.rg,
  birth_date: c.birthDate,
  gender: c.gender,
  marital_status: c.maritalStatus,
  nationality: c.nationality,
  cnpj: c.cnpj,
  legal_name: c.legalName,
  trade_name: c.tradeName,
  state_registration: c.stateRegistration,
  municipal_registration: c.municipalRegistration,
  source: c.source,
  status: c.status,
  notes: c.notes,
  tags: c.tags,
  address: presentAddress(c.address),
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const presentDeactivatedClient = (c: DeactivatedClient) => ({ id: c.id, status: c.status, deactivated_at: c.deactivatedAt });

/** The documented shape of `presentClient`. */
export const clientSchema = exactObject({
  id: R.uuid,
  type: R.enumOf(['PF', 'PJ']),
  name: R.string,
  ...Object.fromEntries(TEXT_BODY_FIELDS.map((f) => [f, R.nullableString])),
  cpf: R.nullableString,
  cnpj: R.nullableString,
  birth_date: R.nullableDate,
  status: R.enumOf(['active', 'inactive']),
  tags: R.stringArray,
  address: exactObject(Object.fromEntries(ADDRESS_BODY_FIELDS.map((f) => [f, R.nullableString]))),
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

export const deactivatedClientSchema = exactObject({ id: R.uuid, status: R.enumOf(['inactive']), deactivated_at: R.dateTime });
