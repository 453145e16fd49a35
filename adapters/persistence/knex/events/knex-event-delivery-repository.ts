import { Knex } from 'knex';
import { EventDeliveryAttemptData, EventDeliveryData, EventDeliveryStatus } from '../../../../domain/events/event-delivery';
import {
  DeliveryListQuery,
  DeliveryView,
  EventDeliveryBacklog,
  EventDeliveryRepository,
} from '../../../../domain/events/event-delivery-repository';
import { Page, offsetOf } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { rowOf } from '../shared/row-writes';
import { toIso, toIsoOrNull, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

/** The (status, next_attempt_at, team_id) index of pending and processing deliveries (migration 20261130000300): due ones across teams. */
const DUE_INDEX = 'event_deliveries_status_next_attempt_at_team_id_index';
/** The index SQLite makes for the (team_id, id) primary key. */
const SQLITE_PRIMARY_KEY = 'sqlite_autoindex_event_deliveries_1';

/** A delivery is added once per event and subscription, however often the fan-out runs. */
const ADDED_ONCE = '(team_id, subscription_id, id) do nothing';

const deliveryRow = (d: EventDeliveryData): Row => ({
  team_id: d.teamId,
  id: d.id,
  subscription_id: d.subscriptionId,
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt,
  last_attempt_at: d.lastAttemptAt,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});

const fromRow = (r: Row): EventDeliveryData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  subscriptionId: r.subscription_id as string,
  eventId: r.event_id as string,
  eventType: r.event_type as string,
  status: r.status as EventDeliveryStatus,
  attempts: Number(r.attempts),
  nextAttemptAt: toIsoOrNull(r.next_attempt_at),
  lastAttemptAt: toIsoOrNull(r.last_attempt_at),
  lastStatusCode: toNumberOrNull(r.last_status_code),
  lastError: (r.last_error as string | null) ?? null,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

const attemptFromRow = (r: Row): EventDeliveryAttemptData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  deliveryId: r.delivery_id as string,
  subscriptionId: r.subscription_id as string,
  attempt: Number(r.attempt),
  attemptedAt: toIso(r.attempted_at),
  statusCode: toNumberOrNull(r.status_code),
  durationMs: Number(r.duration_ms),
  error: (r.error as string | null) ?? null,
});

const byCreatedAt = (a: EventDeliveryData, b: EventDeliveryData): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

export class KnexEventDeliveryRepository implements EventDeliveryRepository {
  constructor(private readonly database: KnexDatabase) {}

  private table(name: string): Knex.QueryBuilder<Row, Row[]> {
    return this.database.db<Row, Row[]>(name);
  }

