import { CreateClient } from '../../../application/clients/create-client';
import { DeactivateClient } from '../../../application/clients/deactivate-client';
import { GetClient } from '../../../application/clients/get-client';
import { ListClients } from '../../../application/clients/list-clients';
import { UpdateClient } from '../../../application/clients/update-client';
import { UpsertClients } from '../../../application/clients/upsert-clients';
import { IdempotentBatches } from '../../../application/shared/idempotent-batches';
import { parseIdempotencyKey } from '../../../domain/deals/idempotency';
import { ClientChanges, ClientStatus, ClientType } from '../../../domain/clients/client';
import { CLIENT_SORT_FIELDS } from '../../../domain/clients/client-repository';
import { RouteModule } from '../app';
import {
  IDEMPOTENCY_KEY_HEADER,
  answerBatchWrite,
  batchBodySchema,
  batchResultSchema,
  idempotencyKeyParameter,
  itemReader,
  onDuplicateOf,
} from '../shared/batch';
import { Static, Type, camelKeys, pick } from '../shared/body';
import { operation } from '../shared/operation';
import { Ctx } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { requireSomeField } from '../shared/validation';
import { ADDRESS_BODY_FIELDS, UPDATABLE_CLIENT_FIELDS, UpdateClientBody, createClientSchema, updateClientSchema } from './client-schemas';
import { clientSchema, deactivatedClientSchema, presentClient, presentDeactivatedClient } from './present-client';
import { DEMO_IDS } from '../shared/demo-ids';

export interface ClientUseCases {
  list: ListClients;
  create: CreateClient;
  get: GetClient;
  update: UpdateClient;
  deactivate: DeactivateClient;
  upsert: UpsertClients;
  batches: IdempotentBatches;
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

/** A create body as the command of POST /clients. */
const createCommandOf = (body: Static<typeof createClientSchema>) => ({ ...changesOf(body), type: body.type, name: body.name });

/** Each item of POST /clients/batch, read as a POST /clients body. */
const readClientItems = itemReader(createClientSchema, createCommandOf);

const clients = resource({
  path: '/clients',
  tag: 'Clients',
  present: presentClient,
  schema: clientSchema,
  name: 'Client',
  exampleId: DEMO_IDS.client,
});

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
          example: { type: 'PF', name: 'Ana Souza', email: 'ana.souza@example.com.br', cpf: '390.533.447-05', tags: ['vip'] },
        },
        success: 'The client created.',
        errors: [400, 403, 422],
        command: createCommandOf,
        useCase: uc.create,
      }),
      operation({
        id: 'upsertClients',
        method: 'post',
        path: '/clients/batch',
        tag: 'Clients',
        access: 'key',
        summary: 'Create or update up to 100 clients in one request',
        description:
          "Each item is a POST /clients body, checked on its own: a bad item is that item's `error` and the others are " +
          'still written, each atomically. An item names an existing client of the team (active or not), or an earlier ' +
          'item of the batch, by its CPF, else its CNPJ (any punctuation), else its e-mail (any case): with ' +
          '`on_duplicate` `skip` (the default) it is `skipped`; with `update` the fields it carries are applied as PUT ' +
          '/clients/{id} applies them (`updated`, or `unchanged` when nothing differs). An item of the other `type` than ' +
          'the client it names is an error on `type`. Items beyond the plan quota are errors `PLAN_LIMIT_REACHED`. ' +
          'Answers 200 when every item succeeded, 207 when at least one is `error`. Each client created or updated logs ' +
          '`client.created` or `client.updated`, as its single route does.',
        parameters: [idempotencyKeyParameter('batch')],
        body: {
          schema: batchBodySchema('A POST /clients body.'),
          example: {
            items: [
              { type: 'PF', name: 'João Conceição', cpf: '714.602.380-01', email: 'joao.conceicao@example.com.br' },
              { type: 'PJ', name: 'Padaria Pão Quente Ltda', cnpj: '11.222.333/0001-81', phone: '(11) 3456-7890' },
            ],
            on_duplicate: 'update',
          },
        },
        success: {
          status: 200,
          alsoStatuses: [207],
          name: 'ClientBatchResult',
          data: batchResultSchema,
          description: 'One result per item, in the order sent, and their totals: 200 when none failed, 207 otherwise.',
        },
        errors: [400, 409],
        first: (ctx: Ctx) => parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER)),
        async handle(ctx: Ctx, body, key) {
          const onDuplicate = onDuplicateOf(body);
          await answerBatchWrite(
            ctx,
            uc.batches,
            { route: 'clients', key, payload: { items: body.items, on_duplicate: onDuplicate } },
            uc.upsert,
            { items: readClientItems(body.items), onDuplicate },
          );
        },
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
