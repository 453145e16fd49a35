import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { TeamContext } from '../shared/team';
import { WorkflowEvent } from './workflow';
import { WorkflowData, WorkflowRunData } from './workflow';

export interface WorkflowRepository {
  insert(workflow: WorkflowData): Promise<void>;
  findById(team: TeamContext, id: string): Promise<WorkflowData | null>;
  /** The team's active workflows for an event, oldest first. */
  listForEvent(team: TeamContext, event: WorkflowEvent): Promise<WorkflowData[]>;
}

export interface WorkflowRunRepository {
  /**
   * Records a run unless one already exists for this event and workflow (unique in storage), so
   * an event's workflow runs once even when two dispatchers race. Returns whether it was recorded.
   */
  record(run: WorkflowRunData): Promise<boolean>;
  listByEvent(team: TeamContext, eventId: string): Promise<WorkflowRunData[]>;
  /** Newest first (created_at, then id). */
  list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowRunData>>;
}
