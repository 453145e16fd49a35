import { WorkflowEvent } from '../../../../domain/deals/workflow';
import { WorkflowData, WorkflowRunData } from '../../../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../../../domain/deals/workflow-repository';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { newestFirstPageOf } from '../shared/keyset';
import { MemoryStore } from '../shared/memory-store';

const byCreation = <T extends { createdAt: string; id: string }>(a: T, b: T) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class MemoryWorkflowRepository implements WorkflowRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<WorkflowData>('workflows');
  }

  async insert(workflow: WorkflowData): Promise<void> {
    this.rows.set(workflow.id, workflow);
  }

  async findById(team: TeamContext, id: string): Promise<WorkflowData | null> {
    const w = this.rows.get(id);
    return w && w.teamId === team.teamId ? w : null;
  }

  async listForEvent(team: TeamContext, event: WorkflowEvent): Promise<WorkflowData[]> {
    return this.rows.filter((w) => w.teamId === team.teamId && w.event === event && w.isActive).sort(byCreation);
  }
}

export class MemoryWorkflowRunRepository implements WorkflowRunRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<WorkflowRunData>('workflow_runs');
  }

  async record(run: WorkflowRunData): Promise<boolean> {
    if (this.rows.find((r) => r.teamId === run.teamId && r.eventId === run.eventId && r.workflowId === run.workflowId)) return false;
    this.rows.set(run.id, run);
    return true;
  }

  async listByEvent(team: TeamContext, eventId: string): Promise<WorkflowRunData[]> {
    return this.rows.filter((r) => r.teamId === team.teamId && r.eventId === eventId).sort(byCreation);
  }

  async list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowRunData>> {
    return newestFirstPageOf(
      this.rows.filter((r) => r.teamId === team.teamId),
      query,
      (r) => ({ at: r.createdAt, id: r.id }),
    );
  }
}
