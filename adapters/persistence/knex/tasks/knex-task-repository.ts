import { lockRow } from '../shared/row-lock';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { TaskData } from '../../../../domain/tasks/task';
import { TASK_FIELD_FILTERS, TaskFilter, TaskRepository, TaskSortField } from '../../../../domain/tasks/task-repository';
import { KeptCounts, forUpdate, idKey } from '../shared/kept-counts';
import { KnexDatabase } from '../shared/knex-database';
import { orderBy, paginate, SortColumn, whereFields, whereSearchText } from '../shared/query';
import { fromJson, toIso, toIsoOrNull, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const SORTS: Record<TaskSortField, SortColumn> = {
  title: { column: 'title', kind: 'text' },
  // By rank, not alphabetically: none < low < medium < high < urgent.
  priority: {
    column: "case priority when 'none' then 0 when 'low' then 1 when 'medium' then 2 when 'high' then 3 when 'urgent' then 4 end",
    raw: true,
  },
  due_date: { column: 'due_date' },
  position: { column: 'position' },
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
  completed_at: { column: 'completed_at' },
};

/** docs/api.md "Search": title and description. */
const searchText = (t: TaskData): string => searchTextOf([t.title, t.description]);

function toRow(t: TaskData): Row {
  return {
    team_id: t.teamId,
    id: t.id,
    project_id: t.projectId,
    pipeline_id: t.pipelineId,
    column_slug: t.column,
    title: t.title,
    description: t.description,
    priority: t.priority,
    assignee_id: t.assigneeId,
    assignee_ids: JSON.stringify(t.assigneeIds),
    reporter_id: t.reporterId,
    due_date: t.dueDate,
    estimated_hours: t.estimatedHours,
    actual_hours: t.actualHours,
    position: t.position,
    tags: JSON.stringify(t.tags),
    checklist_markdown: t.checklistMarkdown,
    completed_at: t.completedAt,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    deleted_at: t.deletedAt,
    search_text: searchText(t),
  };
}

const text = (v: unknown): string | null => (v as string | null) ?? null;

function fromRow(r: Row): TaskData {
  const assigneeIds = fromJson<string[]>(r.assignee_ids, []);
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    projectId: r.project_id as string,
    pipelineId: text(r.pipeline_id),
    column: r.column_slug as string,
    title: r.title as string,
    description: text(r.description),
    priority: r.priority as TaskData['priority'],
    assigneeIds,
    assigneeId: assigneeIds[0] ?? null,
    reporterId: text(r.reporter_id),
    dueDate: text(r.due_date),
    estimatedHours: toNumberOrNull(r.estimated_hours),
    actualHours: toNumberOrNull(r.actual_hours),
    position: Number(r.position),
    tags: fromJson<string[]>(r.tags, []),
    checklistMarkdown: text(r.checklist_markdown),
    completedAt: toIsoOrNull(r.completed_at),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    deletedAt: toIsoOrNull(r.deleted_at),
  };
}

/** The row of `task_counts` a live task is counted in: the team's list, a project's, a pipeline's. */
type CountKey = { team_id: string; project_key: string; pipeline_key: string };

/** A soft-deleted task is in no list, so in no count. */
const countKeyOf = (t: { teamId: string; projectId: string; pipelineId: string | null; deletedAt: unknown }): CountKey | null =>
  t.deletedAt === null ? { team_id: t.teamId, project_key: idKey(t.projectId), pipeline_key: idKey(t.pipelineId) } : null;

export class KnexTaskRepository implements TaskRepository {
  private readonly counts: KeptCounts<CountKey>;

  constructor(private readonly database: KnexDatabase) {
    this.counts = new KeptCounts(database, 'task_counts', ['team_id', 'project_key', 'pipeline_key']);
  }

  async listActive(team: TeamContext, filter: TaskFilter, query: ListQuery<TaskSortField>): Promise<Page<TaskData>> {
    const db = this.database.db;
    const qb = db('tasks').where({ team_id: team.teamId }).whereNull('deleted_at');
    whereFields(qb, filter, TASK_FIELD_FILTERS);
    if (filter.column !== undefined) qb.andWhere({ column_slug: filter.column });
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    if (filter.assigneeId !== undefined) {
      const assigneeId = filter.assigneeId;
      qb.whereExists((s) => {
        s.select(db.raw('1'))
          .from('task_assignees as ta')
          .whereRaw('ta.team_id = tasks.team_id and ta.task_id = tasks.id')
          .andWhere('ta.assignee_id', assigneeId);
      });
    }
    whereSearchText(qb, this.database, { table: 'tasks' }, searchQueryOf(query.search));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow, await this.keptTotal(team, filter, query));
  }

  /**
   * The total from the kept counts when the list filters by project and pipeline at most; otherwise
   * undefined, and the rows are counted (an index on the team, the deletion and the filter columns
   * answers every filter but the assignee and the search without reading a row).
   */
  private async keptTotal(team: TeamContext, filter: TaskFilter, query: ListQuery<TaskSortField>): Promise<number | undefined> {
    const { projectId, pipelineId, ...others } = filter;
    if (searchQueryOf(query.search) || Object.values(others).some((v) => v !== undefined)) return undefined;
    return this.counts.total({
      team_id: team.teamId,
      ...(projectId !== undefined ? { project_key: idKey(projectId) } : {}),
      ...(pipelineId !== undefined ? { pipeline_key: idKey(pipelineId) } : {}),
    });
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, 'tasks', team, id);
  }

  async findById(team: TeamContext, id: string): Promise<TaskData | null> {
    const row = await this.database.db('tasks').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.database.db('tasks').where({ id }).first<{ team_id: string } | undefined>('team_id');
    return row ? { teamId: row.team_id } : null;
  }

  async insert(task: TaskData): Promise<void> {
    await this.database.transaction(async () => {
      await this.database.db('tasks').insert(toRow(task));
      await this.writeAssignees(task);
      await this.counts.move(null, countKeyOf(task));
    });
  }

  async update(task: TaskData): Promise<void> {
    await this.database.transaction(async () => {
      const where = { team_id: task.teamId, id: task.id };
      const before = this.database.db('tasks').where(where).first('project_id', 'pipeline_id', 'deleted_at');
      const old = await forUpdate<Row | undefined>(this.database, before);
      await this.database.db('tasks').where(where).update(toRow(task));
      await this.database.db('task_assignees').where({ team_id: task.teamId, task_id: task.id }).delete();
      await this.writeAssignees(task);
      if (!old) return;
      const from = countKeyOf({
        teamId: task.teamId,
        projectId: old.project_id as string,
        pipelineId: old.pipeline_id as string | null,
        deletedAt: old.deleted_at,
      });
      await this.counts.move(from, countKeyOf(task));
    });
  }

  private async writeAssignees(task: TaskData): Promise<void> {
    if (task.assigneeIds.length === 0) return;
    await this.database
      .db('task_assignees')
      .insert(task.assigneeIds.map((assigneeId) => ({ team_id: task.teamId, task_id: task.id, assignee_id: assigneeId })));
  }
}
