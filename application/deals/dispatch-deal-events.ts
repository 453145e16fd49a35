import { DealEvent, DealEventData } from '../../domain/deals/deal-event';
import { DealEventOutbox } from '../../domain/deals/deal-event-outbox';
import { DealData } from '../../domain/deals/deal';
import { DealRepository } from '../../domain/deals/deal-repository';
import { WorkflowData, workflowRun } from '../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { Metrics, noMetrics } from '../shared/metrics';
import { UnitOfWork } from '../shared/unit-of-work';
import { WorkflowActions } from './workflow-actions';

export interface DispatchReport {
  /** Events this call claimed (another node may have taken others). */
  claimed: number;
  delivered: number;
  /** Events put back for a later attempt because a workflow failed. */
  retrying: number;
}

export interface DispatchDealEventsCommand {
  /** At most this many due events in one call (50 when absent). */
  limit?: number;
}

/** Thrown to undo an action whose run another dispatcher recorded first. */
class AlreadyRan extends Error {}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)) || 'Workflow action failed';

/**
 * Delivers the outbox's deal events to the team's workflows. Safe on several nodes at once: an
 * event is claimed by a conditional update, and a run is recorded once per event and workflow.
 * A failing workflow does not stop the others; the event is retried with back-off, and after the
 * last attempt its failing workflows are recorded as failed.
 */
export class DispatchDealEvents {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly outbox: DealEventOutbox,
    private readonly deals: DealRepository,
    private readonly workflows: WorkflowRepository,
    private readonly runs: WorkflowRunRepository,
    private readonly actions: WorkflowActions,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly metrics: Metrics = noMetrics,
  ) {}

  async execute(command: DispatchDealEventsCommand = {}): Promise<DispatchReport> {
    const report: DispatchReport = { claimed: 0, delivered: 0, retrying: 0 };
    const due = await this.outbox.findDue(this.clock.now(), command.limit ?? 50);
    for (const data of due) {
      const event = await this.claim(data);
      if (!event) continue;
      report.claimed += 1;
      if (await this.deliver(event)) report.delivered += 1;
      else report.retrying += 1;
    }
    return report;
  }

  private async claim(data: DealEventData): Promise<DealEvent | null> {
    const now = this.clock.now();
    const event = DealEvent.restore(data);
    if (!event.isClaimable(now)) return null;
    event.claim(now);
    return (await this.outbox.claim(event.snapshot(), data.attempts, now)) ? event : null;
  }

  /** Runs the workflows that have not run for this event yet; returns whether the event is done. */
  private async deliver(event: DealEvent): Promise<boolean> {
    const team: TeamContext = { teamId: event.teamId };
    const done = new Set((await this.runs.listByEvent(team, event.id)).map((r) => r.workflowId));
    const pending = (await this.workflows.listForEvent(team, event.type)).filter((w) => !done.has(w.id));
    const deal = pending.length ? (await this.deals.findById(team, event.dealId))?.deal ?? null : null;
    const failures: { workflow: WorkflowData; error: string }[] = [];
    for (const workflow of pending) {
      try {
        await this.uow.run(async () => {
          if (!deal) throw new Error('The deal no longer exists');
          await this.act(team, workflow, deal);
          const run = workflowRun(this.ids.next(), workflow, event, { error: null }, this.clock.now());
          if (!(await this.runs.record(run))) throw new AlreadyRan();
        });
        this.metrics.count('workflowRuns', { status: 'succeeded' });
      } catch (e) {
        if (e instanceof AlreadyRan) continue;
        failures.push({ workflow, error: messageOf(e) });
      }
    }
    const now = this.clock.now();
    if (failures.length === 0) {
      event.delivered(now);
    } else if (event.isLastAttempt) {
      for (const f of failures) {
        if (await this.runs.record(workflowRun(this.ids.next(), f.workflow, event, { error: f.error }, now))) {
          this.metrics.count('workflowRuns', { status: 'failed' });
        }
      }
      event.delivered(now);
    } else {
      event.attemptFailed(failures.map((f) => f.error).join('; '), now);
    }
    for (const f of failures) {
      this.logger.warn({ event_id: event.id, workflow_id: f.workflow.id, attempt: event.attempts, error: f.error }, 'workflow failed');
    }
    await this.outbox.save(event.snapshot());
    return event.status === 'delivered';
  }

  private async act(team: TeamContext, workflow: WorkflowData, deal: DealData): Promise<void> {
    const c = workflow.config as Record<string, string | undefined>;
    if (workflow.action === 'create_activity') {
      await this.actions.createActivity(team, {
        title: c.title as string, type: c.type, description: c.description, dealId: deal.id, clientId: deal.clientId,
      });
    } else {
      await this.actions.createTask(team, {
        title: c.title as string, description: c.description, priority: c.priority,
        projectId: c.project_id ?? deal.projectId, dealId: deal.id,
      });
    }
  }
}
