import { TeamContext } from '../../../../domain/shared/team';
import { InboxErrorData } from '../../../../domain/whatsapp/inbox-error';
import { InboxErrorFilter, InboxErrorRepository } from '../../../../domain/whatsapp/inbox-error-repository';
import { KnexDatabase } from '../shared/knex-database';
import { toIso } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_inbox_errors';

const toRow = (e: InboxErrorData): Row => ({
  team_id: e.teamId,
  id: e.id,
  inbox_id: e.inboxId,
  code: e.code,
  title: e.title,
  detail: e.detail,
  created_at: e.createdAt,
});

const fromRow = (r: Row): InboxErrorData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  inboxId: r.inbox_id as string,
  code: (r.code as string | null) ?? null,
  title: (r.title as string | null) ?? null,
  detail: (r.detail as string | null) ?? null,
  createdAt: toIso(r.created_at),
});

export class KnexInboxErrorRepository implements InboxErrorRepository {
  constructor(private readonly database: KnexDatabase) {}

  async insert(error: InboxErrorData): Promise<void> {
    await this.database.db(TABLE).insert(toRow(error));
  }

  async list(team: TeamContext, filter: InboxErrorFilter, limit: number): Promise<InboxErrorData[]> {
    const qb = this.database.db(TABLE).where({ team_id: team.teamId });
    if (filter.inboxId !== undefined) qb.andWhere({ inbox_id: filter.inboxId });
    const rows = (await qb
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }
}
