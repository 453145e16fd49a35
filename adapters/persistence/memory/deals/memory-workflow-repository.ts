import { WorkflowEvent } from '../../../../domain/deals/workflow';
import { WorkflowData, WorkflowRunData } from '../../../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../../../domain/deals/workflow-repository';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { newestFirstPageOf } from '../shared/keyset';
import { MemoryStore } from '../shared/memory-store';

const byCreation = <T extends { createdAt: string; id: string }>(a: T, b: T) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** A stored workflow: its data, and when it was deleted (the row is kept for the runs that name it). */
type StoredWorkflow = WorkflowData & { deletedAt?: string };

const dataOf = ({ deletedAt: _, ...data }: StoredWorkflow): WorkflowData => data;

export class MemoryWorkflowRepository implements WorkflowRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<StoredWorkflow>('workflows');
  }

  /** The team's workflows that are not deleted. */
  private ofTeam(team: TeamContext): StoredWorkflow[] {
    return this.rows.filter((w) => w.teamId === team.teamId && w.deletedAt === undefined);
  }

  async insert(workflow: WorkflowData): Promise<void> {
    this.rows.set(workflow.id, workflow);
  }

  async findById(team: TeamContext, id: string): Promise<WorkflowData | null> {
    const w = this.rows.get(id);
    return w && w.teamId === team.teamId && w.deletedAt === undefined ? dataOf(w) : null;
  }

  async listForEvent(team: TeamContext, event: WorkflowEvent): Promise<WorkflowData[]> {
    return this.ofTeam(team)
      .filter((w) => w.event === event && w.isActive)
      .sort(byCreation)
      .map(dataOf);
  }

  async list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowData>> {
    const page = newestFirstPageOf(this.ofTeam(team), query, (w) => ({ at: w.createdAt, id: w.id }));
    return { ...page, items: page.items.map(dataOf) };
  }

  async delete(team: TeamContext, id: string, at: string): Promise<boolean> {
    const w = this.rows.get(id);
    if (!w || w.teamId !== team.teamId || w.deletedAt !== undefined) return false;
    this.rows.set(id, { ...w, isActive: false, updatedAt: at, deletedAt: at });
    return true;
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
