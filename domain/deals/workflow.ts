// A team's automation: on a deal event, run one action (create an activity or a task for the deal).
import { ValidationFailed } from '../shared/errors';
import { isUuid } from '../shared/values';
// The actions respect the activity types and task priorities that those contexts own.
import { ACTIVITY_TYPES } from '../activities/activity';
import { TASK_PRIORITIES } from '../tasks/task';
import { EventType } from '../events/event';

/** The deal events a workflow can run on, by their workflow names (docs/decisions.md), and the log's event of each. */
export const WORKFLOW_EVENTS = ['deal_created', 'deal_stage_changed'] as const;
export type WorkflowEvent = (typeof WORKFLOW_EVENTS)[number];
const LOGGED_AS: Record<WorkflowEvent, EventType> = { deal_created: 'deal.created', deal_stage_changed: 'deal.stage_changed' };

export const isWorkflowEvent = (v: unknown): v is WorkflowEvent =>
  typeof v === 'string' && (WORKFLOW_EVENTS as readonly string[]).includes(v);

/** The workflow event that runs on an event of the log, if any. */
export const workflowEventOf = (type: EventType): WorkflowEvent | null => WORKFLOW_EVENTS.find((w) => LOGGED_AS[w] === type) ?? null;

export const WORKFLOW_ACTIONS = ['create_activity', 'create_task'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export interface WorkflowData {
  id: string;
  teamId: string;
  event: WorkflowEvent;
  action: WorkflowAction;
  config: Record<string, unknown>;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export const isWorkflowAction = (v: unknown): v is WorkflowAction =>
  typeof v === 'string' && (WORKFLOW_ACTIONS as readonly string[]).includes(v);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const optionalText = (config: Record<string, unknown>, key: string): void => {
  if (config[key] !== undefined && typeof config[key] !== 'string') {
    throw new ValidationFailed(`config.${key} must be a string`, `config.${key}`);
  }
};

const optionalEnum = (config: Record<string, unknown>, key: string, values: readonly string[]): void => {
  const v = config[key];
  if (v !== undefined && !(typeof v === 'string' && values.includes(v))) {
    throw new ValidationFailed(`config.${key} must be one of ${values.join(', ')}`, `config.${key}`);
  }
};

/** Checks an action's config (docs/decisions.md: workflow action configs) and keeps only the known keys. */
export const parseWorkflowConfig = (action: WorkflowAction, config: unknown): Record<string, unknown> => {
  if (!isObject(config)) throw new ValidationFailed('config must be a JSON object', 'config');
  if (typeof config.title !== 'string' || !config.title.trim()) {
    throw new ValidationFailed('config.title is required', 'config.title');
  }
  optionalText(config, 'description');
  const keys = action === 'create_activity' ? ['title', 'type', 'description'] : ['title', 'description', 'priority', 'project_id'];
  if (action === 'create_activity') optionalEnum(config, 'type', ACTIVITY_TYPES);
  else {
    optionalEnum(config, 'priority', TASK_PRIORITIES);
    if (config.project_id !== undefined && !isUuid(config.project_id)) {
      throw new ValidationFailed('config.project_id must be a UUID', 'config.project_id');
    }
  }
  const out: Record<string, unknown> = { title: config.title.trim() };
  for (const k of keys) if (k !== 'title' && config[k] !== undefined) out[k] = config[k];
  return out;
};

export class Workflow {
  private constructor(private data: WorkflowData) {}

  static create(id: string, teamId: string, input: { event: unknown; action: unknown; config: unknown }, now: Date): Workflow {
    if (!isWorkflowEvent(input.event)) {
      throw new ValidationFailed(`event must be one of ${WORKFLOW_EVENTS.join(', ')}`, 'event');
    }
    if (!isWorkflowAction(input.action)) {
      throw new ValidationFailed(`action must be one of ${WORKFLOW_ACTIONS.join(', ')}`, 'action');
    }
    const at = now.toISOString();
    return new Workflow({
      id,
      teamId,
      event: input.event,
      action: input.action,
      config: parseWorkflowConfig(input.action, input.config),
      isActive: true,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: WorkflowData): Workflow {
    return new Workflow({ ...data, config: { ...data.config } });
  }

  get id(): string {
    return this.data.id;
  }
  get event(): WorkflowEvent {
    return this.data.event;
  }
  get action(): WorkflowAction {
    return this.data.action;
  }

  snapshot(): WorkflowData {
    return { ...this.data, config: { ...this.data.config } };
  }

  /** Whether this workflow reacts to that event. */
  handles(event: WorkflowEvent): boolean {
    return this.data.isActive && this.data.event === event;
  }
}

export type WorkflowRunStatus = 'succeeded' | 'failed';

/** One workflow run for one event: recorded once, when it succeeded or when it failed for good. */
export interface WorkflowRunData {
  id: string;
  teamId: string;
  workflowId: string;
  eventId: string;
  event: WorkflowEvent;
  entityId: string;
  status: WorkflowRunStatus;
  error: string | null;
  createdAt: string;
}

export const workflowRun = (
  id: string,
  workflow: WorkflowData,
  event: { id: string; type: WorkflowEvent; dealId: string },
  outcome: { error: string | null },
  now: Date,
): WorkflowRunData => ({
  id,
  teamId: workflow.teamId,
  workflowId: workflow.id,
  eventId: event.id,
  event: event.type,
  entityId: event.dealId,
  status: outcome.error === null ? 'succeeded' : 'failed',
  error: outcome.error,
  createdAt: now.toISOString(),
});
