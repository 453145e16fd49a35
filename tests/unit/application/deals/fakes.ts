// Small in-process doubles of the deals ports, for use-case tests. They keep only what the use
// cases observe; the real adapters are covered by the contract suite.
import { HttpEventObjects } from '../../../../adapters/http/events/http-event-objects';
import { ClientData } from '../../../../domain/clients/client';
import { ClientRepository } from '../../../../domain/clients/client-repository';
import { DealData } from '../../../../domain/deals/deal';
import { EventData, EventObject, LoggedEvent } from '../../../../domain/events/event';
import { EventBacklog, EventOutbox, EventPage, EventPageQuery } from '../../../../domain/events/event-outbox';
import { DealRepository, DealView } from '../../../../domain/deals/deal-repository';
import { IdempotencyRecord, isExpired } from '../../../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../../../domain/deals/idempotency-key-repository';
import { WorkflowData, WorkflowRunData } from '../../../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../../../domain/deals/workflow-repository';
import { erasedEventData } from '../../../../domain/privacy/erased-events';
import { Redaction } from '../../../../domain/privacy/redaction';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { WorkflowActions, WorkflowActivityRequest, WorkflowTaskRequest } from '../../../../application/deals/workflow-actions';
import { Clock } from '../../../../application/shared/clock';
import { IdGenerator } from '../../../../application/shared/id-generator';
import { Logger } from '../../../../application/shared/logger';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';

export class FixedClock implements Clock {
  constructor(public at: Date) {}
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

export class SequenceIds implements IdGenerator {
  private n = 0;
  next(): string {
    return `0190b000-0000-7000-8000-${String(++this.n).padStart(12, '0')}`;
  }
}

export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Every registered store is copied before the work and put back if it throws. Transactions run
 * one at a time (as on SQLite), so a rollback never undoes another request's writes.
 */
export class SnapshotUnitOfWork implements UnitOfWork {
  readonly stores: { saveRows(): unknown; loadRows(s: unknown): void }[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(async () => {
      const saved = this.stores.map((s) => s.saveRows());
      try {
        return await work();
      } catch (e) {
        this.stores.forEach((s, i) => s.loadRows(saved[i]));
        throw e;
      }
    });
    this.tail = next.catch(() => undefined);
    return next;
  }
}

abstract class MapStore<T> {
  rows = new Map<string, T>();
  saveRows(): unknown {
    return new Map(this.rows);
  }
  loadRows(s: unknown): void {
    this.rows = s as Map<string, T>;
  }
}

export class FakeDeals extends MapStore<DealData> implements DealRepository {
  clientNames = new Map<string, string>();
  /** Where `insert` writes a new deal's events, as the adapters write them with the deal. */
  constructor(private readonly outbox?: FakeOutbox) {
    super();
  }
  async list(): Promise<never> {
    throw new Error('not used');
  }
  /** The fake runs one use case at a time, so it has no other writer to keep out. */
  async lock(): Promise<void> {}
  async findById(team: TeamContext, id: string): Promise<DealView | null> {
    const d = this.rows.get(id);
    if (!d || d.teamId !== team.teamId) return null;
    return { deal: structuredClone(d), client: d.clientId ? { id: d.clientId, name: this.clientNames.get(d.clientId) ?? '' } : null };
  }
  async insert(deal: DealData, events: readonly EventData[] = []): Promise<void> {
    this.rows.set(deal.id, structuredClone(deal));
    for (const event of events) await this.outbox!.add(event);
  }
  async update(deal: DealData): Promise<void> {
    this.rows.set(deal.id, structuredClone(deal));
  }
  async listHolders(): Promise<never> {
    throw new Error('not used');
  }
}

export class FakeClients implements Pick<ClientRepository, 'findById'> {
  rows = new Map<string, { id: string; teamId: string; name: string }>();
  async findById(team: TeamContext, id: string): Promise<ClientData | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? (c as unknown as ClientData) : null;
  }
}

