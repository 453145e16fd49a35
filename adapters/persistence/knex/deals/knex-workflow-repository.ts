import { WorkflowEvent } from '../../../../domain/deals/workflow';
import { WorkflowAction, WorkflowData, WorkflowRunData, WorkflowRunStatus } from '../../../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../../../domain/deals/workflow-repository';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { newestFirstPage } from '../shared/keyset';
import { fromJson, toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const workflowFromRow = (r: Row): WorkflowData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  event: r.event as WorkflowEvent,
  action: r.action as WorkflowAction,
  config: fromJson<Record<string, unknown>>(r.config, {}),
  isActive: toBool(r.is_active),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

const runFromRow = (r: Row): WorkflowRunData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  workflowId: r.workflow_id as string,
  eventId: r.event_id as string,
  event: r.event as WorkflowEvent,
  entityId: r.entity_id as string,
  status: r.status as WorkflowRunStatus,
  error: (r.error as string | null) ?? null,
  createdAt: toIso(r.created_at),
});

export class KnexWorkflowRepository implements WorkflowRepository {
  constructor(private readonly database: KnexDatabase) {}

  async insert(w: WorkflowData): Promise<void> {
    await this.database.db('workflows').insert({
      team_id: w.teamId,
      id: w.id,
      event: w.event,
      action: w.action,
      config: JSON.stringify(w.config),
      is_active: w.isActive,
      created_at: w.createdAt,
      updated_at: w.updatedAt,
    });
  }

  /** The team's workflows that are not deleted. */
  private ofTeam(team: TeamContext) {
    return this.database.db('workflows').where({ team_id: team.teamId }).whereNull('deleted_at');
  }

  async findById(team: TeamContext, id: string): Promise<WorkflowData | null> {
    const row = await this.ofTeam(team).where({ id }).first<Row | undefined>();
    return row ? workflowFromRow(row) : null;
  }

  async listForEvent(team: TeamContext, event: WorkflowEvent): Promise<WorkflowData[]> {
    const rows = await this.ofTeam(team)
      .where({ event, is_active: true })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(workflowFromRow);
  }

  list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowData>> {
    return newestFirstPage(this.ofTeam(team), 'created_at', query, workflowFromRow);
  }

  async delete(team: TeamContext, id: string, at: string): Promise<boolean> {
    const changed = await this.ofTeam(team).where({ id }).update({ deleted_at: at, is_active: false, updated_at: at });
    return changed > 0;
  }
}

export class KnexWorkflowRunRepository implements WorkflowRunRepository {
  constructor(private readonly database: KnexDatabase) {}

  async record(run: WorkflowRunData): Promise<boolean> {
    const inserted = await this.database
      .db('workflow_runs')
      .insert({
        team_id: run.teamId,
        id: run.id,
        workflow_id: run.workflowId,
        event_id: run.eventId,
        event: run.event,
        entity_id: run.entityId,
        status: run.status,
        error: run.error,
        created_at: run.createdAt,
      })
      .onConflict(['team_id', 'event_id', 'workflow_id'])
      .ignore()
      .returning(['id']);
    return (inserted as unknown[]).length === 1;
  }

  async listByEvent(team: TeamContext, eventId: string): Promise<WorkflowRunData[]> {
    const rows = await this.database
      .db('workflow_runs')
      .where({ team_id: team.teamId, event_id: eventId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(runFromRow);
  }

  list(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WorkflowRunData>> {
    return newestFirstPage(this.database.db('workflow_runs').where({ team_id: team.teamId }), 'created_at', query, runFromRow);
  }
}
