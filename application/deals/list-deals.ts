import { DealFilter, DealRepository, DealSortField, DealView } from '../../domain/deals/deal-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { requireCalendarDate } from '../../domain/shared/values';
import { DealScopeQuery, DealScopeResolver } from './deal-scope';
import { ProjectDealDetails } from './project-deal-details';

/** The query of GET /deals, already type-checked at the edge. */
export interface ListDealsInput extends DealScopeQuery {
  status?: string;
  phase?: string;
  /** `client_id` and `lead_id` are aliases: each names the main client or lead of the scope. */
  clientId?: string;
  leadId?: string;
  responsibleId?: string;
  source?: string;
  minValue?: number;
  maxValue?: number;
  from?: string;
  to?: string;
}

export class ListDeals {
  constructor(
    private readonly deals: DealRepository,
    private readonly scopes: DealScopeResolver,
    private readonly clients: ClientRepository,
    private readonly leads: LeadRepository,
    private readonly details: ProjectDealDetails,
  ) {}

  async execute(team: TeamContext, input: ListDealsInput, query: ListQuery<DealSortField>): Promise<Page<DealView>> {
    if (input.from !== undefined) requireCalendarDate(input.from, 'from');
    if (input.to !== undefined) requireCalendarDate(input.to, 'to');
    if (input.minValue !== undefined && !Number.isFinite(input.minValue)) throw new ValidationFailed('min_value must be a number', 'min_value');
    if (input.maxValue !== undefined && !Number.isFinite(input.maxValue)) throw new ValidationFailed('max_value must be a number', 'max_value');
    const selection = await this.scopes.resolve(team, input);
    const filter: DealFilter = {
      scope: selection.scope,
      status: input.status, phase: input.phase, responsibleId: input.responsibleId, source: input.source,
      minValue: input.minValue, maxValue: input.maxValue, from: input.from, to: input.to,
    };
    const person = input.clientId !== undefined
      ? { id: input.clientId, field: 'client_id' }
      : input.leadId !== undefined ? { id: input.leadId, field: 'lead_id' } : null;
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
