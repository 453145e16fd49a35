import { DealFilter, DealRepository, DealSortField, DealView } from '../../domain/deals/deal-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { DealScopeQuery, DealScopeResolver } from './deal-scope';
import { ProjectDealDetails } from './project-deal-details';

/**
 * The query of GET /deals: its filters (the repository's, but for the scope, which the use case resolves
 * from `projectId` and `pipelineId`), and the page, order and search (`query`). Their values were checked
 * where the query entered (a number, a date `YYYY-MM-DD`, a UUID): what is left here is the references.
 */
export interface ListDealsCommand extends DealScopeQuery, Omit<DealFilter, 'scope' | 'projectId' | 'pipelineId'> {
  query: ListQuery<DealSortField>;
}

export class ListDeals {
  constructor(
    private readonly deals: DealRepository,
    private readonly scopes: DealScopeResolver,
    private readonly clients: ClientRepository,
    private readonly leads: LeadRepository,
    private readonly details: ProjectDealDetails,
  ) {}

  async execute(team: TeamContext, command: ListDealsCommand): Promise<Page<DealView>> {
    const { query, ...filters } = command;
    const selection = await this.scopes.resolve(team, filters);
    const filter: DealFilter = {
      scope: selection.scope,
      status: filters.status,
      phase: filters.phase,
      responsibleId: filters.responsibleId,
      source: filters.source,
      minValue: filters.minValue,
      maxValue: filters.maxValue,
      from: filters.from,
      to: filters.to,
      updatedSince: filters.updatedSince,
    };
    const person =
      filters.clientId !== undefined
        ? { id: filters.clientId, field: 'client_id' }
        : filters.leadId !== undefined
          ? { id: filters.leadId, field: 'lead_id' }
          : null;
    if (selection.scope === 'project') {
      filter.projectId = selection.projectId;
      filter.pipelineId = selection.pipelineId;
      if (person) {
        if (!(await this.leads.findById(team, person.id))) throw new NotFound('Lead not found', person.field);
        filter.leadId = person.id;
      }
    } else if (person) {
      if (!(await this.clients.findById(team, person.id))) throw new NotFound('Client not found', person.field);
      filter.clientId = person.id;
    }
    const page = await this.deals.list(team, filter, query);
    return { ...page, items: await this.details.attach(team, page.items) };
  }
}
