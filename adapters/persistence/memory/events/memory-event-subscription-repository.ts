import { EventSubscriptionData, EventSubscriptionSortField } from '../../../../domain/events/event-subscription';
import {
  EventSubscriptionFilter,
  EventSubscriptionRepository,
  SealedSubscriptionSecrets,
  SubscriptionSecretsSealed,
} from '../../../../domain/events/event-subscription-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { pageOf } from '../shared/paging';

const sortValue = (s: EventSubscriptionData, field: string) =>
  field === 'url' ? s.url : field === 'updated_at' ? s.updatedAt : s.createdAt;

const byCreation = (a: EventSubscriptionData, b: EventSubscriptionData): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class MemoryEventSubscriptionRepository implements EventSubscriptionRepository {
  constructor(private readonly store: MemoryStore) {}

  private get rows() {
    return this.store.table<EventSubscriptionData>('event_subscriptions');
  }

  private ofTeam(team: TeamContext): EventSubscriptionData[] {
    return this.rows.filter((s) => s.teamId === team.teamId);
  }

  async insert(subscription: EventSubscriptionData): Promise<void> {
    if (this.rows.has(subscription.id)) throw new Error(`Event subscription ${subscription.id} already exists`);
    this.rows.set(subscription.id, subscription);
  }

  async update(subscription: EventSubscriptionData): Promise<boolean> {
    const found = await this.findById({ teamId: subscription.teamId }, subscription.id);
    if (!found) return false;
    this.rows.set(subscription.id, { ...subscription, createdAt: found.createdAt });
    return true;
  }

  async delete(team: TeamContext, id: string): Promise<boolean> {
    if (!(await this.findById(team, id))) return false;
    return this.rows.delete(id);
  }

  async findById(team: TeamContext, id: string): Promise<EventSubscriptionData | null> {
    const s = this.rows.get(id);
    return s && s.teamId === team.teamId ? s : null;
  }

  async list(
    team: TeamContext,
    filter: EventSubscriptionFilter,
    query: ListQuery<EventSubscriptionSortField>,
  ): Promise<Page<EventSubscriptionData>> {
    const since = filter.updatedSince;
    return pageOf(
      this.ofTeam(team).filter((s) => since === undefined || s.updatedAt >= since),
      query,
      sortValue,
    );
  }

  async listActive(team: TeamContext): Promise<EventSubscriptionData[]> {
    return this.ofTeam(team)
      .filter((s) => s.isActive && s.disabledAt === null)
      .sort(byCreation);
  }

  async countForTeam(team: TeamContext): Promise<number> {
    return this.ofTeam(team).length;
  }

  async countDisabled(): Promise<number> {
    return this.rows.filter((s) => s.disabledAt !== null).length;
  }

  async listSealedSecrets(): Promise<SealedSubscriptionSecrets[]> {
    return this.rows
      .all()
      .sort((a, b) => a.teamId.localeCompare(b.teamId) || a.id.localeCompare(b.id))
      .map((s) => ({ teamId: s.teamId, id: s.id, secretSealed: s.secretSealed, previousSecretSealed: s.previousSecretSealed }));
  }

  async replaceSealedSecrets(
    team: TeamContext,
    id: string,
    expected: SubscriptionSecretsSealed,
    next: SubscriptionSecretsSealed,
  ): Promise<boolean> {
    const s = await this.findById(team, id);
    if (!s || s.secretSealed !== expected.secretSealed || s.previousSecretSealed !== expected.previousSecretSealed) return false;
    this.rows.set(id, { ...s, secretSealed: next.secretSealed, previousSecretSealed: next.previousSecretSealed });
    return true;
  }
}
