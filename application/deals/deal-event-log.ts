import { DealEvent, DealEventData, DealEventDraft } from '../../domain/deals/deal-event';
import { DealEventOutbox } from '../../domain/deals/deal-event-outbox';
import { TeamContext } from '../../domain/shared/team';
import { IdGenerator } from '../shared/id-generator';

/**
 * The one way a use case makes deal events: it appends what its entity raised, in the transaction of the
 * write that raised them (the outbox joins the unit of work open around the call), or, for a new deal,
 * stamps them and hands them to `DealRepository.insert`, which writes them with the deal. The use case
 * wakes the dispatcher once its transaction has committed.
 */
export class DealEventLog {
  constructor(
    private readonly outbox: DealEventOutbox,
    private readonly ids: IdGenerator,
  ) {}

  /** Gives each draft an id and the time `now`, and appends them in order; returns the events written. */
  async append(team: TeamContext, drafts: readonly (DealEventDraft | null)[], now: Date): Promise<DealEventData[]> {
    const events = this.stamp(team, drafts, now);
    for (const event of events) await this.outbox.add(event);
    return events;
  }

  /** Gives each draft an id and the time `now`, in order, without writing them. */
  stamp(team: TeamContext, drafts: readonly (DealEventDraft | null)[], now: Date): DealEventData[] {
    return drafts.flatMap((draft) => (draft ? [DealEvent.fromDraft(this.ids.next(), team.teamId, draft, now).snapshot()] : []));
  }
}
