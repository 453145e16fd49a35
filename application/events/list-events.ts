import { EventType } from '../../domain/events/event';
import { EventOutbox, EventPage } from '../../domain/events/event-outbox';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';

export interface ListEventsCommand {
  types?: EventType[];
  createdAfter?: string;
  startingAfter?: string;
  limit: number;
}

/**
 * GET /events: the team's events of the last `retentionDays` (`EVENT_RETENTION_DAYS`), newest first, a cursor page
 * at a time (for an integrator catching up). The log may keep them longer, for the audit trail.
 */
export class ListEvents {
  constructor(
    private readonly events: EventOutbox,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  async execute(team: TeamContext, command: ListEventsCommand): Promise<EventPage> {
    const kept = this.clock.now().getTime() - this.retentionDays * 86_400_000;
    const asked = command.createdAfter === undefined ? kept : Date.parse(command.createdAfter);
    const createdAfter = new Date(Math.max(kept, asked)).toISOString();
    const page = await this.events.page(team, { ...command, createdAfter });
    if (!page) throw new NotFound('No event of the team has this id (it may be older than the retention)', 'starting_after');
    return page;
  }
}
