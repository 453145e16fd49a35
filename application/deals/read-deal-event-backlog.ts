import { DealEventOutbox } from '../../domain/deals/deal-event-outbox';
import { Clock } from '../shared/clock';

export interface DealEventBacklogView {
  /** Events written and not delivered yet, across teams. */
  pending: number;
  /** How long the oldest of them has waited, in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** How far the workflow dispatcher is behind: read at every metrics scrape, so one cheap query. */
export class ReadDealEventBacklog {
  constructor(
    private readonly outbox: DealEventOutbox,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<DealEventBacklogView> {
    const { pending, oldestCreatedAt } = await this.outbox.backlog();
    const age = oldestCreatedAt === null ? 0 : (this.clock.now().getTime() - Date.parse(oldestCreatedAt)) / 1000;
    return { pending, oldestAgeSeconds: Math.max(0, age) };
  }
}
