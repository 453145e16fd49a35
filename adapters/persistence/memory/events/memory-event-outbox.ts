import { LoggedEvent, EventData, EventObject } from '../../../../domain/events/event';
import { EventBacklog, EventOutbox, EventPage, EventPageQuery } from '../../../../domain/events/event-outbox';
import { erasedEventData } from '../../../../domain/privacy/erased-events';
import { Redaction } from '../../../../domain/privacy/redaction';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

const byTimeThenId = (a: string, b: string, ida: string, idb: string) => (a < b ? -1 : a > b ? 1 : ida < idb ? -1 : ida > idb ? 1 : 0);

export class MemoryEventOutbox implements EventOutbox {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<EventData>('events');
  }

  async add(event: EventData): Promise<void> {
    this.rows.set(event.id, event);
  }

  async addAll(events: readonly EventData[]): Promise<void> {
    for (const event of events) this.rows.set(event.id, event);
  }

  async findById(team: TeamContext, id: string): Promise<EventData | null> {
    const e = this.rows.get(id);
    return e && e.teamId === team.teamId ? e : null;
  }

  async listBySubject(team: TeamContext, subjectId: string): Promise<EventData[]> {
    return this.rows
      .filter((e) => e.teamId === team.teamId && e.subjectId === subjectId)
      .sort((a, b) => byTimeThenId(a.createdAt, b.createdAt, a.id, b.id));
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventData[]> {
    const at = now.toISOString();
    const due = this.rows
      .filter((e) => e.status !== 'delivered' && e.availableAt <= at)
      .sort((a, b) => byTimeThenId(a.availableAt, b.availableAt, a.id, b.id))
      .slice(0, limit);
    return due
      .map((e) => {
        const event = LoggedEvent.restore(e);
        event.claim(now, leaseUntil);
        const claimed = event.snapshot();
        this.rows.set(claimed.id, claimed);
        return claimed;
      })
      .sort((a, b) => byTimeThenId(a.createdAt, b.createdAt, a.id, b.id));
  }

  async save(event: EventData): Promise<boolean> {
    const cur = this.rows.get(event.id);
    if (!cur || cur.teamId !== event.teamId || cur.attempts !== event.attempts) return false;
    this.rows.set(event.id, {
      ...cur,
      status: event.status,
      attempts: event.attempts,
      availableAt: event.availableAt,
      lastError: event.lastError,
      deliveredAt: event.deliveredAt,
    });
    return true;
  }

  async page(team: TeamContext, query: EventPageQuery): Promise<EventPage | null> {
    const after = query.startingAfter === undefined ? undefined : this.rows.get(query.startingAfter);
    if (query.startingAfter !== undefined && (!after || after.teamId !== team.teamId)) return null;
    const newestFirst = this.rows
      .filter((e) => e.teamId === team.teamId)
      .filter((e) => !query.types?.length || query.types.includes(e.type))
      .filter((e) => query.subjectId === undefined || e.subjectId === query.subjectId)
      .filter((e) => query.actor === undefined || e.actor === query.actor)
      .filter((e) => query.createdAfter === undefined || e.createdAt > query.createdAfter)
      .filter((e) => !after || byTimeThenId(e.createdAt, after.createdAt, e.id, after.id) < 0)
      .sort((a, b) => byTimeThenId(b.createdAt, a.createdAt, b.id, a.id));
    return { data: newestFirst.slice(0, query.limit), hasMore: newestFirst.length > query.limit };
  }

  async purgeBefore(cutoff: Date, limit: number): Promise<number> {
    const at = cutoff.toISOString();
    const old = this.rows.filter((e) => e.status === 'delivered' && e.createdAt < at).slice(0, limit);
    for (const e of old) this.rows.delete(e.id);
    return old.length;
  }

  async backlog(): Promise<EventBacklog> {
    const waiting = this.rows.filter((e) => e.status !== 'delivered');
    const oldest = waiting.reduce<string | null>((min, e) => (min === null || e.createdAt < min ? e.createdAt : min), null);
    return { pending: waiting.length, oldestCreatedAt: oldest };
  }

  async listBySubjects(team: TeamContext, subjectIds: readonly string[], limit: number): Promise<EventData[]> {
    const wanted = new Set(subjectIds);
    return this.rows
      .filter((e) => e.teamId === team.teamId && wanted.has(e.subjectId))
      .sort((a, b) => byTimeThenId(a.createdAt, b.createdAt, a.id, b.id))
      .slice(0, limit);
  }

  async scrub(team: TeamContext, patches: Readonly<Record<string, EventObject>>, redaction: Redaction): Promise<number> {
    let changed = 0;
    for (const e of this.rows.filter((x) => x.teamId === team.teamId)) {
      const patch = Object.hasOwn(patches, e.subjectId) ? patches[e.subjectId] : undefined;
      if (!patch && !redaction.touches(e.data)) continue;
      const data = erasedEventData(e.data, patch, redaction);
      if (JSON.stringify(data) === JSON.stringify(e.data)) continue;
      this.rows.set(e.id, { ...e, data });
      changed++;
    }
    return changed;
  }
}
