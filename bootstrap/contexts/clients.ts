import { clientRoutes } from '../../adapters/http/clients/client-routes';
import { KnexClientRepository } from '../../adapters/persistence/knex/clients/knex-client-repository';
import { MemoryClientRepository } from '../../adapters/persistence/memory/clients/memory-client-repository';
import { CreateClient } from '../../application/clients/create-client';
import { DeactivateClient } from '../../application/clients/deactivate-client';
import { GetClient } from '../../application/clients/get-client';
import { ListClients } from '../../application/clients/list-clients';
import { UpdateClient } from '../../application/clients/update-client';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { ClientRepository } from '../../domain/clients/client-repository';
import { TeamRepository } from '../../domain/teams/team-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { TEAM_TOKENS } from './teams';

export const CLIENT_TOKENS = {
  ClientRepository: Symbol.for('ClientRepository'),
} as const;

export const clientsContext: BoundedContext = {
  name: 'clients',
  bind(c, storage) {
    c.bind<ClientRepository>(CLIENT_TOKENS.ClientRepository).toDynamicValue((ctx) =>
      byStorage<ClientRepository>(storage, () => new MemoryClientRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexClientRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    const repo = CLIENT_TOKENS.ClientRepository;
    c.bind(ListClients).toResolvedValue((r: ClientRepository) => new ListClients(r), [repo]).inSingletonScope();
    c.bind(GetClient).toResolvedValue((r: ClientRepository) => new GetClient(r), [repo]).inSingletonScope();
    c.bind(CreateClient).toResolvedValue(
      (u: UnitOfWork, r: ClientRepository, t: TeamRepository, i: IdGenerator, cl: Clock) => new CreateClient(u, r, t, i, cl),
      [TOKENS.UnitOfWork, repo, TEAM_TOKENS.TeamRepository, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateClient).toResolvedValue((u: UnitOfWork, r: ClientRepository, cl: Clock) => new UpdateClient(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
    c.bind(DeactivateClient).toResolvedValue((u: UnitOfWork, r: ClientRepository, cl: Clock) => new DeactivateClient(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
  },
  routes: (c) => clientRoutes({
    list: c.get(ListClients), create: c.get(CreateClient), get: c.get(GetClient), update: c.get(UpdateClient), deactivate: c.get(DeactivateClient),
  }),
  async seedDemo(c, team) {
    const create = c.get(CreateClient);
    await create.execute(team, { type: 'PF', name: 'Maria Silva', email: 'maria@example.com', cpf: '529.982.247-25', tags: ['vip'] });
    await create.execute(team, { type: 'PJ', name: 'Padaria Pão Quente Ltda', tradeName: 'Pão Quente', cnpj: '11.222.333/0001-81' });
  },
};
