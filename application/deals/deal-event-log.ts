import { DealEvent, DealEventData, DealEventDraft } from '../../domain/deals/deal-event';
import { DealEventOutbox } from '../../domain/deals/deal-event-outbox';
import { TeamContext } from '../../domain/shared/team';
import { IdGenerator } from '../shared/id-generator';

/**
 * The one way a use case writes deal events: it appends what its entity raised, in the transaction of
 * the write that raised them (the outbox joins the unit of work open around the call). Nothing else
 * writes to the outbox. The use case wakes the dispatcher once its transaction has committed.
 */
export class DealEventLog {
  constructor(
    private readonly outbox: DealEventOutbox,
    private readonly ids: IdGenerator,
  ) {}

  /** Gives each draft an id and the time `now`, and appends them in order; returns the events written. */
  async append(team: TeamContext, drafts: readonly (DealEventDraft | null)[], now: Date): Promise<DealEventData[]> {
    const events: DealEventData[] = [];
    for (const draft of drafts) {
      if (!draft) continue;
      const event = DealEvent.fromDraft(this.ids.next(), team.teamId, draft, now).snapshot();
      await this.outbox.add(event);
      events.push(event);
    }
    return events;
  }
}
