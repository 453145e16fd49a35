import { Knex } from 'knex';
import { DealEventData, DealEventStatus, DealEventType } from '../../../../domain/deals/deal-event';
import { DealEventBacklog, DealEventOutbox } from '../../../../domain/deals/deal-event-outbox';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toIso, toIsoOrNull, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

/** The outbox's (status, available_at, team_id) index (migration 20261126000100). */
const DUE_INDEX = 'deal_events_status_available_at_team_id_index';
/** The outbox's (team_id, deal_id) index. */
const DEAL_INDEX = 'deal_events_team_id_deal_id_index';
/** The index SQLite makes for the (team_id, id) primary key of a table with no integer key. */
const SQLITE_PRIMARY_KEY = 'sqlite_autoindex_deal_events_1';

/** An event as the outbox's row; the deal repository writes a new deal's events with it (KnexDealRepository.insert). */
export const eventRow = (e: DealEventData): Row => ({
  team_id: e.teamId,
  id: e.id,
  type: e.type,
  deal_id: e.dealId,
  data: JSON.stringify(e.data),
  status: e.status,
  attempts: e.attempts,
  available_at: e.availableAt,
  last_error: e.lastError,
  created_at: e.createdAt,
  delivered_at: e.deliveredAt,
});

const fromRow = (r: Row): DealEventData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  type: r.type as DealEventType,
  dealId: r.deal_id as string,
  data: fromJson<Record<string, unknown>>(r.data, {}),
  status: r.status as DealEventStatus,
  attempts: Number(r.attempts),
  availableAt: toIso(r.available_at),
  lastError: (r.last_error as string | null) ?? null,
  createdAt: toIso(r.created_at),
  deliveredAt: toIsoOrNull(r.delivered_at),
});

export class KnexDealEventOutbox implements DealEventOutbox {
  constructor(private readonly database: KnexDatabase) {}

  /**
   * The outbox, read through `index` on SQLite: statistics taken while it held a few events make a scan
   * look cheaper to the planner, and it grows by an event per write, so each read would walk all of them.
   */
  private outbox(index: string): Knex.QueryBuilder<Row, Row[]> {
    const db = this.database.db;
    return this.database.dialect === 'sqlite' ? db.from(db.raw('?? indexed by ??', ['deal_events', index])) : db('deal_events');
  }

  async add(event: DealEventData): Promise<void> {
    await this.database.insert('deal_events', eventRow(event));
  }

  async findById(team: TeamContext, id: string): Promise<DealEventData | null> {
    const row = await this.database.db('deal_events').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async listByDeal(team: TeamContext, dealId: string): Promise<DealEventData[]> {
    const rows: Row[] = await this.outbox(DEAL_INDEX)
      .where({ team_id: team.teamId, deal_id: dealId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DealEventData[]> {
    // One statement claims the batch. PostgreSQL skips the rows another node is claiming at this very
    // moment (SKIP LOCKED) instead of waiting for them; SQLite has one writer at a time, so the select
    // and the update see the same rows. Served by the (status, available_at) index.
    const due = (from: string) =>
      `select team_id, id from ${from} where status in ('pending', 'processing') and available_at <= ? ` +
      'order by available_at, id limit ?';
    const claim = "set status = 'processing', attempts = attempts + 1, available_at = ?";
    const lease = leaseUntil.toISOString();
    const dueBindings = [now.toISOString(), limit];
    let rows: Row[];
    if (this.database.dialect === 'postgres') {
      const result = await this.database.db.raw<{ rows: Row[] }>(
        `with due as (${due('deal_events')} for update skip locked) update deal_events ${claim} ` +
          'from due where deal_events.team_id = due.team_id and deal_events.id = due.id returning deal_events.*',
        [...dueBindings, lease],
      );
      rows = result.rows;
    } else {
      // Pinned to the indexes, as `outbox` reads. A unit of work of its own: it waits for another
      // process's write lock beside the event loop (SQLite's own wait would stop it) and commits with the
      // units queued beside it.
      rows = await this.database.transaction(() =>
        this.database.db.raw<Row[]>(
          `update deal_events indexed by ${SQLITE_PRIMARY_KEY} ${claim} ` +
            `where (team_id, id) in (${due(`deal_events indexed by ${DUE_INDEX}`)}) returning *`,
          [lease, ...dueBindings],
        ),
      );
    }
    // RETURNING keeps no order: in the order they were written.
    return rows.map(fromRow).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
  }

  async save(event: DealEventData): Promise<boolean> {
    const n = await this.database.db('deal_events').where({ team_id: event.teamId, id: event.id, attempts: event.attempts }).update({
      status: event.status,
      available_at: event.availableAt,
      last_error: event.lastError,
      delivered_at: event.deliveredAt,
    });
    return n === 1;
  }

  async backlog(): Promise<DealEventBacklog> {
    // Served by the (status, available_at) index, like claimDue.
    const row = await this.outbox(DUE_INDEX)
      .whereIn('status', ['pending', 'processing'])
      .count({ pending: '*' })
      .min({ oldest: 'created_at' })
      .first<Row | undefined>();
    return { pending: toNumberOrNull(row?.pending) ?? 0, oldestCreatedAt: toIsoOrNull(row?.oldest) };
  }
}
