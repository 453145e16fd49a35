import { DealView } from '../../domain/deals/deal-repository';
import { EventObject } from '../../domain/events/event';

/**
 * The API shape of each kind of record an event is about, exactly as its GET answers it: an event carries
 * the record as an integrator would read it. The HTTP adapter's presenters implement it; a use case never
 * shapes JSON itself. A context whose records raise events adds its kind here.
 */
export interface EventObjects {
  deal(view: DealView): EventObject;
}

export type EventSubjectKind = keyof EventObjects;
/** What one kind's shape takes. */
export type EventSubjectOf<K extends EventSubjectKind> = Parameters<EventObjects[K]>[0];
