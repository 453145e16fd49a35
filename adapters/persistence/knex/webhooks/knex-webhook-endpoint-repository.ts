import { Duplicate } from '../../../../domain/shared/errors';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { FieldMapping } from '../../../../domain/webhooks/field-mapping';
import { WebhookEndpointData } from '../../../../domain/webhooks/webhook-endpoint';
import {
  SealedSigningSecret,
  WebhookEndpointFilter,
  WebhookEndpointRepository,
  WebhookSortField,
} from '../../../../domain/webhooks/webhook-endpoint-repository';
import { KnexDatabase } from '../shared/knex-database';
import { newestFirstPage } from '../shared/keyset';
import { SortColumn, orderBy, paginate } from '../shared/query';
import { fromJson, isUniqueViolation, toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

/** Slugs hold only `a-z`, digits and dashes, so the LIKE above needs no escaping; this keeps `base-N` exactly. */
export const isSlugLike = (slug: string, base: string): boolean =>
  slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));

const SORTS: Record<WebhookSortField, SortColumn> = {
  name: { column: 'name', kind: 'text' },
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
};

function toRow(e: WebhookEndpointData): Row {
  return {
    team_id: e.teamId,
    id: e.id,
    endpoint_id: e.endpointId,
    name: e.name,
    slug: e.slug,
    is_active: e.isActive,
    action_type: e.actionType,
    project_id: e.actionConfig.projectId,
    pipeline_id: e.actionConfig.pipelineId,
    column_slug: e.actionConfig.columnSlug,
    field_mapping: JSON.stringify(e.fieldMapping),
    auth_mode: e.authMode,
    secret_hash: e.secretHash,
    signing_secret: e.signingSecret,
    idempotency_path: e.idempotencyPath,
    verify_token_hash: e.verifyTokenHash,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

function fromRow(r: Row): WebhookEndpointData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    endpointId: r.endpoint_id as string,
    name: r.name as string,
    slug: r.slug as string,
    isActive: toBool(r.is_active),
    actionType: r.action_type as WebhookEndpointData['actionType'],
    actionConfig: {
      projectId: r.project_id as string,
      pipelineId: (r.pipeline_id as string | null) ?? null,
      columnSlug: (r.column_slug as string | null) ?? null,
    },
    fieldMapping: fromJson<FieldMapping>(r.field_mapping, {}),
    authMode: r.auth_mode as WebhookEndpointData['authMode'],
    secretHash: (r.secret_hash as string | null) ?? null,
    signingSecret: (r.signing_secret as string | null) ?? null,
    idempotencyPath: (r.idempotency_path as string | null) ?? null,
    verifyTokenHash: (r.verify_token_hash as string | null) ?? null,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

export class KnexWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(private readonly database: KnexDatabase) {}

  private get table() {
    return this.database.db('webhook_endpoints');
  }

  async list(team: TeamContext, filter: WebhookEndpointFilter, query: ListQuery<WebhookSortField>): Promise<Page<WebhookEndpointData>> {
    const qb = this.table.where({ team_id: team.teamId });
    if (filter.isActive !== undefined) qb.andWhere({ is_active: filter.isActive });
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow);
  }

  listNewestFirst(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WebhookEndpointData>> {
    return newestFirstPage(this.table.where({ team_id: team.teamId }), 'created_at', query, fromRow);
  }

  async findById(team: TeamContext, id: string): Promise<WebhookEndpointData | null> {
    const row = await this.table.where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findByEndpointId(endpointId: string): Promise<WebhookEndpointData | null> {
    const row = await this.table.where({ endpoint_id: endpointId }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.table.where({ id }).first<{ team_id: string } | undefined>('team_id');
    return row ? { teamId: row.team_id } : null;
  }

  async slugsLike(team: TeamContext, base: string): Promise<string[]> {
    const rows: Row[] = await this.table
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        w.where({ slug: base }).orWhere('slug', 'like', `${base}-%`);
      })
      .select('slug');
    return rows.map((r) => r.slug as string).filter((s) => isSlugLike(s, base));
  }

  async insert(endpoint: WebhookEndpointData): Promise<void> {
    try {
      await this.table.insert(toRow(endpoint));
    } catch (err) {
      // Two creations racing for one slug: the unique key decides.
      if (isUniqueViolation(err)) throw new Duplicate('A webhook with this slug already exists', { field: 'slug' });
      throw err;
    }
  }

  async update(endpoint: WebhookEndpointData): Promise<void> {
    await this.table.where({ team_id: endpoint.teamId, id: endpoint.id }).update(toRow(endpoint));
  }

  async listSigningSecrets(): Promise<SealedSigningSecret[]> {
    const rows = await this.table
      .whereNotNull('signing_secret')
      .select<Row[]>('team_id', 'id', 'signing_secret')
      .orderBy([{ column: 'team_id' }, { column: 'id' }]);
    return rows.map((r) => ({ teamId: r.team_id as string, id: r.id as string, signingSecret: r.signing_secret as string }));
  }

  async replaceSigningSecret(team: TeamContext, id: string, previous: string, signingSecret: string): Promise<boolean> {
    return (await this.table.where({ team_id: team.teamId, id, signing_secret: previous }).update({ signing_secret: signingSecret })) > 0;
  }

  async delete(team: TeamContext, id: string): Promise<boolean> {
    return (await this.table.where({ team_id: team.teamId, id }).delete()) > 0;
  }
}
