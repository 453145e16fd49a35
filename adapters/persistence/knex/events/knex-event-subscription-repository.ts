import { EventSubscriptionData, EventSubscriptionSortField } from '../../../../domain/events/event-subscription';
import {
  EventSubscriptionFilter,
  EventSubscriptionRepository,
  SealedSubscriptionSecrets,
  SubscriptionSecretsSealed,
} from '../../../../domain/events/event-subscription-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { SortColumn, orderBy, paginate } from '../shared/query';
import { fromJson, toBool, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const SORTS: Record<EventSubscriptionSortField, SortColumn> = {
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
  url: { column: 'url', kind: 'text', required: true },
};

const toRow = (s: EventSubscriptionData): Row => ({
  team_id: s.teamId,
  id: s.id,
  url: s.url,
  events: JSON.stringify(s.events),
  description: s.description,
  is_active: s.isActive,
  secret_sealed: s.secretSealed,
  previous_secret_sealed: s.previousSecretSealed,
  previous_secret_expires_at: s.previousSecretExpiresAt,
  disabled_reason: s.disabledReason,
  disabled_at: s.disabledAt,
  failing_since: s.failingSince,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

const fromRow = (r: Row): EventSubscriptionData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  url: r.url as string,
  events: fromJson<string[]>(r.events, []),
  description: (r.description as string | null) ?? null,
  isActive: toBool(r.is_active),
  secretSealed: r.secret_sealed as string,
  previousSecretSealed: (r.previous_secret_sealed as string | null) ?? null,
  previousSecretExpiresAt: toIsoOrNull(r.previous_secret_expires_at),
  disabledReason: (r.disabled_reason as string | null) ?? null,
  disabledAt: toIsoOrNull(r.disabled_at),
  failingSince: toIsoOrNull(r.failing_since),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export class KnexEventSubscriptionRepository implements EventSubscriptionRepository {
  constructor(private readonly database: KnexDatabase) {}

  private get table() {
    return this.database.db('event_subscriptions');
  }

  async insert(subscription: EventSubscriptionData): Promise<void> {
    await this.table.insert(toRow(subscription));
  }

  async update(subscription: EventSubscriptionData): Promise<boolean> {
    const { team_id, id, created_at: _created, ...changes } = toRow(subscription);
    return (await this.table.where({ team_id, id }).update(changes)) > 0;
  }

  async delete(team: TeamContext, id: string): Promise<boolean> {
    return (await this.table.where({ team_id: team.teamId, id }).delete()) > 0;
  }

  async findById(team: TeamContext, id: string): Promise<EventSubscriptionData | null> {
    const row = await this.table.where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  list(
    team: TeamContext,
    filter: EventSubscriptionFilter,
    query: ListQuery<EventSubscriptionSortField>,
  ): Promise<Page<EventSubscriptionData>> {
    const qb = this.table.where({ team_id: team.teamId });
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow);
  }

  async listActive(team: TeamContext): Promise<EventSubscriptionData[]> {
    const rows = await this.table
      .where({ team_id: team.teamId, is_active: true })
      .whereNull('disabled_at')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select<Row[]>();
    return rows.map(fromRow);
  }

  async countForTeam(team: TeamContext): Promise<number> {
    const row = await this.table.where({ team_id: team.teamId }).count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async countDisabled(): Promise<number> {
    const row = await this.table.whereNotNull('disabled_at').count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async listSealedSecrets(): Promise<SealedSubscriptionSecrets[]> {
    const rows = await this.table
      .select<Row[]>('team_id', 'id', 'secret_sealed', 'previous_secret_sealed')
      .orderBy([{ column: 'team_id' }, { column: 'id' }]);
    return rows.map((r) => ({
      teamId: r.team_id as string,
      id: r.id as string,
      secretSealed: r.secret_sealed as string,
      previousSecretSealed: (r.previous_secret_sealed as string | null) ?? null,
    }));
  }

  async replaceSealedSecrets(
    team: TeamContext,
    id: string,
    expected: SubscriptionSecretsSealed,
    next: SubscriptionSecretsSealed,
  ): Promise<boolean> {
    const qb = this.table.where({ team_id: team.teamId, id, secret_sealed: expected.secretSealed });
    if (expected.previousSecretSealed === null) qb.whereNull('previous_secret_sealed');
    else qb.andWhere('previous_secret_sealed', expected.previousSecretSealed);
    return (await qb.update({ secret_sealed: next.secretSealed, previous_secret_sealed: next.previousSecretSealed })) > 0;
  }
}
