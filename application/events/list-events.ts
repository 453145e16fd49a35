import { EventType } from '../../domain/events/event';
import { EventOutbox, EventPage } from '../../domain/events/event-outbox';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface ListEventsCommand {
  types?: EventType[];
  createdAfter?: string;
  startingAfter?: string;
  limit: number;
}

/** GET /events: the team's events, newest first, a cursor page at a time (for an integrator catching up). */
export class ListEvents {
  constructor(private readonly events: EventOutbox) {}

  async execute(team: TeamContext, command: ListEventsCommand): Promise<EventPage> {
    const page = await this.events.page(team, command);
    if (!page) throw new NotFound('No event of the team has this id (it may be older than the retention)', 'starting_after');
    return page;
  }
}
