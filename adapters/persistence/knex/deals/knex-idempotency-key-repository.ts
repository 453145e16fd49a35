import { IdempotencyRecord } from '../../../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../../../domain/deals/idempotency-key-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const fromRow = (r: Row): IdempotencyRecord => ({
  teamId: r.team_id as string, key: r.key as string, fingerprint: r.fingerprint as string, dealId: r.deal_id as string,
  createdAt: toIso(r.created_at), expiresAt: toIso(r.expires_at),
});

export class KnexIdempotencyKeyRepository implements IdempotencyKeyRepository {
  constructor(private readonly database: KnexDatabase) {}

  async find(team: TeamContext, key: string): Promise<IdempotencyRecord | null> {
    const row = await this.database.db('deal_idempotency_keys').where({ team_id: team.teamId, key }).first();
    return row ? fromRow(row) : null;
  }

  async claim(record: IdempotencyRecord, now: Date): Promise<boolean> {
    const db = this.database.db;
    await db('deal_idempotency_keys')
      .where({ team_id: record.teamId, key: record.key })
      .andWhere('expires_at', '<=', now.toISOString())
      .delete();
    // ON CONFLICT DO NOTHING rather than catching a unique violation: on PostgreSQL a failed
    // statement would abort the surrounding transaction. A concurrent uncommitted holder makes
    // this wait for its outcome, then insert nothing.
    const inserted = await db('deal_idempotency_keys')
      .insert({
        team_id: record.teamId, key: record.key, fingerprint: record.fingerprint, deal_id: record.dealId,
        created_at: record.createdAt, expires_at: record.expiresAt,
      })
      .onConflict(['team_id', 'key'])
      .ignore()
      .returning(['key']);
    return (inserted as unknown[]).length === 1;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.database.db('deal_idempotency_keys').where('expires_at', '<=', now.toISOString()).delete();
  }
}
