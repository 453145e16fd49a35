import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { TeamContext } from '../shared/team';
import { WorkflowEvent } from './workflow';
import { WorkflowData, WorkflowRunData } from './workflow';

/**
 * A team's workflows. A deleted workflow is gone for every method here (found, listed, run), but its row is
 * kept: the runs it made name it (docs/decisions.md: Deleted workflows).
 */
export interface WorkflowRepository {
  insert(workflow: WorkflowData): Promise<void>;
  findById(team: TeamContext, id: string): Promise<WorkflowData | null>;
  /** The team's active workflows for an event, oldest first. */
  listForEvent(team: TeamContext, event: WorkflowEvent): Promise<WorkflowData[]>;
  /** The team's workflows, active or not, newest first (created_at, then id). */
  list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowData>>;
  /** Deletes the team's workflow as of `at` (an ISO time); whether there was one, not deleted before. */
  delete(team: TeamContext, id: string, at: string): Promise<boolean>;
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
