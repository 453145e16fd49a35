import { CreateClient } from '../../../application/clients/create-client';
import { DeactivateClient } from '../../../application/clients/deactivate-client';
import { GetClient } from '../../../application/clients/get-client';
import { ListClients } from '../../../application/clients/list-clients';
import { UpdateClient } from '../../../application/clients/update-client';
import { ClientChanges } from '../../../domain/clients/client';
import { CLIENT_SORT_FIELDS } from '../../../domain/clients/client-repository';
import { RouteModule } from '../app';
import { camelKeys, pick } from '../shared/body';
import { listParameters, queryParam, R } from '../shared/documented';
import { many, one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, listQuery, pathId, queryEnum, teamOf } from '../shared/params';
import { requireSomeField } from '../shared/validation';
import {
  ADDRESS_BODY_FIELDS, TEXT_BODY_FIELDS, UPDATABLE_CLIENT_FIELDS, UpdateClientBody, createClientSchema, updateClientSchema,
} from './client-schemas';
import { clientSchema, deactivatedClientSchema, presentClient, presentDeactivatedClient } from './present-client';

export interface ClientUseCases {
  list: ListClients;
  create: CreateClient;
  get: GetClient;
  update: UpdateClient;
  deactivate: DeactivateClient;
}

const TAG = 'Clients';

/** The fields of a body (the address mapped subfield by subfield), as a use case names them; nothing else. */
const changesOf = (body: UpdateClientBody): ClientChanges => {
  const changes: ClientChanges = camelKeys(pick(body, [...TEXT_BODY_FIELDS, 'name', 'cpf', 'cnpj', 'birth_date', 'tags']));
  if (body.address !== undefined) changes.address = body.address === null ? null : camelKeys(pick(body.address, ADDRESS_BODY_FIELDS));
  return changes;
};

export function clientRoutes(uc: ClientUseCases): RouteModule {
  return {
    operations: [
      operation({
        id: 'listClients', method: 'get', path: '/clients', tag: TAG, access: 'key',
        summary: 'List the team\'s clients',
        parameters: [
          ...listParameters(CLIENT_SORT_FIELDS, { search: 'Partial match in name, e-mail, phone, CPF and CNPJ (accents and case do not matter).' }),
          queryParam('type', R.enumOf(['PF', 'PJ'])),
          queryParam('status', R.enumOf(['active', 'inactive'])),
        ],
        success: { status: 200, description: 'A page of clients.', data: clientSchema, name: 'Client', list: true },
        errors: [400],
        async handle(ctx: Ctx) {
          const query = listQuery(ctx, { sortable: CLIENT_SORT_FIELDS });
          const type = queryEnum(ctx, 'type', ['PF', 'PJ'] as const);
          const status = queryEnum(ctx, 'status', ['active', 'inactive'] as const);
          ctx.body = many(await uc.list.execute(teamOf(ctx), { type, status, query }), query, presentClient);
        },
      }),
      operation({
        id: 'createClient', method: 'post', path: '/clients', tag: TAG, access: 'key',
        summary: 'Create a client (PF with CPF, PJ with CNPJ)',
        body: { schema: createClientSchema, example: { type: 'PF', name: 'Maria Silva', email: 'maria@example.com', cpf: '529.982.247-25', tags: ['vip'] } },
        success: { status: 201, description: 'The client created.', data: clientSchema, name: 'Client' },
        errors: [400, 403, 422],
        async handle(ctx: Ctx, body) {
          const client = await uc.create.execute(teamOf(ctx), { ...changesOf(body), type: body.type, name: body.name });
          ctx.status = 201;
          ctx.body = one(presentClient(client));
        },
      }),
      operation({
        id: 'getClient', method: 'get', path: '/clients/:id', tag: TAG, access: 'key',
        summary: 'Read one client',
        success: { status: 200, description: 'The client.', data: clientSchema, name: 'Client' },
        errors: [404],
        async handle(ctx: Ctx) {
          ctx.body = one(presentClient(await uc.get.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
      operation({
        id: 'updateClient', method: 'put', path: '/clients/:id', tag: TAG, access: 'key',
        summary: 'Change the fields sent (address subfields one by one)',
        body: { schema: updateClientSchema, example: { phone: '(11) 98765-4321', address: { city: 'São Paulo' } } },
        success: { status: 200, description: 'The client after the change.', data: clientSchema, name: 'Client' },
        errors: [400, 404, 422],
        async handle(ctx: Ctx, body) {
          const id = pathId(ctx);
          requireSomeField(body, UPDATABLE_CLIENT_FIELDS);
          ctx.body = one(presentClient(await uc.update.execute(teamOf(ctx), { id, changes: changesOf(body) })));
        },
      }),
      operation({
        id: 'deactivateClient', method: 'delete', path: '/clients/:id', tag: TAG, access: 'key',
        summary: 'Deactivate a client (it is kept, with status inactive)',
        success: { status: 200, description: 'The client deactivated.', data: deactivatedClientSchema, name: 'DeactivatedClient' },
        errors: [404],
        async handle(ctx: Ctx) {
          ctx.body = one(presentDeactivatedClient(await uc.deactivate.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
    ],
  };
}
