// The event log of a unit test's use cases: the real EventLog over the memory outbox of the test's store, and a
// trigger that counts its wake-ups.
import { HttpEventObjects } from '../../adapters/http/events/http-event-objects';
import { MemoryEventOutbox } from '../../adapters/persistence/memory/events/memory-event-outbox';
import { MemoryStore } from '../../adapters/persistence/memory/shared/memory-store';
import { DealDispatchTrigger } from '../../application/deals/deal-dispatch-trigger';
import { EventLog } from '../../application/events/event-log';

export interface TestEventLog {
  events: EventLog;
  outbox: MemoryEventOutbox;
  trigger: DealDispatchTrigger & { kicks: number };
}

/** Ids of their own, so that the records' ids a test expects do not depend on how many events it wrote. */
export function testEventLog(store: MemoryStore): TestEventLog {
  let seq = 0;
  const outbox = new MemoryEventOutbox(store);
  const ids = { next: () => `0190a0b0-0000-7000-8fff-${String(++seq).padStart(12, '0')}` };
  const trigger = {
    kicks: 0,
    kick() {
      this.kicks++;
    },
  };
  return { events: new EventLog(outbox, ids, new HttpEventObjects()), outbox, trigger };
}
