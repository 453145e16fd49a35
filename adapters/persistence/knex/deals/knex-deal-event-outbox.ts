import { DealEventData, DealEventStatus, DealEventType } from '../../../../domain/deals/deal-event';
import { DealEventBacklog, DealEventOutbox } from '../../../../domain/deals/deal-event-outbox';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toIso, toIsoOrNull, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const toRow = (e: DealEventData): Row => ({
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

  async add(event: DealEventData): Promise<void> {
    await this.database.insert('deal_events', toRow(event));
  }

  async findById(team: TeamContext, id: string): Promise<DealEventData | null> {
    const row = await this.database.db('deal_events').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async listByDeal(team: TeamContext, dealId: string): Promise<DealEventData[]> {
    const rows = await this.database
      .db('deal_events')
      .where({ team_id: team.teamId, deal_id: dealId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DealEventData[]> {
    // One statement claims the batch. PostgreSQL skips the rows another node is claiming at this very
    // moment (SKIP LOCKED) instead of waiting for them; SQLite has one writer at a time, so the select
    // and the update see the same rows. Served by the (status, available_at) index.
    const due =
      "select team_id, id from deal_events where status in ('pending', 'processing') and available_at <= ? " +
      'order by available_at, id limit ?';
    const claim = "update deal_events set status = 'processing', attempts = attempts + 1, available_at = ?";
    const lease = leaseUntil.toISOString();
    const dueBindings = [now.toISOString(), limit];
    let rows: Row[];
    if (this.database.dialect === 'postgres') {
      const result = await this.database.db.raw<{ rows: Row[] }>(
        `with due as (${due} for update skip locked) ${claim} ` +
          'from due where deal_events.team_id = due.team_id and deal_events.id = due.id returning deal_events.*',
        [...dueBindings, lease],
      );
      rows = result.rows;
    } else {
      rows = await this.database.db.raw<Row[]>(`${claim} where (team_id, id) in (${due}) returning *`, [lease, ...dueBindings]);
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
    // Served by the (status, available_at) index, like findDue.
    const row = await this.database
      .db('deal_events')
      .whereIn('status', ['pending', 'processing'])
      .count({ pending: '*' })
      .min({ oldest: 'created_at' })
      .first<Row | undefined>();
    return { pending: toNumberOrNull(row?.pending) ?? 0, oldestCreatedAt: toIsoOrNull(row?.oldest) };
  }
}
