import { EventOutbox } from '../../domain/events/event-outbox';
import { Clock } from '../shared/clock';

const BATCH = 1000;

/** Removes the events older than the retention (`EVENT_RETENTION_DAYS`) that the dispatcher is done with. */
export class PurgeEvents {
  constructor(
    private readonly events: EventOutbox,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  async execute(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.retentionDays * 86_400_000);
    let removed = 0;
    for (;;) {
      const n = await this.events.purgeBefore(cutoff, BATCH);
      removed += n;
      if (n < BATCH) return removed;
    }
  }
}
