import { activityRoutes } from '../../adapters/http/activities/activity-routes';
import { KnexActivityRepository } from '../../adapters/persistence/knex/activities/knex-activity-repository';
import { MemoryActivityRepository } from '../../adapters/persistence/memory/activities/memory-activity-repository';
import { CompleteActivity } from '../../application/activities/complete-activity';
import { CreateActivity } from '../../application/activities/create-activity';
import { GetActivity } from '../../application/activities/get-activity';
import { ListActivities } from '../../application/activities/list-activities';
import { UpdateActivity } from '../../application/activities/update-activity';
import { Clock } from '../../application/shared/clock';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { CLIENT_TOKENS } from './clients';
import { FOREIGN_TOKENS, foreignPort } from './tasks';

// The deals context builds its workflow actions from CreateActivity and CreateTask (DealWorkflowActions).
export const ACTIVITY_TOKENS = {
  ActivityRepository: Symbol.for('ActivityRepository'),
} as const;

export const activitiesContext: BoundedContext = {
  name: 'activities',
  bind(c, storage) {
    const repo = ACTIVITY_TOKENS.ActivityRepository;
    const clients = CLIENT_TOKENS.ClientRepository;
    const deals = FOREIGN_TOKENS.DealRepository;
    c.bind<ActivityRepository>(repo).toDynamicValue((ctx) =>
      byStorage<ActivityRepository>(storage, () => new MemoryActivityRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexActivityRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind(ListActivities).toDynamicValue((ctx) =>
      new ListActivities(ctx.get(repo), ctx.get(clients), foreignPort(ctx, deals))).inSingletonScope();
    c.bind(GetActivity).toResolvedValue((r: ActivityRepository) => new GetActivity(r), [repo]).inSingletonScope();
    c.bind(CreateActivity).toDynamicValue((ctx) => new CreateActivity(
      ctx.get(TOKENS.UnitOfWork), ctx.get(repo), ctx.get(clients), foreignPort(ctx, deals), ctx.get(TOKENS.IdGenerator),
      ctx.get(TOKENS.Clock))).inSingletonScope();
    c.bind(UpdateActivity).toDynamicValue((ctx) => new UpdateActivity(
      ctx.get(TOKENS.UnitOfWork), ctx.get(repo), ctx.get(clients), foreignPort(ctx, deals), ctx.get(TOKENS.Clock))).inSingletonScope();
    c.bind(CompleteActivity).toResolvedValue((u: UnitOfWork, r: ActivityRepository, cl: Clock) => new CompleteActivity(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
  },
  routes: (c) => activityRoutes({
    list: c.get(ListActivities), create: c.get(CreateActivity), get: c.get(GetActivity), update: c.get(UpdateActivity), complete: c.get(CompleteActivity),
  }),
  async seedDemo(c, team) {
    const create = c.get(CreateActivity);
    await create.execute(team, { title: 'Reunião de alinhamento', type: 'meeting', duration_minutes: 45, priority: 'medium' });
    await create.execute(team, { title: 'Enviar proposta revisada', type: 'follow_up', due_date: '2027-01-15', priority: 'high' });
  },
};
