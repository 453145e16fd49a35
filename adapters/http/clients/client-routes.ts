import Router from '@koa/router';
import { CreateClient, CreateClientInput } from '../../../application/clients/create-client';
import { DeactivateClient } from '../../../application/clients/deactivate-client';
import { GetClient } from '../../../application/clients/get-client';
import { ListClients } from '../../../application/clients/list-clients';
import { UpdateClient } from '../../../application/clients/update-client';
import { ClientChanges } from '../../../domain/clients/client';
import { CLIENT_SORT_FIELDS } from '../../../domain/clients/client-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryEnum, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { UPDATABLE_CLIENT_FIELDS, createClientSchema, updateClientSchema } from './client-schemas';
import { presentClient } from './present-client';

export interface ClientUseCases {
  list: ListClients;
  create: CreateClient;
  get: GetClient;
  update: UpdateClient;
  deactivate: DeactivateClient;
}

export function clientRoutes(uc: ClientUseCases): RouteModule {
  const parseCreate = validator<CreateClientInput>(createClientSchema);
  const parseUpdate = validator<ClientChanges>(updateClientSchema);
  const router = new Router();

  router.get('/clients', async (ctx: Ctx) => {
    const query = listQuery(ctx, { sortable: CLIENT_SORT_FIELDS });
    const filter = { type: queryEnum(ctx, 'type', ['PF', 'PJ'] as const), status: queryEnum(ctx, 'status', ['active', 'inactive'] as const) };
    ctx.body = many(await uc.list.execute(teamOf(ctx), filter, query), query, presentClient);
  });

  router.post('/clients', async (ctx: Ctx) => {
    const input = parseCreate(ctx.request.body);
    ctx.status = 201;
    ctx.body = one(presentClient(await uc.create.execute(teamOf(ctx), input)));
  });

  router.get('/clients/:id', async (ctx: Ctx) => {
    ctx.body = one(presentClient(await uc.get.execute(teamOf(ctx), pathId(ctx))));
  });

  router.put('/clients/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const changes = parseUpdate(ctx.request.body);
    requireSomeField(changes as Record<string, unknown>, UPDATABLE_CLIENT_FIELDS);
    ctx.body = one(presentClient(await uc.update.execute(teamOf(ctx), id, changes)));
  });

  router.delete('/clients/:id', async (ctx: Ctx) => {
    ctx.body = one(await uc.deactivate.execute(teamOf(ctx), pathId(ctx)));
  });

  return { keyed: router };
}
