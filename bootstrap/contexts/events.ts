import { ContainerModule } from 'inversify';
import { HttpEventObjects } from '../../adapters/http/events/http-event-objects';
import { EventLog } from '../../application/events/event-log';
import { EventObjects } from '../../application/events/event-objects';
import { wiring } from '../binding';
import { TOKENS } from '../tokens';

export const EVENT_TOKENS = {
  /** The event log, which is the dispatcher's outbox too. */
  EventOutbox: Symbol.for('EventOutbox'),
  EventObjects: Symbol.for('EventObjects'),
  /**
   * Wakes the dispatcher after a write that appended events has committed (bound by the deals context, whose
   * scheduler runs it). Declared here, beside the log, so that every context that writes events can name it.
   */
  DispatchTrigger: Symbol.for('DealDispatchTrigger'),
} as const;

/** The event log every write appends to; its readers (workflows, subscriptions, GET /events) build on it. */
export const eventsContext = new ContainerModule(({ bind }) => {
  const { singleton } = wiring(bind);
  const T = EVENT_TOKENS;
  bind<EventObjects>(T.EventObjects).toConstantValue(new HttpEventObjects());
  singleton(EventLog, [T.EventOutbox, TOKENS.IdGenerator, T.EventObjects]);
});
