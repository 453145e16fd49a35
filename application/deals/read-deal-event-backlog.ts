import { EventOutbox } from '../../domain/events/event-outbox';
import { Clock } from '../shared/clock';

export interface EventBacklogView {
  /** Events written and not delivered yet, across teams. */
  pending: number;
  /** How long the oldest of them has waited, in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** How far the workflow dispatcher is behind: read at every metrics scrape, so one cheap query. */
export class ReadEventBacklog {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<EventBacklogView> {
    const { pending, oldestCreatedAt } = await this.outbox.backlog();
    const age = oldestCreatedAt === null ? 0 : (this.clock.now().getTime() - Date.parse(oldestCreatedAt)) / 1000;
    return { pending, oldestAgeSeconds: Math.max(0, age) };
  }
}
