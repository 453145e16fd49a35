import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { CreateClient } from '../../application/clients/create-client';
import { DeactivateClient } from '../../application/clients/deactivate-client';
import { GetClient } from '../../application/clients/get-client';
import { ListClients } from '../../application/clients/list-clients';
import { UpdateClient } from '../../application/clients/update-client';
import { UpsertClients } from '../../application/clients/upsert-clients';
import { IdempotentBatches } from '../../application/shared/idempotent-batches';
import { EventLog } from '../../application/events/event-log';
import { onFirstCall, wiring } from '../binding';
import { DemoSeed, TOKENS } from '../tokens';
import { CLIENT_TOKENS, EVENT_TOKENS, TEAM_TOKENS } from './tokens';

export { CLIENT_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const clientRoutes = onFirstCall(
  () => (require('../../adapters/http/clients/client-routes') as typeof import('../../adapters/http/clients/client-routes')).clientRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const clientsContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  const repo = CLIENT_TOKENS.ClientRepository;
  singleton(ListClients, [repo]);
  singleton(GetClient, [repo]);
  const trigger = EVENT_TOKENS.DispatchTrigger;
  singleton(CreateClient, [TOKENS.UnitOfWork, repo, TEAM_TOKENS.TeamRepository, TOKENS.IdGenerator, TOKENS.Clock, EventLog, trigger]);
  singleton(UpdateClient, [TOKENS.UnitOfWork, repo, TOKENS.Clock, EventLog, trigger]);
  singleton(DeactivateClient, [TOKENS.UnitOfWork, repo, TOKENS.Clock, EventLog, trigger]);
  singleton(UpsertClients, [TOKENS.UnitOfWork, repo, TEAM_TOKENS.TeamRepository, TOKENS.IdGenerator, TOKENS.Clock, EventLog, trigger]);
  // The Idempotency-Keys of every batch route (the lead batch of the projects context too).
  singleton(IdempotentBatches, [TOKENS.UnitOfWork, TOKENS.BatchKeyRepository, TOKENS.Clock]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(clientRoutes, [
    services({
      list: ListClients,
      create: CreateClient,
      get: GetClient,
      update: UpdateClient,
      deactivate: DeactivateClient,
      upsert: UpsertClients,
      batches: IdempotentBatches,
    }),
  ]);
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (create: CreateClient): DemoSeed =>
      async (team) => {
        await create.execute(team, { type: 'PF', name: 'Maria Silva', email: 'maria@example.com', cpf: '529.982.247-25', tags: ['vip'] });
        await create.execute(team, { type: 'PJ', name: 'Padaria Pão Quente Ltda', tradeName: 'Pão Quente', cnpj: '11.222.333/0001-81' });
      },
    [CreateClient],
  );
});
