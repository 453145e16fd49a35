import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { Duplicate } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { WebhookEndpointData } from '../../../../domain/webhooks/webhook-endpoint';
import {
  SealedSigningSecret,
  WebhookEndpointFilter,
  WebhookEndpointRepository,
  WebhookSortField,
} from '../../../../domain/webhooks/webhook-endpoint-repository';
import { MemoryStore } from '../shared/memory-store';
import { newestFirstPageOf } from '../shared/keyset';
import { pageOf } from '../shared/paging';

const sortValue = (e: WebhookEndpointData, field: string) =>
  field === 'name' ? e.name : field === 'updated_at' ? e.updatedAt : e.createdAt;

export class MemoryWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<WebhookEndpointData>('webhook_endpoints');
  }

  async list(team: TeamContext, filter: WebhookEndpointFilter, query: ListQuery<WebhookSortField>): Promise<Page<WebhookEndpointData>> {
    const rows = this.rows.filter(
      (e) =>
        e.teamId === team.teamId &&
        (filter.isActive === undefined || e.isActive === filter.isActive) &&
        (filter.updatedSince === undefined || e.updatedAt >= filter.updatedSince),
    );
    return pageOf(rows, query, sortValue);
  }

  async listNewestFirst(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WebhookEndpointData>> {
    return newestFirstPageOf(
      this.rows.filter((e) => e.teamId === team.teamId),
      query,
      (e) => ({ at: e.createdAt, id: e.id }),
    );
  }

  async findById(team: TeamContext, id: string): Promise<WebhookEndpointData | null> {
    const e = this.rows.get(id);
    return e && e.teamId === team.teamId ? e : null;
  }

  async findByEndpointId(endpointId: string): Promise<WebhookEndpointData | null> {
    return this.rows.find((e) => e.endpointId === endpointId) ?? null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const e = this.rows.get(id);
    return e ? { teamId: e.teamId } : null;
  }

  async slugsLike(team: TeamContext, base: string): Promise<string[]> {
    return this.rows
      .filter(
        (e) =>
          e.teamId === team.teamId && (e.slug === base || (e.slug.startsWith(`${base}-`) && /^\d+$/.test(e.slug.slice(base.length + 1)))),
      )
      .map((e) => e.slug);
  }

  async insert(endpoint: WebhookEndpointData): Promise<void> {
    if (this.rows.find((e) => e.teamId === endpoint.teamId && (e.slug === endpoint.slug || e.endpointId === endpoint.endpointId))) {
      throw new Duplicate('A webhook with this slug already exists', { field: 'slug' });
    }
    this.rows.set(endpoint.id, endpoint);
  }

  async update(endpoint: WebhookEndpointData): Promise<void> {
    this.rows.set(endpoint.id, endpoint);
  }

  async listSigningSecrets(): Promise<SealedSigningSecret[]> {
    return this.rows
      .filter((e) => e.signingSecret !== null)
      .sort((a, b) => a.teamId.localeCompare(b.teamId) || a.id.localeCompare(b.id))
      .map((e) => ({ teamId: e.teamId, id: e.id, signingSecret: e.signingSecret! }));
  }

  async replaceSigningSecret(team: TeamContext, id: string, previous: string, signingSecret: string): Promise<boolean> {
    const e = await this.findById(team, id);
    if (!e || e.signingSecret !== previous) return false;
    this.rows.set(id, { ...e, signingSecret });
    return true;
  }

  async delete(team: TeamContext, id: string): Promise<boolean> {
    if (!(await this.findById(team, id))) return false;
    return this.rows.delete(id);
  }
}
