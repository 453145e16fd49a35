import { lockRow } from '../shared/row-lock';
import { ProjectData, ProjectView } from '../../../../domain/projects/project';
import { PROJECT_FIELD_FILTERS, ProjectFilter, ProjectRepository, ProjectSortField } from '../../../../domain/projects/project-repository';
import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { orderBy, paginate, SortColumn, whereFields, whereSearchText } from '../shared/query';
import { isUniqueViolation, toBool, toIso, toIsoOrNull } from '../shared/rows';
import { stageFromRow } from './knex-stage-repository';

type Row = Record<string, unknown>;

const SORTS: Record<ProjectSortField, SortColumn> = {
  name: { column: 'p.name', kind: 'text' },
  // Stages sort in board order, which is also the order of their time-ordered ids for the defaults.
  stage_id: { column: 's.position' },
  priority: { column: "case p.priority when 'low' then 1 when 'medium' then 2 when 'high' then 3 when 'urgent' then 4 end", raw: true },
  start_date: { column: 'p.start_date' },
  due_date: { column: 'p.due_date' },
  created_at: { column: 'p.created_at', required: true },
  updated_at: { column: 'p.updated_at', required: true },
};

const STAGE_COLUMNS = [
  'id',
  'team_id',
  'name',
  'slug',
  'color',
  'position',
  'category',
  'is_initial',
  'is_done',
  'is_archived',
  'created_at',
  'updated_at',
];

/** docs/api.md "Search": name and description. */
const searchText = (p: ProjectData): string => searchTextOf([p.name, p.description]);

function toRow(p: ProjectData): Row {
  return {
    team_id: p.teamId,
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    stage_id: p.stageId,
    priority: p.priority,
    color: p.color,
    briefing: p.briefing,
    squad_id: p.squadId,
    client_id: p.clientId,
    start_date: p.startDate,
    due_date: p.dueDate,
    completed_at: p.completedAt,
    created_by: p.createdBy,
    is_internal: p.isInternal,
    archived_at: p.archivedAt,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    search_text: searchText(p),
  };
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));

function fromRow(r: Row): ProjectData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    name: r.name as string,
    slug: r.slug as string,
    description: text(r.description),
    stageId: r.stage_id as string,
    priority: r.priority as ProjectData['priority'],
    color: text(r.color),
    briefing: text(r.briefing),
    squadId: text(r.squad_id),
    clientId: text(r.client_id),
    startDate: text(r.start_date),
    dueDate: text(r.due_date),
    completedAt: toIsoOrNull(r.completed_at),
    createdBy: text(r.created_by),
    isInternal: toBool(r.is_internal),
    archivedAt: toIsoOrNull(r.archived_at),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

function viewFromRow(r: Row): ProjectView {
  const project = fromRow(r);
  return {
    ...project,
    stage: stageFromRow(r, 's_'),
    squad: project.squadId && r.squad_name != null ? { id: project.squadId, name: r.squad_name as string } : null,
    client: project.clientId && r.client_name != null ? { id: project.clientId, name: r.client_name as string } : null,
  };
}

export class KnexProjectRepository implements ProjectRepository {
  constructor(private readonly database: KnexDatabase) {}

  /** A project with its stage, squad and client in one query: one per page, never one per row. */
  private select() {
    return this.database
      .db('projects as p')
      .join('project_stages as s', (j) => j.on('s.team_id', 'p.team_id').andOn('s.id', 'p.stage_id'))
      .leftJoin('squads as q', (j) => j.on('q.team_id', 'p.team_id').andOn('q.id', 'p.squad_id'))
      .leftJoin('clients as c', (j) => j.on('c.team_id', 'p.team_id').andOn('c.id', 'p.client_id'))
      .select('p.*', ...STAGE_COLUMNS.map((c) => `s.${c} as s_${c}`), 'q.name as squad_name', 'c.name as client_name');
  }

  async list(team: TeamContext, filter: ProjectFilter, query: ListQuery<ProjectSortField>): Promise<Page<ProjectView>> {
    const qb = this.select().where('p.team_id', team.teamId).whereNull('p.archived_at');
    whereFields(qb, filter, PROJECT_FIELD_FILTERS, 'p');
    if (filter.updatedSince !== undefined) qb.andWhere('p.updated_at', '>=', filter.updatedSince);
    if (filter.stageIds !== undefined) {
      if (filter.stageIds.length === 0) qb.andWhereRaw('1 = 0');
      else qb.whereIn('p.stage_id', filter.stageIds);
    }
    whereSearchText(qb, this.database, { table: 'projects', alias: 'p' }, searchQueryOf(query.search));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending, 'p.id');
    return paginate(qb, query, viewFromRow);
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, 'projects', team, id);
  }

  async findById(team: TeamContext, id: string): Promise<ProjectData | null> {
    const row = await this.database.db('projects').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findViewById(team: TeamContext, id: string): Promise<ProjectView | null> {
    const row = await this.select().where('p.team_id', team.teamId).andWhere('p.id', id).first<Row | undefined>();
    return row ? viewFromRow(row) : null;
  }

  async findInternal(team: TeamContext): Promise<ProjectData | null> {
    const row = await this.database
      .db('projects')
      .where({ team_id: team.teamId, is_internal: true })
      .orderBy('id')
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.database.db('projects').where({ id }).first<{ team_id: string } | undefined>('team_id');
    return row ? { teamId: row.team_id } : null;
  }

  async slugsLike(team: TeamContext, base: string): Promise<string[]> {
    const rows = await this.database
      .db('projects')
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        w.where('slug', base).orWhere('slug', 'like', `${base}-%`);
      })
      .select('slug');
    const suffixed = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`);
    return rows.map((r: Row) => r.slug as string).filter((s: string) => s === base || suffixed.test(s));
  }

  async findBySlug(team: TeamContext, slug: string, exceptId?: string): Promise<ProjectData | null> {
    const qb = this.database.db('projects').where({ team_id: team.teamId, slug });
    if (exceptId) qb.andWhereNot({ id: exceptId });
    const row = await qb.first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async insert(project: ProjectData): Promise<void> {
    await this.write(() => this.database.db('projects').insert(toRow(project)));
  }

  async update(project: ProjectData): Promise<void> {
    await this.write(() => this.database.db('projects').where({ team_id: project.teamId, id: project.id }).update(toRow(project)));
  }

  /** A concurrent writer can take the slug between our check and our write: the unique key decides. */
  private async write(op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('A project with this slug already exists', { field: 'slug' });
      throw err;
    }
  }
}
