import { BatchKeyRepository } from '../../../../domain/shared/batch-key-repository';
import { BatchKeyRecord, StoredAnswer } from '../../../../domain/shared/batch-keys';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from './knex-database';
import { fromJson, toIso } from './rows';

type Row = Record<string, unknown>;

const TABLE = 'batch_idempotency_keys';

const fromRow = (r: Row): BatchKeyRecord => ({
  teamId: r.team_id as string,
  route: r.route as string,
  key: r.key as string,
  fingerprint: r.fingerprint as string,
  answer: r.status === null || r.status === undefined ? null : { status: Number(r.status), body: fromJson<unknown>(r.body, null) },
  createdAt: toIso(r.created_at),
  expiresAt: toIso(r.expires_at),
});

export class KnexBatchKeyRepository implements BatchKeyRepository {
  constructor(private readonly database: KnexDatabase) {}

  async find(team: TeamContext, route: string, key: string): Promise<BatchKeyRecord | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, route, key }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async claim(record: BatchKeyRecord, now: Date): Promise<boolean> {
    return this.database.transaction(async () => {
      const where = { team_id: record.teamId, route: record.route, key: record.key };
      await this.database.db(TABLE).where(where).andWhere('expires_at', '<=', now.toISOString()).delete();
      // ON CONFLICT DO NOTHING rather than catching a unique violation: on PostgreSQL a failed statement
      // would abort the surrounding transaction.
      const inserted = await this.database
        .db(TABLE)
        .insert({
          ...where,
          fingerprint: record.fingerprint,
          status: record.answer?.status ?? null,
          body: record.answer ? JSON.stringify(record.answer.body) : null,
          created_at: record.createdAt,
          expires_at: record.expiresAt,
        })
        .onConflict(['team_id', 'route', 'key'])
        .ignore()
        .returning(['key']);
      return (inserted as unknown[]).length === 1;
    });
  }

  async complete(team: TeamContext, route: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.database.transaction(() =>
      this.database
        .db(TABLE)
        .where({ team_id: team.teamId, route, key })
        .update({ status: answer.status, body: JSON.stringify(answer.body) }),
    );
  }

  async release(team: TeamContext, route: string, key: string): Promise<void> {
    await this.database.transaction(() => this.database.db(TABLE).where({ team_id: team.teamId, route, key }).whereNull('status').delete());
  }

  async purgeExpired(now: Date): Promise<number> {
    // A unit of work: on SQLite it waits for another process's write lock beside the event loop.
    return this.database.transaction(() => this.database.db(TABLE).where('expires_at', '<=', now.toISOString()).delete());
  }
}
