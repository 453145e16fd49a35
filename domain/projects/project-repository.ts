import { RecordLocks } from '../shared/record-locks';
import { FieldFilters, ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { ProjectData, ProjectPriority, ProjectView } from './project';

export const PROJECT_SORT_FIELDS = ['name', 'stage_id', 'priority', 'start_date', 'due_date', 'created_at', 'updated_at'] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];

export interface ProjectFilter extends UpdatedSince {
  squadId?: string;
  clientId?: string;
  /** A `status` filter resolved through the team's stages; an empty list matches nothing. */
  stageIds?: string[];
  priority?: ProjectPriority;
}

/** The project filters that hold one field to a value; `stageIds` is read apart. */
export const PROJECT_FIELD_FILTERS: FieldFilters<ProjectFilter, ProjectData> = {
  squadId: 'squadId',
  clientId: 'clientId',
  priority: 'priority',
};

/** Projects of a team. Lists leave archived projects out; lookups by id include them. */
export interface ProjectRepository extends RecordLocks {
  /** Not archived; `search` is a partial match in name and description. Priority sorts by rank. */
  list(team: TeamContext, filter: ProjectFilter, query: ListQuery<ProjectSortField>): Promise<Page<ProjectView>>;
  /** Archived ones too (see `archivedAt`). Other contexts use this for `{ id, name, archivedAt, isInternal }`. */
  findById(team: TeamContext, id: string): Promise<ProjectData | null>;
  /** With stage, squad and client, archived ones too. */
  findViewById(team: TeamContext, id: string): Promise<ProjectView | null>;
  findInternal(team: TeamContext): Promise<ProjectData | null>;
  /** The team a project belongs to, for operator commands that name only the project. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  /** Slugs of the team's projects (archived too) equal to `base` or of the form `base-N`. */
  slugsLike(team: TeamContext, base: string): Promise<string[]>;
  /** The project holding `slug`, other than `exceptId`. */
  findBySlug(team: TeamContext, slug: string, exceptId?: string): Promise<ProjectData | null>;
  insert(project: ProjectData): Promise<void>;
  update(project: ProjectData): Promise<void>;
}
