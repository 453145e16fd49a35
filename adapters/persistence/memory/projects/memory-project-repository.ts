import { PROJECT_PRIORITY_RANK, ProjectData, ProjectView } from '../../../../domain/projects/project';
import { PROJECT_FIELD_FILTERS, ProjectFilter, ProjectRepository, ProjectSortField } from '../../../../domain/projects/project-repository';
import { SquadData } from '../../../../domain/projects/squad';
import { StageData } from '../../../../domain/projects/stage';
import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, matchesSearch, pageOf, SortValue } from '../shared/paging';

const sortValue = (p: ProjectView, field: string): SortValue =>
  field === 'name'
    ? p.name
    : field === 'stage_id'
      ? p.stage.position
      : field === 'priority'
        ? PROJECT_PRIORITY_RANK[p.priority]
        : field === 'start_date'
          ? p.startDate
          : field === 'due_date'
            ? p.dueDate
            : field === 'updated_at'
              ? p.updatedAt
              : p.createdAt;

export class MemoryProjectRepository implements ProjectRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<ProjectData>('projects');
  }

  async list(team: TeamContext, filter: ProjectFilter, query: ListQuery<ProjectSortField>): Promise<Page<ProjectView>> {
    const search = searchQueryOf(query.search);
    const rows = this.rows.filter(
      (p) =>
        p.teamId === team.teamId &&
        p.archivedAt === null &&
        matchesFields(p, filter, PROJECT_FIELD_FILTERS) &&
        (filter.stageIds === undefined || filter.stageIds.includes(p.stageId)) &&
        (filter.updatedSince === undefined || p.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([p.name, p.description])),
    );
    // Like the SQL join, a project whose stage is missing is not shown.
    const views = rows.map((p) => this.view(p)).filter((v): v is ProjectView => v !== null);
    return pageOf(views, query, sortValue);
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async findById(team: TeamContext, id: string): Promise<ProjectData | null> {
    const p = this.rows.get(id);
    return p && p.teamId === team.teamId ? p : null;
  }

  async findViewById(team: TeamContext, id: string): Promise<ProjectView | null> {
    const p = await this.findById(team, id);
    return p ? this.view(p) : null;
  }

  async findInternal(team: TeamContext): Promise<ProjectData | null> {
    return this.rows.filter((p) => p.teamId === team.teamId && p.isInternal).sort((a, b) => (a.id < b.id ? -1 : 1))[0] ?? null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = this.rows.get(id);
    return row ? { teamId: row.teamId } : null;
  }

  async slugsLike(team: TeamContext, base: string): Promise<string[]> {
    const suffixed = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`);
    return this.rows.filter((p) => p.teamId === team.teamId && (p.slug === base || suffixed.test(p.slug))).map((p) => p.slug);
  }

  async findBySlug(team: TeamContext, slug: string, exceptId?: string): Promise<ProjectData | null> {
    return this.rows.find((p) => p.teamId === team.teamId && p.slug === slug && p.id !== exceptId) ?? null;
  }

  async insert(project: ProjectData): Promise<void> {
    this.assertSlugFree(project);
    this.rows.set(project.id, project);
  }

  async update(project: ProjectData): Promise<void> {
    this.assertSlugFree(project);
    this.rows.set(project.id, project);
  }

  /** The unique key of the SQL schema. */
  private assertSlugFree(project: ProjectData): void {
    if (this.rows.find((p) => p.teamId === project.teamId && p.slug === project.slug && p.id !== project.id)) {
      throw new Duplicate('A project with this slug already exists', { field: 'slug' });
    }
  }

  private view(p: ProjectData): ProjectView | null {
    const stage = this.store.table<StageData>('project_stages').get(p.stageId);
    if (!stage || stage.teamId !== p.teamId) return null;
    const squad = p.squadId ? this.store.table<SquadData>('squads').get(p.squadId) : undefined;
    const client = p.clientId ? this.store.table<{ id: string; teamId: string; name: string }>('clients').get(p.clientId) : undefined;
    return {
      ...p,
      stage,
      squad: squad && squad.teamId === p.teamId ? { id: squad.id, name: squad.name } : null,
      client: client && client.teamId === p.teamId ? { id: client.id, name: client.name } : null,
    };
  }
}
