import { EventData, EventDraft, EventType, LoggedEvent, previousValues } from '../../domain/events/event';
import { EventOutbox } from '../../domain/events/event-outbox';
import { TeamContext } from '../../domain/shared/team';
import { IdGenerator } from '../shared/id-generator';
import { EventObjects, EventSubjectKind, EventSubjectOf } from './event-objects';

/**
 * The one way a use case makes events: it drafts each from the record as it is after the change (and, for a
 * change, as it was), then appends them in the transaction of the write (the outbox joins the unit of work
 * open around the call), or, for a new deal, stamps them and hands them to `DealRepository.insert`, which
 * writes them with the deal. The use case wakes the dispatcher once its transaction has committed.
 */
export class EventLog {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly ids: IdGenerator,
    private readonly objects: EventObjects,
  ) {}

  /**
   * An event about `record` (a record of kind `kind`), with the record in its API shape; given `before`,
   * the record as it was, `data.previous` holds the values of the fields that changed.
   */
  draft<K extends EventSubjectKind>(
    type: EventType,
    kind: K,
    subjectId: string,
    record: EventSubjectOf<K>,
    before?: EventSubjectOf<K>,
  ): EventDraft {
    const shape = this.objects[kind] as (r: EventSubjectOf<K>) => Record<string, unknown>;
    const object = shape.call(this.objects, record);
    return {
      type,
      subjectId,
      payload: before === undefined ? { object } : { object, previous: previousValues(shape.call(this.objects, before), object) },
    };
  }

  /** Gives each draft an id and the time `now`, and appends them in order; returns the events written. */
  async append(team: TeamContext, drafts: readonly EventDraft[], now: Date): Promise<EventData[]> {
    const events = this.stamp(team, drafts, now);
    await this.outbox.addAll(events);
    return events;
  }

  /** Gives each draft an id and the time `now`, in order, without writing them. */
  stamp(team: TeamContext, drafts: readonly EventDraft[], now: Date): EventData[] {
    return drafts.map((draft) => LoggedEvent.fromDraft(this.ids.next(), team, draft, now).snapshot());
  }
}

/**
 * The draft of a change, as a list to append, or none when the record's API shape shows no change (`updated_at`
 * aside): a transition asked for again (an archive, a deactivation, a restore) changes nothing and tells nothing.
 */
export const whenChanged = (draft: EventDraft): EventDraft[] => (Object.keys(draft.payload.previous ?? {}).length > 0 ? [draft] : []);
