// The one place that decides which deals a request may see (spec 4.1 scope rules): with
// `project_id`, that project's deals; with only `pipeline_id`, the scope of that pipeline;
// with neither, the legacy global deals.
import { DealView } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { Memo, Memos } from '../shared/memo';

export type DealScopeSelection = { scope: 'global' } | { scope: 'project'; projectId: string; pipelineId?: string };

export interface DealScopeQuery {
  projectId?: string;
  pipelineId?: string;
}

/** Team and project pairs remembered at most; past it the one used longest ago is let go. */
const KNOWN_PROJECTS = 10_000;

export class DealScopeResolver {
  /**
   * Projects found, as `team project`. A project is never deleted (DELETE /projects answers 405, archiving
   * keeps it), so one found in a team stays there: the board a user opens first reads it once per process
   * (the requests that ask for it together share that read). One not found is never remembered.
   */
  private readonly known: Memo<boolean>;

  constructor(
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    memos: Memos,
  ) {
    this.known = memos.make<boolean>({ capacity: KNOWN_PROJECTS, remember: (found) => (found ? true : null) });
  }

  private async hasProject(team: TeamContext, projectId: string): Promise<boolean> {
    const key = `${team.teamId} ${projectId}`;
    if (this.known.get(key)) return true;
    return this.known.through(key, async () => !!(await this.projects.findById(team, projectId)));
  }

  async resolve(team: TeamContext, q: DealScopeQuery): Promise<DealScopeSelection> {
    if (q.projectId !== undefined) {
      if (!(await this.hasProject(team, q.projectId))) throw new NotFound('Project not found', 'project_id');
      if (q.pipelineId === undefined) return { scope: 'project', projectId: q.projectId };
      const pipeline = await this.pipelines.findById(team, q.pipelineId);
      if (!pipeline || pipeline.projectId !== q.projectId) throw new NotFound('Pipeline not found', 'pipeline_id');
      return { scope: 'project', projectId: q.projectId, pipelineId: q.pipelineId };
    }
    if (q.pipelineId !== undefined) {
      const pipeline = await this.pipelines.findById(team, q.pipelineId);
      if (!pipeline) throw new NotFound('Pipeline not found', 'pipeline_id');
      // The legacy global pipeline holds every global deal: no narrower filter applies.
      if (pipeline.projectId === null) return { scope: 'global' };
      return { scope: 'project', projectId: pipeline.projectId, pipelineId: pipeline.id };
    }
    return { scope: 'global' };
  }

  /** Whether a deal read by id lies in the selected scope (any pipeline of the selected project). */
  static contains(selection: DealScopeSelection, view: DealView): boolean {
    const d = view.deal;
    if (selection.scope === 'global') return d.scope === 'global';
    return d.scope === 'project' && d.projectId === selection.projectId;
  }
}