export class FakeKeys extends MapStore<IdempotencyRecord> implements IdempotencyKeyRepository {
  claims = 0;
  private k = (teamId: string, key: string) => `${teamId}|${key}`;
  async find(team: TeamContext, key: string): Promise<IdempotencyRecord | null> {
    return this.rows.get(this.k(team.teamId, key)) ?? null;
  }
  async claim(record: IdempotencyRecord, now: Date): Promise<boolean> {
    this.claims += 1;
    const k = this.k(record.teamId, record.key);
    const held = this.rows.get(k);
    if (held && !isExpired(held, now)) return false;
    this.rows.set(k, { ...record });
    return true;
  }
  async purgeExpired(now: Date): Promise<number> {
    let n = 0;
    for (const [k, r] of this.rows)
      if (isExpired(r, now)) {
        this.rows.delete(k);
        n++;
      }
    return n;
  }
}

export class FakeOutbox extends MapStore<EventData> implements EventOutbox {
  async add(e: EventData): Promise<void> {
    this.rows.set(e.id, structuredClone(e));
  }
  async addAll(events: readonly EventData[]): Promise<void> {
    for (const e of events) await this.add(e);
  }
  async findById(team: TeamContext, id: string): Promise<EventData | null> {
    const e = this.rows.get(id);
    return e && e.teamId === team.teamId ? structuredClone(e) : null;
  }
  async listBySubject(team: TeamContext, subjectId: string): Promise<EventData[]> {
    return [...this.rows.values()].filter((e) => e.teamId === team.teamId && e.subjectId === subjectId).map((e) => structuredClone(e));
  }
  /** Newest first by creation time, then by id; enough for the use cases, which only write. */
  async page(team: TeamContext, query: EventPageQuery): Promise<EventPage | null> {
    const key = (e: EventData) => `${e.createdAt}|${e.id}`;
    const after = query.startingAfter === undefined ? undefined : this.rows.get(query.startingAfter);
    if (query.startingAfter !== undefined && after?.teamId !== team.teamId) return null;
    const found = [...this.rows.values()]
      .filter((e) => e.teamId === team.teamId)
      .filter((e) => !query.types?.length || query.types.includes(e.type))
      .filter((e) => query.createdAfter === undefined || e.createdAt > query.createdAfter)
      .filter((e) => after === undefined || key(e) < key(after))
      .sort((a, b) => (key(a) < key(b) ? 1 : -1));
    return { data: found.slice(0, query.limit).map((e) => structuredClone(e)), hasMore: found.length > query.limit };
  }
  async purgeBefore(cutoff: Date, limit: number): Promise<number> {
    const old = [...this.rows.values()]
      .filter((e) => e.status === 'delivered' && Date.parse(e.createdAt) < cutoff.getTime())
      .slice(0, limit);
    for (const e of old) this.rows.delete(e.id);
    return old.length;
  }
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventData[]> {
    return [...this.rows.values()]
      .filter((e) => e.status !== 'delivered' && Date.parse(e.availableAt) <= now.getTime())
      .slice(0, limit)
      .map((e) => {
        const event = LoggedEvent.restore(e);
        event.claim(now, leaseUntil);
        this.rows.set(e.id, event.snapshot());
        return event.snapshot();
      });
  }
  async save(e: EventData): Promise<boolean> {
    const cur = this.rows.get(e.id);
    if (!cur || cur.attempts !== e.attempts) return false;
    this.rows.set(e.id, structuredClone(e));
    return true;
  }
  async backlog(): Promise<EventBacklog> {
    const waiting = [...this.rows.values()]
      .filter((e) => e.status !== 'delivered')
      .map((e) => e.createdAt)
      .sort();
    return { pending: waiting.length, oldestCreatedAt: waiting[0] ?? null };
  }
  async listBySubjects(team: TeamContext, subjectIds: readonly string[], limit: number): Promise<EventData[]> {
    return [...this.rows.values()]
      .filter((e) => e.teamId === team.teamId && subjectIds.includes(e.subjectId))
      .slice(0, limit)
      .map((e) => structuredClone(e));
  }

