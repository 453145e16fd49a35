import { CreateClient } from '../../../application/clients/create-client';
import { DeactivateClient } from '../../../application/clients/deactivate-client';
import { GetClient } from '../../../application/clients/get-client';
import { ListClients } from '../../../application/clients/list-clients';
import { UpdateClient } from '../../../application/clients/update-client';
import { ClientChanges, ClientStatus, ClientType } from '../../../domain/clients/client';
import { CLIENT_SORT_FIELDS } from '../../../domain/clients/client-repository';
import { RouteModule } from '../app';
import { Type, camelKeys, pick } from '../shared/body';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { requireSomeField } from '../shared/validation';
import { ADDRESS_BODY_FIELDS, UPDATABLE_CLIENT_FIELDS, UpdateClientBody, createClientSchema, updateClientSchema } from './client-schemas';
import { clientSchema, deactivatedClientSchema, presentClient, presentDeactivatedClient } from './present-client';

export interface ClientUseCases {
  list: ListClients;
  create: CreateClient;
  get: GetClient;
  update: UpdateClient;
  deactivate: DeactivateClient;
}

const CLIENT_TYPES: readonly ClientType[] = ['PF', 'PJ'];
const CLIENT_STATUSES: readonly ClientStatus[] = ['active', 'inactive'];

type ClientField = (typeof UPDATABLE_CLIENT_FIELDS)[number];

/** The fields a body sets as sent; `address` is mapped subfield by subfield. */
const SCALAR_FIELDS = UPDATABLE_CLIENT_FIELDS.filter((f): f is Exclude<ClientField, 'address'> => f !== 'address');

/** The fields of a body (the address mapped subfield by subfield), as a use case names them; nothing else. */
const changesOf = (body: UpdateClientBody): ClientChanges => {
  const changes: ClientChanges = camelKeys(pick(body, SCALAR_FIELDS));
  if (body.address !== undefined) changes.address = body.address === null ? null : camelKeys(pick(body.address, ADDRESS_BODY_FIELDS));
  return changes;
};

const clients = resource({ path: '/clients', tag: 'Clients', present: presentClient, schema: clientSchema, name: 'Client' });

export function clientRoutes(uc: ClientUseCases): RouteModule {
  return {
    operations: [
      clients.list({
        id: 'listClients',
        summary: "List the team's clients",
        list: {
          sortable: CLIENT_SORT_FIELDS,
          search: 'Partial match in name, e-mail, phone, CPF and CNPJ (accents and case do not matter).',
        },
        query: Type.Object({ type: Q.oneOf(CLIENT_TYPES), status: Q.oneOf(CLIENT_STATUSES), ...updatedSince('clients') }),
        success: 'A page of clients.',
        errors: [400],
        useCase: uc.list,
      }),
      clients.create({
        id: 'createClient',
        summary: 'Create a client (PF with CPF, PJ with CNPJ)',
        body: {
          schema: createClientSchema,
          example: { type: 'PF', name: 'Maria Silva', email: 'maria@example.com', cpf: '529.982.247-25', tags: ['vip'] },
        },
        success: 'The client created.',
        errors: [400, 403, 422],
        command: (body) => ({ ...changesOf(body), type: body.type, name: body.name }),
        useCase: uc.create,
      }),
      clients.get({
        id: 'getClient',
        summary: 'Read one client',
        success: 'The client.',
        errors: [404],
        useCase: uc.get,
      }),
      clients.update({
        id: 'updateClient',
        summary: 'Change the fields sent (address subfields one by one)',
        body: { schema: updateClientSchema, example: { phone: '(11) 98765-4321', address: { city: 'São Paulo' } } },
        success: 'The client after the change.',
        errors: [400, 404, 422],
        changes: (body) => {
          requireSomeField(body, UPDATABLE_CLIENT_FIELDS);
          return changesOf(body);
        },
        useCase: uc.update,
      }),
      clients.delete({
        id: 'deactivateClient',
        summary: 'Deactivate a client (it is kept, with status inactive)',
        success: { description: 'The client deactivated.', data: deactivatedClientSchema, name: 'DeactivatedClient' },
        errors: [404],
        useCase: uc.deactivate,
        present: presentDeactivatedClient,
      }),
    ],
  };
}
