import { BoundedContext } from '../context';
import { activitiesContext } from './activities';
import { campaignsContext } from './campaigns';
import { clientsContext } from './clients';
import { dealsContext } from './deals';
import { projectsContext } from './projects';
import { tasksContext } from './tasks';
import { teamsContext } from './teams';
import { webhooksContext } from './webhooks';
import { whatsappContext } from './whatsapp';

/** Every context of the service; order is the order of team setup steps and demo seeding. */
export const CONTEXTS: BoundedContext[] = [
  teamsContext, clientsContext, projectsContext, dealsContext, tasksContext, campaignsContext, activitiesContext,
  whatsappContext, webhooksContext,
];
