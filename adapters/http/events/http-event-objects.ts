import { EventObjects } from '../../../application/events/event-objects';
import { ActivityData } from '../../../domain/activities/activity';
import { CampaignView } from '../../../domain/campaigns/campaign-repository';
import { ClientData } from '../../../domain/clients/client';
import { DealView } from '../../../domain/deals/deal-repository';
import { LeadView } from '../../../domain/projects/lead';
import { ProjectView } from '../../../domain/projects/project';
import { TaskData } from '../../../domain/tasks/task';
import { presentActivity } from '../activities/present-activity';
import { presentCampaign } from '../campaigns/present-campaign';
import { presentClient } from '../clients/present-client';
import { presentDeal } from '../deals/present-deal';
import { presentLead } from '../projects/present-lead';
import { presentProject } from '../projects/present-project';
import { presentTask } from '../tasks/present-task';

/** An event's record in the shape its GET answers: the same presenters the routes use. */
export class HttpEventObjects implements EventObjects {
  deal(view: DealView) {
    return presentDeal(view);
  }
  client(client: ClientData) {
    return presentClient(client);
  }
  project(view: ProjectView) {
    return presentProject(view);
  }
  lead(view: LeadView) {
    return presentLead(view);
  }
  task(task: TaskData) {
    return presentTask(task);
  }
  activity(activity: ActivityData) {
    return presentActivity(activity);
  }
  campaign(view: CampaignView) {
    return presentCampaign(view);
  }
}
