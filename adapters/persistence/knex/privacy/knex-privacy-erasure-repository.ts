import { Knex } from 'knex';
import { ERASURE_KINDS, ErasureCounts, PrivacyErasureData, noErasures } from '../../../../domain/privacy/privacy-erasure';
import { PrivacyErasureQuery, PrivacyErasureRepository } from '../../../../domain/privacy/privacy-erasure-repository';
import { Page, offsetOf } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toIso } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'privacy_erasures';

const toRow = (e: PrivacyErasureData): Row => ({
  team_id: e.teamId,
  id: e.id,
  actor: e.actor,
  request_id: e.requestId,
  reason: e.reason,
  counts: JSON.stringify(e.counts),
  identifiers_hash: e.identifiersHash,
  identifiers_salt: e.identifiersSalt,
  created_at: e.createdAt,
});

/** The counts as stored, every kind present: a kind added later reads 0 on older entries. */
const countsOf = (v: unknown): ErasureCounts => {
  const stored = fromJson<Partial<ErasureCounts>>(v, {});
  const counts = noErasures();
  for (const k of ERASURE_KINDS) counts[k] = Number(stored[k] ?? 0);
  return counts;
};

const fromRow = (r: Row): PrivacyErasureData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  actor: r.actor as string,
  requestId: (r.request_id as string | null) ?? null,
  reason: r.reason as string,
  counts: countsOf(r.counts),
  identifiersHash: r.identifiers_hash as string,
  identifiersSalt: r.identifiers_salt as string,
  createdAt: toIso(r.created_at),
});

export class KnexPrivacyErasureRepository implements PrivacyErasureRepository {
  constructor(private readonly database: KnexDatabase) {}

  private get table(): Knex.QueryBuilder<Row, Row[]> {
    return this.database.db<Row, Row[]>(TABLE);
  }

  async insert(entry: PrivacyErasureData): Promise<void> {
    await this.table.insert(toRow(entry));
  }

  async findById(team: TeamContext, id: string): Promise<PrivacyErasureData | null> {
    const row = await this.table.where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async list(team: TeamContext, query: PrivacyErasureQuery): Promise<Page<PrivacyErasureData>> {
    const q = this.table.where({ team_id: team.teamId });
    if (query.updatedSince !== undefined) q.andWhere('created_at', '>=', query.updatedSince);
    const [{ n }] = await q.clone().count({ n: '*' });
    const rows: Row[] = await q
      .orderBy([{ column: 'id', order: query.ascending ? 'asc' : 'desc' }])
      .offset(offsetOf(query))
      .limit(query.limit);
    return { items: rows.map(fromRow), total: Number(n) };
  }
}
