import { activityRoutes } from '../../adapters/http/activities/activity-routes';
import { KnexActivityRepository } from '../../adapters/persistence/knex/activities/knex-activity-repository';
import { MemoryActivityRepository } from '../../adapters/persistence/memory/activities/memory-activity-repository';
import { CompleteActivity } from '../../application/activities/complete-activity';
import { CreateActivity } from '../../application/activities/create-activity';
import { GetActivity } from '../../application/activities/get-activity';
import { ListActivities } from '../../application/activities/list-activities';
import { UpdateActivity } from '../../application/activities/update-activity';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { CLIENT_TOKENS } from './clients';
import { DEAL_TOKENS } from './deals';

// The deals context builds its workflow actions from CreateActivity and CreateTask (DealWorkflowActions).
export const ACTIVITY_TOKENS = {
  ActivityRepository: Symbol.for('ActivityRepository'),
} as const;

export const activitiesContext: BoundedContext = {
  name: 'activities',
  bind(c, storage) {
    const repo = ACTIVITY_TOKENS.ActivityRepository;
    const clients = CLIENT_TOKENS.ClientRepository;
    const deals = DEAL_TOKENS.DealRepository;
    c.bind<ActivityRepository>(repo).toDynamicValue((ctx) =>
      byStorage<ActivityRepository>(storage, () => new MemoryActivityRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexActivityRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind(ListActivities).toResolvedValue((r: ActivityRepository, cr: ClientRepository, d: DealRepository) => new ListActivities(r, cr, d),
      [repo, clients, deals]).inSingletonScope();
    c.bind(GetActivity).toResolvedValue((r: ActivityRepository) => new GetActivity(r), [repo]).inSingletonScope();
    c.bind(CreateActivity).toResolvedValue(
      (u: UnitOfWork, r: ActivityRepository, cr: ClientRepository, d: DealRepository, i: IdGenerator, cl: Clock) => new CreateActivity(u, r, cr, d, i, cl),
      [TOKENS.UnitOfWork, repo, clients, deals, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateActivity).toResolvedValue(
      (u: UnitOfWork, r: ActivityRepository, cr: ClientRepository, d: DealRepository, cl: Clock) => new UpdateActivity(u, r, cr, d, cl),
      [TOKENS.UnitOfWork, repo, clients, deals, TOKENS.Clock]).inSingletonScope();
    c.bind(CompleteActivity).toResolvedValue((u: UnitOfWork, r: ActivityRepository, cl: Clock) => new CompleteActivity(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
  },
  routes: (c) => activityRoutes({
    list: c.get(ListActivities), create: c.get(CreateActivity), get: c.get(GetActivity), update: c.get(UpdateActivity), complete: c.get(CompleteActivity),
  }),
  async seedDemo(c, team) {
    const create = c.get(CreateActivity);
    await create.execute(team, { title: 'Reunião de alinhamento', type: 'meeting', durationMinutes: 45, priority: 'medium' });
    await create.execute(team, { title: 'Enviar proposta revisada', type: 'follow_up', dueDate: '2027-01-15', priority: 'high' });
  },
};