  async addMissing(deliveries: readonly EventDeliveryData[]): Promise<void> {
    if (deliveries.length === 0) return;
    // SQLite: a row a statement, each compiled once on its connection (a multi-row insert's text changes with
    // its count, and would be compiled anew every time). PostgreSQL: one statement of every row.
    if (this.database.dialect === 'sqlite') {
      await this.database.writeRows(() => deliveries.map((d) => rowOf('event_deliveries', deliveryRow(d), ADDED_ONCE)));
      return;
    }
    await this.database.transaction(() =>
      this.table('event_deliveries').insert(deliveries.map(deliveryRow)).onConflict(['team_id', 'subscription_id', 'id']).ignore(),
    );
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventDeliveryData[]> {
    // As the event log's claim (knex-event-outbox.ts): one statement; PostgreSQL skips the rows another node
    // is claiming at this moment, SQLite has one writer at a time.
    const due = (from: string) =>
      `select team_id, subscription_id, id from ${from} where status in ('pending', 'processing') and next_attempt_at <= ? ` +
      'order by next_attempt_at, id limit ?';
    const claim = "set status = 'processing', attempts = attempts + 1, next_attempt_at = ?, updated_at = ?";
    const at = now.toISOString();
    const lease = leaseUntil.toISOString();
    let rows: Row[];
    if (this.database.dialect === 'postgres') {
      const result = await this.database.db.raw<{ rows: Row[] }>(
        `with due as (${due('event_deliveries')} for update skip locked) update event_deliveries ${claim} ` +
          'from due where event_deliveries.team_id = due.team_id and event_deliveries.subscription_id = due.subscription_id ' +
          'and event_deliveries.id = due.id returning event_deliveries.*',
        [at, limit, lease, at],
      );
      rows = result.rows;
    } else {
      rows = await this.database.transaction(() =>
        this.database.db.raw<Row[]>(
          `update event_deliveries indexed by ${SQLITE_PRIMARY_KEY} ${claim} ` +
            `where (team_id, subscription_id, id) in (${due(`event_deliveries indexed by ${DUE_INDEX}`)}) returning *`,
          [lease, at, at, limit],
        ),
      );
    }
    return rows.map(fromRow).sort(byCreatedAt);
  }

  async save(delivery: EventDeliveryData): Promise<boolean> {
    const n = await this.database.transaction(() =>
      this.table('event_deliveries')
        .where({ team_id: delivery.teamId, subscription_id: delivery.subscriptionId, id: delivery.id, attempts: delivery.attempts })
        .update(this.outcome(delivery)),
    );
    return n === 1;
  }

  async requeue(delivery: EventDeliveryData): Promise<void> {
    await this.database.transaction(() =>
      this.table('event_deliveries')
        .where({ team_id: delivery.teamId, subscription_id: delivery.subscriptionId, id: delivery.id })
        .update(this.outcome(delivery)),
    );
  }

  private outcome(d: EventDeliveryData): Row {
    return {
      status: d.status,
      next_attempt_at: d.nextAttemptAt,
      last_attempt_at: d.lastAttemptAt,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      updated_at: d.updatedAt,
    };
  }

  async addAttempt(a: EventDeliveryAttemptData): Promise<void> {
    await this.database.transaction(() =>
      this.database.insert('event_delivery_attempts', {
        team_id: a.teamId,
        id: a.id,
        delivery_id: a.deliveryId,
        subscription_id: a.subscriptionId,
        attempt: a.attempt,
        attempted_at: a.attemptedAt,
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        error: a.error,
      }),
    );
  }

  async findById(team: TeamContext, subscriptionId: string, id: string): Promise<DeliveryView | null> {
    const row = await this.table('event_deliveries')
      .where({ team_id: team.teamId, subscription_id: subscriptionId, id })
      .first<Row | undefined>();
    if (!row) return null;
    const [view] = await this.withAttempts(team, [fromRow(row)]);
    return view;
  }

  async list(team: TeamContext, subscriptionId: string, query: DeliveryListQuery): Promise<Page<DeliveryView>> {
    const q = this.table('event_deliveries').where({ team_id: team.teamId, subscription_id: subscriptionId });
    if (query.status)
      q.andWhere('status', query.status === 'pending' ? 'in' : '=', query.status === 'pending' ? ['pending', 'processing'] : query.status);
    if (query.updatedSince !== undefined) q.andWhere('updated_at', '>=', query.updatedSince);
    const [{ n }] = await q.clone().count({ n: '*' });
    const rows: Row[] = await q
      .orderBy([
        // The key: event ids are time-ordered.
        { column: 'id', order: query.ascending ? 'asc' : 'desc' },
      ])
      .offset(offsetOf(query))
      .limit(query.limit);
    return { items: await this.withAttempts(team, rows.map(fromRow)), total: Number(n) };
  }

  private async withAttempts(team: TeamContext, deliveries: EventDeliveryData[]): Promise<DeliveryView[]> {
    if (deliveries.length === 0) return [];
    const rows: Row[] = await this.table('event_delivery_attempts')
      .where({ team_id: team.teamId, subscription_id: deliveries[0].subscriptionId })
      .whereIn(
        'delivery_id',
        deliveries.map((d) => d.id),
      )
      .orderBy([{ column: 'delivery_id' }, { column: 'attempt' }, { column: 'attempted_at' }]);
    const byDelivery = new Map<string, EventDeliveryAttemptData[]>();
    for (const a of rows.map(attemptFromRow)) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
    return deliveries.map((delivery) => ({ delivery, attempts: byDelivery.get(delivery.id) ?? [] }));
  }

  async listFailedSince(team: TeamContext, subscriptionId: string, since: string, limit: number): Promise<EventDeliveryData[]> {
    const rows: Row[] = await this.table('event_deliveries')
      .where({ team_id: team.teamId, subscription_id: subscriptionId, status: 'failed' })
      .andWhere('created_at', '>=', since)
      .orderBy('id')
      .limit(limit);
    return rows.map(fromRow);
  }

  async backlog(): Promise<EventDeliveryBacklog> {
    const db = this.database.db;
    const from: Knex.QueryBuilder<Row, Row[]> =
      this.database.dialect === 'sqlite' ? db.from(db.raw('?? indexed by ??', ['event_deliveries', DUE_INDEX])) : db('event_deliveries');
    // Written out, not bound: the due index holds only these statuses, and a planner sees that only in the text.
    const row = await from
      .whereRaw("status in ('pending', 'processing')")
      .count({ pending: '*' })
      .min({ oldest: 'created_at' })
      .first<Row | undefined>();
    return { pending: toNumberOrNull(row?.pending) ?? 0, oldestCreatedAt: toIsoOrNull(row?.oldest) };
  }
}
