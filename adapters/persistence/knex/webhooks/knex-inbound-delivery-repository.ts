import { TeamContext } from '../../../../domain/shared/team';
import { InboundDeliveryData } from '../../../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../../../domain/webhooks/inbound-delivery-repository';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

function toRow(d: InboundDeliveryData): Row {
  return {
    team_id: d.teamId, id: d.id, webhook_id: d.webhookId, action: d.action, payload: JSON.stringify(d.payload ?? null),
    status: d.status, entity_id: d.entityId, entity_type: d.entityType, error: d.error, attempts: d.attempts,
    received_at: d.receivedAt, processed_at: d.processedAt,
  };
}

function fromRow(r: Row): InboundDeliveryData {
  return {
    id: r.id as string, teamId: r.team_id as string, webhookId: r.webhook_id as string,
    action: r.action as InboundDeliveryData['action'],
    // Stored as text on both dialects, so a payload that is a JSON string comes back as that string.
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : fromJson<unknown>(r.payload, null),
    status: r.status as InboundDeliveryData['status'], entityId: (r.entity_id as string | null) ?? null,
    entityType: (r.entity_type as string | null) ?? null, error: (r.error as string | null) ?? null,
    attempts: Number(r.attempts), receivedAt: toIso(r.received_at), processedAt: toIsoOrNull(r.processed_at),
  };
}

export class KnexInboundDeliveryRepository implements InboundDeliveryRepository {
  constructor(private readonly database: KnexDatabase) {}

  private get table() { return this.database.db('webhook_deliveries'); }

  async findById(team: TeamContext, id: string): Promise<InboundDeliveryData | null> {
    const row = await this.table.where({ team_id: team.teamId, id }).first();
    return row ? fromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.table.where({ id }).first('team_id');
    return row ? { teamId: row.team_id as string } : null;
  }

  async listByWebhook(team: TeamContext, webhookId: string, limit: number): Promise<InboundDeliveryData[]> {
    const rows: Row[] = await this.table.where({ team_id: team.teamId, webhook_id: webhookId })
      .orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit);
    return rows.map(fromRow);
  }

  async insert(delivery: InboundDeliveryData): Promise<void> {
    await this.table.insert(toRow(delivery));
  }

  async claim(team: TeamContext, id: string, expectedAttempts: number): Promise<boolean> {
    // A no-op write: it takes the row lock, and PostgreSQL re-checks the condition after waiting for it.
    const n = await this.table.where({ team_id: team.teamId, id, attempts: expectedAttempts }).whereNot({ status: 'succeeded' })
      .update({ attempts: expectedAttempts });
    return n > 0;
  }

  async saveOutcome(delivery: InboundDeliveryData, expectedAttempts: number): Promise<boolean> {
    const n = await this.table.where({ team_id: delivery.teamId, id: delivery.id, attempts: expectedAttempts }).update(toRow(delivery));
    return n > 0;
  }
}
