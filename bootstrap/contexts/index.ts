import { ContainerModule } from 'inversify';
import { activitiesContext } from './activities';
import { campaignsContext } from './campaigns';
import { clientsContext } from './clients';
import { dealsContext } from './deals';
import { eventsContext } from './events';
import { importsContext } from './imports';
import { privacyContext } from './privacy';
import { projectsContext } from './projects';
import { tasksContext } from './tasks';
import { teamsContext } from './teams';
import { webhooksContext } from './webhooks';
import { whatsappContext } from './whatsapp';

/**
 * Every context of the service, loaded in this order: the order of team setup steps, demo seeding, routes
 * and commands, since each is a multi-binding read with `getAll`.
 */
export const CONTEXTS: ContainerModule[] = [
  teamsContext,
  clientsContext,
  projectsContext,
  dealsContext,
  tasksContext,
  campaignsContext,
  activitiesContext,
  whatsappContext,
  webhooksContext,
  importsContext,
  privacyContext,
  // Last: its routes (events out) come after the resources they tell about, in the document and the /docs page.
  eventsContext,
];
