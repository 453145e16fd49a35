import { EVENT_LEASE_MS, EventData, LoggedEvent } from '../../domain/events/event';
import { EventOutbox } from '../../domain/events/event-outbox';
import { DealData } from '../../domain/deals/deal';
import { DealRepository } from '../../domain/deals/deal-repository';
import { WorkflowData, WorkflowEvent, workflowEventOf, workflowRun } from '../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { TeamContext, workflowActor } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { Metrics, noMetrics } from '../shared/metrics';
import { UnitOfWork } from '../shared/unit-of-work';
import { EventDeliveryTrigger, FanOutEvents } from '../events/fan-out-events';
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
 * Dispatches the event log: runs the team's workflows of the deal events that have some (`deal.created`,
 * `deal.stage_changed`), and hands every event to the subscriptions that want it. Safe on several nodes at once: each
 * event is claimed by one node for a lease, a run is recorded once per event and workflow in the
 * transaction of its action, and an outcome is written only while its claim holds.
 * A failing workflow does not stop the others; the event is retried with back-off, and after the
 * last attempt its failing workflows are recorded as failed.
 */
export class DispatchDealEvents {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly outbox: EventOutbox,
    private readonly deals: DealRepository,
    private readonly workflows: WorkflowRepository,
    private readonly runs: WorkflowRunRepository,
    private readonly actions: WorkflowActions,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly metrics: Metrics = noMetrics,
    /** How long a claim holds its events (EVENT_LEASE_MS unless configured). */
    private readonly leaseMs: number = EVENT_LEASE_MS,
    /** Hands each event to the team's subscriptions, and wakes their deliverer. */
    private readonly subscribers?: { fanOut: FanOutEvents; deliverer: EventDeliveryTrigger },
  ) {}

  async execute(command: DispatchDealEventsCommand = {}): Promise<DispatchReport> {
    const report: DispatchReport = { claimed: 0, delivered: 0, retrying: 0 };
    const now = this.clock.now();
    const claimed = await this.outbox.claimDue(now, new Date(now.getTime() + this.leaseMs), command.limit ?? 50);
    report.claimed = claimed.length;
    const workflows = new Map<string, Promise<WorkflowData[]>>();
    const outcomes: LoggedEvent[] = [];
    try {
      for (const data of claimed) {
        const event = LoggedEvent.restore(data);
        const runsAs = workflowEventOf(event.type);
        const key = `${event.teamId}\u0000${runsAs}`;
        if (runsAs && !workflows.has(key)) workflows.set(key, this.workflows.listForEvent({ teamId: event.teamId }, runsAs));
        await this.deliver(event, runsAs, runsAs ? await workflows.get(key)! : []);
        outcomes.push(event);
      }
    } finally {
      // The outcomes of the batch in one commit. Those not written (this node died first) are taken
      // again after the lease, and the runs already recorded do not run again.
      // Every event dispatched goes to the subscriptions that want it, whatever its workflows did (once: a
      // second hand-out finds its deliveries made).
      let handedOut = 0;
      await this.uow.run(async () => {
        const saved: EventData[] = [];
        for (const event of outcomes) {
          if (!(await this.outbox.save(event.snapshot()))) continue;
          saved.push(event.snapshot());
          if (event.status === 'delivered') report.delivered += 1;
          else report.retrying += 1;
        }
        if (this.subscribers) handedOut = await this.subscribers.fanOut.run(saved);
      });
      if (handedOut > 0) this.subscribers?.deliverer.kick();
    }
    return report;
  }

  /** Runs the team's workflows of the event that have not run for it yet, and records the outcome on the event. */
  private async deliver(event: LoggedEvent, runsAs: WorkflowEvent | null, workflows: WorkflowData[]): Promise<void> {
    const team: TeamContext = { teamId: event.teamId };
    const done = workflows.length ? new Set((await this.runs.listByEvent(team, event.id)).map((r) => r.workflowId)) : new Set<string>();
    const pending = workflows.filter((w) => !done.has(w.id));
    const deal = pending.length ? ((await this.deals.findById(team, event.subjectId))?.deal ?? null) : null;
    const failures: { workflow: WorkflowData; error: string }[] = [];
    for (const workflow of pending) {
      try {
        await this.uow.run(async () => {
          if (!deal) throw new Error('The deal no longer exists');
          await this.act({ ...team, actor: workflowActor(workflow.id) }, workflow, deal);
          const run = workflowRun(
            this.ids.next(),
            workflow,
            { id: event.id, type: runsAs!, dealId: event.subjectId },
            { error: null },
            this.clock.now(),
          );
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
        if (
          await this.runs.record(
            workflowRun(this.ids.next(), f.workflow, { id: event.id, type: runsAs!, dealId: event.subjectId }, { error: f.error }, now),
          )
        ) {
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
  }

  private async act(team: TeamContext, workflow: WorkflowData, deal: DealData): Promise<void> {
    const c = workflow.config as Record<string, string | undefined>;
    if (workflow.action === 'create_activity') {
      await this.actions.createActivity(team, {
        title: c.title as string,
        type: c.type,
        description: c.description,
        dealId: deal.id,
        clientId: deal.clientId,
      });
    } else {
      await this.actions.createTask(team, {
        title: c.title as string,
        description: c.description,
        priority: c.priority,
        projectId: c.project_id ?? deal.projectId,
        dealId: deal.id,
      });
    }
  }
}
