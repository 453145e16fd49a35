import { DealEvent, DealEventData } from '../../../../domain/deals/deal-event';
import { DealEventBacklog, DealEventOutbox } from '../../../../domain/deals/deal-event-outbox';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

const byTimeThenId = (a: string, b: string, ida: string, idb: string) => (a < b ? -1 : a > b ? 1 : ida < idb ? -1 : ida > idb ? 1 : 0);

export class MemoryDealEventOutbox implements DealEventOutbox {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<DealEventData>('deal_events');
  }

  async add(event: DealEventData): Promise<void> {
    this.rows.set(event.id, event);
  }

  async findById(team: TeamContext, id: string): Promise<DealEventData | null> {
    const e = this.rows.get(id);
    return e && e.teamId === team.teamId ? e : null;
  }

  async listByDeal(team: TeamContext, dealId: string): Promise<DealEventData[]> {
    return this.rows
      .filter((e) => e.teamId === team.teamId && e.dealId === dealId)
      .sort((a, b) => byTimeThenId(a.createdAt, b.createdAt, a.id, b.id));
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DealEventData[]> {
    const at = now.toISOString();
    const due = this.rows
      .filter((e) => e.status !== 'delivered' && e.availableAt <= at)
      .sort((a, b) => byTimeThenId(a.availableAt, b.availableAt, a.id, b.id))
      .slice(0, limit);
    return due
      .map((e) => {
        const event = DealEvent.restore(e);
        event.claim(now, leaseUntil);
        const claimed = event.snapshot();
        this.rows.set(claimed.id, claimed);
        return claimed;
      })
      .sort((a, b) => byTimeThenId(a.createdAt, b.createdAt, a.id, b.id));
  }

  async save(event: DealEventData): Promise<boolean> {
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

  async backlog(): Promise<DealEventBacklog> {
    const waiting = this.rows.filter((e) => e.status !== 'delivered');
    const oldest = waiting.reduce<string | null>((min, e) => (min === null || e.createdAt < min ? e.createdAt : min), null);
    return { pending: waiting.length, oldestCreatedAt: oldest };
  }
}
