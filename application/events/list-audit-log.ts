import { AuditEntry, AuditResource, auditEntryOf, auditTypesOf } from '../../domain/events/audit';
import { EventOutbox } from '../../domain/events/event-outbox';
import { DealRepository } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';

export interface ListAuditLogCommand {
  resource?: AuditResource;
  resourceId?: string;
  actor?: string;
  startingAfter?: string;
  limit: number;
}

export interface AuditPage {
  data: AuditEntry[];
  hasMore: boolean;
}

/**
 * GET /audit-log: who changed what in the team, newest first, a cursor page at a time, for as long as the trail
 * is kept (`AUDIT_RETENTION_DAYS`). Read from the event log, where every change is written with its actor.
 */
export class ListAuditLog {
  constructor(
    private readonly events: EventOutbox,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  async execute(team: TeamContext, command: ListAuditLogCommand): Promise<AuditPage> {
    const page = await this.events.page(team, {
      types: command.resource === undefined ? undefined : auditTypesOf(command.resource),
      subjectId: command.resourceId,
      actor: command.actor,
      createdAfter: new Date(this.clock.now().getTime() - this.retentionDays * 86_400_000).toISOString(),
      startingAfter: command.startingAfter,
      limit: command.limit,
    });
    if (!page) throw new NotFound('No entry of the team has this id (it may be older than the retention)', 'starting_after');
    return { data: page.data.map(auditEntryOf), hasMore: page.hasMore };
  }
}

export interface DealHistoryCommand {
  dealId: string;
  startingAfter?: string;
  limit: number;
}

/** GET /deals/:id/history: one deal's trail, newest first; 404 for a deal the team does not have. */
export class GetDealHistory {
  constructor(
    private readonly deals: DealRepository,
    private readonly log: ListAuditLog,
  ) {}

  async execute(team: TeamContext, command: DealHistoryCommand): Promise<AuditPage> {
    if (!(await this.deals.findById(team, command.dealId))) throw new NotFound('Deal not found');
    return this.log.execute(team, {
      resource: 'deal',
      resourceId: command.dealId,
      startingAfter: command.startingAfter,
      limit: command.limit,
    });
  }
}