  async scrub(team: TeamContext, patches: Readonly<Record<string, EventObject>>, redaction: Redaction): Promise<number> {
    let n = 0;
    for (const e of this.rows.values()) {
      const patch = Object.hasOwn(patches, e.subjectId) ? patches[e.subjectId] : undefined;
      if (e.teamId !== team.teamId || (!patch && !redaction.touches(e.data))) continue;
      const data = erasedEventData(e.data, patch, redaction);
      if (JSON.stringify(data) === JSON.stringify(e.data)) continue;
      this.rows.set(e.id, { ...e, data });
      n++;
    }
    return n;
  }
}

/**
 * A deal's API shape cut down to what the use-case tests look at, in the API's snake_case: enough to see
 * which record an event carries and which of its fields changed.
 */
export class FakeEventObjects extends HttpEventObjects {
  override deal(view: DealView): EventObject {
    const d = view.deal;
    return {
      id: d.id,
      title: d.title,
      phase: d.phase,
      status: d.status,
      value: d.value,
      client: view.client,
      archived_at: d.archivedAt,
      updated_at: d.updatedAt,
    };
  }
}

export class FakeWorkflows extends MapStore<WorkflowData> implements WorkflowRepository {
  async insert(w: WorkflowData): Promise<void> {
    this.rows.set(w.id, structuredClone(w));
  }
  async findById(team: TeamContext, id: string): Promise<WorkflowData | null> {
    const w = this.rows.get(id);
    return w && w.teamId === team.teamId ? w : null;
  }
  async listForEvent(team: TeamContext, event: string): Promise<WorkflowData[]> {
    return [...this.rows.values()].filter((w) => w.teamId === team.teamId && w.event === event && w.isActive);
  }
  /** The first page only (no unit test pages workflows). */
  async list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowData>> {
    const items = [...this.rows.values()].filter((w) => w.teamId === team.teamId).reverse();
    return { items: items.slice(0, query.limit), next: null };
  }
  async delete(team: TeamContext, id: string): Promise<boolean> {
    const w = this.rows.get(id);
    return w !== undefined && w.teamId === team.teamId && this.rows.delete(id);
  }
}

export class FakeRuns extends MapStore<WorkflowRunData> implements WorkflowRunRepository {
  async record(run: WorkflowRunData): Promise<boolean> {
    if ([...this.rows.values()].some((r) => r.eventId === run.eventId && r.workflowId === run.workflowId)) return false;
    this.rows.set(run.id, { ...run });
    return true;
  }
  async listByEvent(team: TeamContext, eventId: string): Promise<WorkflowRunData[]> {
    return [...this.rows.values()].filter((r) => r.teamId === team.teamId && r.eventId === eventId);
  }
  /** The first page only (no unit test pages runs). */
  async list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowRunData>> {
    return {
      items: [...this.rows.values()]
        .filter((r) => r.teamId === team.teamId)
        .reverse()
        .slice(0, query.limit),
      next: null,
    };
  }
}

/** Records what the workflows asked for; can be told to fail. */
export class RecordingActions implements WorkflowActions {
  activities: { teamId: string; request: WorkflowActivityRequest }[] = [];
  tasks: { teamId: string; request: WorkflowTaskRequest }[] = [];
  failWith: string | null = null;
  failTimes = Infinity;
  /** Runs inside each action, before it is recorded: what another node does meanwhile. */
  meanwhile: (() => Promise<void>) | null = null;
  private n = 0;
  private maybeFail(): void {
    if (this.failWith !== null && this.failTimes > 0) {
      this.failTimes -= 1;
      throw new Error(this.failWith);
    }
  }
  async createActivity(team: TeamContext, request: WorkflowActivityRequest): Promise<{ id: string }> {
    this.maybeFail();
    await this.meanwhile?.();
    this.activities.push({ teamId: team.teamId, request });
    return { id: `act-${++this.n}` };
  }
  async createTask(team: TeamContext, request: WorkflowTaskRequest): Promise<{ id: string }> {
    this.maybeFail();
    this.tasks.push({ teamId: team.teamId, request });
    return { id: `task-${++this.n}` };
  }
}
