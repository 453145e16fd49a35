import { DeactivatedClient } from '../../../application/clients/deactivate-client';
import { ADDRESS_FIELDS, CLIENT_TEXT_FIELDS, ClientData } from '../../../domain/clients/client';
import { exactObject, R } from '../shared/documented';

/** The client as the spec shows it (2.2); nothing else leaves. */
export const presentClient = (c: ClientData) => ({
  id: c.id,
  type: c.type,
  name: c.name,
  display_name: c.display_name,
  email: c.email,
  phone: c.phone,
  mobile_phone: c.mobile_phone,
  whatsapp: c.whatsapp,
  cpf: c.cpf,
  rg: c.rg,
  birth_date: c.birthDate,
  gender: c.gender,
  marital_status: c.marital_status,
  nationality: c.nationality,
  cnpj: c.cnpj,
  legal_name: c.legal_name,
  trade_name: c.trade_name,
  state_registration: c.state_registration,
  municipal_registration: c.municipal_registration,
  source: c.source,
  status: c.status,
  notes: c.notes,
  tags: c.tags,
  address: { ...c.address },
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const presentDeactivatedClient = (c: DeactivatedClient) => ({ id: c.id, status: c.status, deactivated_at: c.deactivated_at });

/** The documented shape of `presentClient`. */
export const clientSchema = exactObject({
  id: R.uuid,
  type: R.enumOf(['PF', 'PJ']),
  name: R.string,
  ...Object.fromEntries(CLIENT_TEXT_FIELDS.map((f) => [f, R.nullableString])),
  cpf: R.nullableString,
  cnpj: R.nullableString,
  birth_date: R.nullableDate,
  status: R.enumOf(['active', 'inactive']),
  tags: R.stringArray,
  address: exactObject(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, R.nullableString]))),
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

export const deactivatedClientSchema = exactObject({ id: R.uuid, status: R.enumOf(['inactive']), deactivated_at: R.dateTime });
