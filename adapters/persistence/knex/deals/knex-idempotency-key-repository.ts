import { IdempotencyRecord } from '../../../../domain/deals/idempotency';
import { Conflict } from '../../../../domain/shared/errors';
import { IdempotencyKeyRepository } from '../../../../domain/deals/idempotency-key-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const fromRow = (r: Row): IdempotencyRecord => ({
  teamId: r.team_id as string,
  key: r.key as string,
  fingerprint: r.fingerprint as string,
  dealId: r.deal_id as string,
  createdAt: toIso(r.created_at),
  expiresAt: toIso(r.expires_at),
});

/** How long a request waits for another one holding its key before answering 409 (docs/decisions.md). */
const IN_FLIGHT_WAIT = '5s';

const isLockWait = (err: unknown): boolean => {
  const e = err as { code?: string };
  return e?.code === '55P03' || e?.code === 'SQLITE_BUSY';
};

export class KnexIdempotencyKeyRepository implements IdempotencyKeyRepository {
  constructor(private readonly database: KnexDatabase) {}

  async find(team: TeamContext, key: string): Promise<IdempotencyRecord | null> {
    const row = await this.database.db('deal_idempotency_keys').where({ team_id: team.teamId, key }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async claim(record: IdempotencyRecord, now: Date): Promise<boolean> {
    try {
      return await this.tryClaim(record, now);
    } catch (err) {
      if (isLockWait(err)) throw new Conflict('A request with this Idempotency-Key is still in progress');
      throw err;
    }
  }

  private async tryClaim(record: IdempotencyRecord, now: Date): Promise<boolean> {
    const db = this.database.db;
    const bounded = this.database.dialect === 'postgres' && this.database.inTransaction;
    if (bounded) await db.raw(`set local lock_timeout = '${IN_FLIGHT_WAIT}'`);
    await db('deal_idempotency_keys')
      .where({ team_id: record.teamId, key: record.key })
      .andWhere('expires_at', '<=', now.toISOString())
      .delete();
    // ON CONFLICT DO NOTHING rather than catching a unique violation: on PostgreSQL a failed
    // statement would abort the surrounding transaction. A concurrent uncommitted holder makes
    // this wait for its outcome, then insert nothing.
    const inserted = await db('deal_idempotency_keys')
      .insert({
        team_id: record.teamId,
        key: record.key,
        fingerprint: record.fingerprint,
        deal_id: record.dealId,
        created_at: record.createdAt,
        expires_at: record.expiresAt,
      })
      .onConflict(['team_id', 'key'])
      .ignore()
      .returning(['key']);
    if (bounded) await db.raw('set local lock_timeout to default');
    return (inserted as unknown[]).length === 1;
  }

  async purgeExpired(now: Date): Promise<number> {
    // A unit of work: on SQLite it waits for another process's write lock beside the event loop.
    return this.database.transaction(() => this.database.db('deal_idempotency_keys').where('expires_at', '<=', now.toISOString()).delete());
  }
}
