import { DealEventData, DealEventStatus, DealEventType } from '../../../../domain/deals/deal-event';
import { DealEventBacklog, DealEventOutbox } from '../../../../domain/deals/deal-event-outbox';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toIso, toIsoOrNull, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const toRow = (e: DealEventData): Row => ({
  team_id: e.teamId, id: e.id, type: e.type, deal_id: e.dealId, data: JSON.stringify(e.data), status: e.status,
  attempts: e.attempts, available_at: e.availableAt, last_error: e.lastError, created_at: e.createdAt, delivered_at: e.deliveredAt,
});

const fromRow = (r: Row): DealEventData => ({
  id: r.id as string, teamId: r.team_id as string, type: r.type as DealEventType, dealId: r.deal_id as string,
  data: fromJson<Record<string, unknown>>(r.data, {}), status: r.status as DealEventStatus, attempts: Number(r.attempts),
  availableAt: toIso(r.available_at), lastError: (r.last_error as string | null) ?? null, createdAt: toIso(r.created_at),
  deliveredAt: toIsoOrNull(r.delivered_at),
});

export class KnexDealEventOutbox implements DealEventOutbox {
  constructor(private readonly database: KnexDatabase) {}

  async add(event: DealEventData): Promise<void> {
    await this.database.db('deal_events').insert(toRow(event));
  }

  async findById(team: TeamContext, id: string): Promise<DealEventData | null> {
    const row = await this.database.db('deal_events').where({ team_id: team.teamId, id }).first();
    return row ? fromRow(row) : null;
  }

  async listByDeal(team: TeamContext, dealId: string): Promise<DealEventData[]> {
    const rows = await this.database.db('deal_events').where({ team_id: team.teamId, deal_id: dealId }).orderBy([
      { column: 'created_at' }, { column: 'id' },
    ]);
    return rows.map(fromRow);
  }

  async findDue(now: Date, limit: number): Promise<DealEventData[]> {
    const rows = await this.database.db('deal_events')
      .whereIn('status', ['pending', 'processing'])
      .andWhere('available_at', '<=', now.toISOString())
      .orderBy([{ column: 'available_at' }, { column: 'id' }])
      .limit(limit);
    return rows.map(fromRow);
  }

  async claim(claimed: DealEventData, expectedAttempts: number, now: Date): Promise<boolean> {
    const n = await this.database.db('deal_events')
      .where({ team_id: claimed.teamId, id: claimed.id, attempts: expectedAttempts })
      .whereIn('status', ['pending', 'processing'])
      .andWhere('available_at', '<=', now.toISOString())
      .update({ status: claimed.status, attempts: claimed.attempts, available_at: claimed.availableAt });
    return n === 1;
  }

  async save(event: DealEventData): Promise<void> {
    await this.database.db('deal_events').where({ team_id: event.teamId, id: event.id }).update({
      status: event.status, attempts: event.attempts, available_at: event.availableAt, last_error: event.lastError,
      delivered_at: event.deliveredAt,
    });
  }

  async backlog(): Promise<DealEventBacklog> {
    // Served by the (status, available_at) index, like findDue.
    const row = await this.database.db('deal_events').whereIn('status', ['pending', 'processing'])
      .count({ pending: '*' }).min({ oldest: 'created_at' }).first();
    return { pending: toNumberOrNull(row?.pending) ?? 0, oldestCreatedAt: toIsoOrNull(row?.oldest) };
  }
}
