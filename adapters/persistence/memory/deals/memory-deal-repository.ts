import { ClientData } from '../../../../domain/clients/client';
import { DealData } from '../../../../domain/deals/deal';
import { EventData } from '../../../../domain/events/event';
import { DealFilter, DealHolders, DealRepository, DealSortField, DealView } from '../../../../domain/deals/deal-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { matchesSearch, oldestFirst, pageOf } from '../shared/paging';

const sortValue = (d: DealData, field: string) =>
  field === 'title'
    ? d.title
    : field === 'value'
      ? d.value
      : field === 'phase'
        ? d.phase
        : field === 'updated_at'
          ? d.updatedAt
          : field === 'expected_close_date'
            ? d.expectedCloseDate
            : d.createdAt;

const matches = (d: DealData, f: DealFilter): boolean =>
  d.scope === f.scope &&
  (f.projectId === undefined || d.projectId === f.projectId) &&
  (f.pipelineId === undefined || d.pipelineId === f.pipelineId) &&
  (f.status === undefined || d.status === f.status) &&
  (f.phase === undefined || d.phase === f.phase) &&
  (f.clientId === undefined || d.clientId === f.clientId) &&
  (f.leadId === undefined || d.leadId === f.leadId) &&
  (f.responsibleId === undefined || d.responsibleId === f.responsibleId) &&
  (f.source === undefined || d.source === f.source) &&
  (f.minValue === undefined || (d.value !== null && d.value >= f.minValue)) &&
  (f.maxValue === undefined || (d.value !== null && d.value <= f.maxValue)) &&
  (f.from === undefined || d.createdAt >= `${f.from}T00:00:00.000Z`) &&
  (f.to === undefined || d.createdAt <= `${f.to}T23:59:59.999Z`) &&
  (f.updatedSince === undefined || d.updatedAt >= f.updatedSince);

export class MemoryDealRepository implements DealRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<DealData>('deals');
  }

  private view(d: DealData): DealView {
    const client = d.clientId ? this.store.table<ClientData>('clients').get(d.clientId) : undefined;
    return { deal: d, client: client && client.teamId === d.teamId ? { id: client.id, name: client.name } : null };
  }

  async list(team: TeamContext, filter: DealFilter, query: ListQuery<DealSortField>): Promise<Page<DealView>> {
    const search = searchQueryOf(query.search);
    const rows = this.rows.filter(
      (d) => d.teamId === team.teamId && matches(d, filter) && matchesSearch(search, () => searchTextOf([d.title, d.description])),
    );
    const page = pageOf(rows, query, sortValue);
    return { items: page.items.map((d) => this.view(d)), total: page.total };
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async findById(team: TeamContext, id: string): Promise<DealView | null> {
    const d = this.rows.get(id);
    return d && d.teamId === team.teamId ? this.view(d) : null;
  }

  async insert(deal: DealData, events: readonly EventData[] = []): Promise<void> {
    this.rows.set(deal.id, deal);
    // The outbox's table of the same store (MemoryEventOutbox).
    const outbox = this.store.table<EventData>('events');
    for (const event of events) outbox.set(event.id, event);
  }
  async update(deal: DealData): Promise<void> {
    this.rows.set(deal.id, deal);
  }

  async listHolders(team: TeamContext, holders: DealHolders, limit: number): Promise<DealView[]> {
    const emailKey = (email: string | null): string | null => email?.trim().toLowerCase() || null;
    const rows = this.rows.filter(
      (d) =>
        d.teamId === team.teamId &&
        (holders.ids.includes(d.id) ||
          (d.clientId !== null && holders.clientIds.includes(d.clientId)) ||
          (d.leadId !== null && holders.leadIds.includes(d.leadId)) ||
          (holders.contactEmail !== null && emailKey(d.contactEmail) === holders.contactEmail) ||
          (d.contactPhone !== null && holders.contactPhones.includes(d.contactPhone))),
    );
    return oldestFirst(rows, (d) => d.createdAt, limit).map((d) => this.view(d));
  }
}
