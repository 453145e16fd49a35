import { PersonIdentifiers, personTextFragments, textHoldsPerson } from '../../../../domain/privacy/person-identifiers';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { DeliveryWarning, InboundDeliveryData } from '../../../../domain/webhooks/inbound-delivery';
import { DeliveryKeyTaken, InboundDeliveryRepository } from '../../../../domain/webhooks/inbound-delivery-repository';
import { KnexDatabase } from '../shared/knex-database';
import { newestFirstPage } from '../shared/keyset';
import { fromJson, isUniqueViolation, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

/** Bodies read at a time while looking for a person. */
const BODY_SLICE = 200;

/** A LIKE pattern's text taken literally (`\\` is the escape character the query names). */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function toRow(d: InboundDeliveryData): Row {
  return {
    team_id: d.teamId,
    id: d.id,
    webhook_id: d.webhookId,
    action: d.action,
    payload: JSON.stringify(d.payload ?? null),
    raw_body: d.rawBody,
    content_type: d.contentType,
    body_error: d.bodyError,
    idempotency_key: d.idempotencyKey,
    status: d.status,
    entity_id: d.entityId,
    entity_ids: JSON.stringify(d.entityIds),
    entity_type: d.entityType,
    warnings: JSON.stringify(d.warnings),
    error: d.error,
    failure: d.failure,
    attempts: d.attempts,
    received_at: d.receivedAt,
    processed_at: d.processedAt,
  };
}

// Stored as text on both dialects, so a JSON value that is a string comes back as that string.
const json = <T>(v: unknown, fallback: T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : fromJson<T>(v, fallback));

function fromRow(r: Row): InboundDeliveryData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    webhookId: r.webhook_id as string,
    action: r.action as InboundDeliveryData['action'],
    payload: json<unknown>(r.payload, null),
    rawBody: (r.raw_body as string | null) ?? null,
    contentType: (r.content_type as string | null) ?? null,
    bodyError: (r.body_error as string | null) ?? null,
    idempotencyKey: (r.idempotency_key as string | null) ?? null,
    status: r.status as InboundDeliveryData['status'],
    entityId: (r.entity_id as string | null) ?? null,
    entityIds: json<string[]>(r.entity_ids, []),
    entityType: (r.entity_type as string | null) ?? null,
    warnings: json<DeliveryWarning[]>(r.warnings, []),
    error: (r.error as string | null) ?? null,
    failure: (r.failure as InboundDeliveryData['failure']) ?? null,
    attempts: Number(r.attempts),
    receivedAt: toIso(r.received_at),
    processedAt: toIsoOrNull(r.processed_at),
  };
}

export class KnexInboundDeliveryRepository implements InboundDeliveryRepository {
  constructor(private readonly database: KnexDatabase) {}

  private get table() {
    return this.database.db('webhook_deliveries');
  }

  async findById(team: TeamContext, id: string): Promise<InboundDeliveryData | null> {
    const row = await this.table.where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findByIdempotencyKey(team: TeamContext, webhookId: string, key: string): Promise<InboundDeliveryData | null> {
    const row = await this.table.where({ team_id: team.teamId, webhook_id: webhookId, idempotency_key: key }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.table.where({ id }).first<{ team_id: string } | undefined>('team_id');
    return row ? { teamId: row.team_id } : null;
  }

  listByWebhook(team: TeamContext, webhookId: string, query: KeysetQuery): Promise<KeysetPage<InboundDeliveryData>> {
    return newestFirstPage(this.table.where({ team_id: team.teamId, webhook_id: webhookId }), 'received_at', query, fromRow);
  }

  /**
   * The team's bodies narrowed in SQL by the fragments every spelling of an identifier holds in order
   * (`personTextFragments`, a LIKE: no index, one team's rows), then held to `textHoldsPerson`, a slice at a time.
   */
  async listHoldingPerson(team: TeamContext, person: PersonIdentifiers, limit: number): Promise<InboundDeliveryData[]> {
    const patterns = personTextFragments(person).map((fragments) => `%${fragments.map(escapeLike).join('%')}%`);
    if (patterns.length === 0) return [];
    const found: InboundDeliveryData[] = [];
    for (let offset = 0; found.length < limit; offset += BODY_SLICE) {
      const rows = (await this.table
        .where({ team_id: team.teamId })
        .andWhere((w) => {
          for (const pattern of patterns) w.orWhereRaw("lower(raw_body) like ? escape '\\'", [pattern]);
        })
        .orderBy([{ column: 'received_at' }, { column: 'id' }])
        .offset(offset)
        .limit(BODY_SLICE)) as Row[];
      for (const row of rows) {
        const delivery = fromRow(row);
        if (textHoldsPerson(delivery.rawBody, person)) found.push(delivery);
      }
      if (rows.length < BODY_SLICE) break;
    }
    return found.slice(0, limit);
  }

  async insert(delivery: InboundDeliveryData): Promise<void> {
    try {
      await this.table.insert(toRow(delivery));
    } catch (err) {
      // The only unique key besides the primary key (a fresh UUIDv7) is the idempotency key.
      if (isUniqueViolation(err) && delivery.idempotencyKey !== null) throw new DeliveryKeyTaken();
      throw err;
    }
  }

  async claim(team: TeamContext, id: string, expectedAttempts: number): Promise<boolean> {
    // A no-op write: it takes the row lock, and PostgreSQL re-checks the condition after waiting for it.
    const n = await this.table
      .where({ team_id: team.teamId, id, attempts: expectedAttempts })
      .whereNot({ status: 'succeeded' })
      .update({ attempts: expectedAttempts });
    return n > 0;
  }

  async saveOutcome(delivery: InboundDeliveryData, expectedAttempts: number): Promise<boolean> {
    const n = await this.table.where({ team_id: delivery.teamId, id: delivery.id, attempts: expectedAttempts }).update(toRow(delivery));
    return n > 0;
  }
}
