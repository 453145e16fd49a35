import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { CompleteActivity } from '../../application/activities/complete-activity';
import { CreateActivity } from '../../application/activities/create-activity';
import { GetActivity } from '../../application/activities/get-activity';
import { ListActivities } from '../../application/activities/list-activities';
import { UpdateActivity } from '../../application/activities/update-activity';
import { EventLog } from '../../application/events/event-log';
import { onFirstCall, wiring } from '../binding';
import { DemoSeed, TOKENS } from '../tokens';
import { ACTIVITY_TOKENS, CLIENT_TOKENS, DEAL_TOKENS, EVENT_TOKENS } from './tokens';

// The deals context builds its workflow actions from CreateActivity and CreateTask (DealWorkflowActions).
export { ACTIVITY_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const activityRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/activities/activity-routes') as typeof import('../../adapters/http/activities/activity-routes'))
      .activityRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const activitiesContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  const repo = ACTIVITY_TOKENS.ActivityRepository;
  const clients = CLIENT_TOKENS.ClientRepository;
  const deals = DEAL_TOKENS.DealRepository;
  singleton(ListActivities, [repo, clients, deals]);
  singleton(GetActivity, [repo]);
  const trigger = EVENT_TOKENS.DispatchTrigger;
  singleton(CreateActivity, [TOKENS.UnitOfWork, repo, clients, deals, TOKENS.IdGenerator, TOKENS.Clock, EventLog, trigger]);
  singleton(UpdateActivity, [TOKENS.UnitOfWork, repo, clients, deals, TOKENS.Clock, EventLog, trigger]);
  singleton(CompleteActivity, [TOKENS.UnitOfWork, repo, TOKENS.Clock, EventLog, trigger]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(activityRoutes, [
    services({
      list: ListActivities,
      create: CreateActivity,
      get: GetActivity,
      update: UpdateActivity,
      complete: CompleteActivity,
    }),
  ]);
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (create: CreateActivity): DemoSeed =>
      async (team) => {
        await create.execute(team, { title: 'Reunião de alinhamento', type: 'meeting', durationMinutes: 45, priority: 'medium' });
        await create.execute(team, { title: 'Enviar proposta revisada', type: 'follow_up', dueDate: '2027-01-15', priority: 'high' });
      },
    [CreateActivity],
  );
});
