import { ColumnInput, Pipeline, PipelineData, buildLossReasons } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { uniqueSlug } from '../../domain/projects/slug';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { nextIds } from './new-pipelines';

export interface CreatePipelineCommand {
  projectId: string;
  name: string;
  columns: ColumnInput[];
  lossReasons?: { name: string }[];
}

/**
 * The operator's extra pipeline for a project (the default one comes with the project). It names
 * only the project: the team is the project's own. Its slug is unique among the project's pipelines.
 */
export class CreatePipeline {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreatePipelineCommand): Promise<PipelineData> {
    if (!Array.isArray(command.columns)) throw new ValidationFailed('columns must be a list', 'columns');
    const reasons = command.lossReasons ?? [];
    if (!Array.isArray(reasons) || reasons.some((r) => !r || typeof r !== 'object')) {
      throw new ValidationFailed('loss reasons must be a list of { name }', 'loss_reasons');
    }
    return this.uow.run(async () => {
      const team = await this.projects.findTeamOf(command.projectId);
      const found = team && (await this.projects.findById(team, command.projectId));
      if (!team || !found) throw new NotFound('Project not found', 'project');
      Project.restore(found).assertWritable();
      const existing = await this.pipelines.listByProject(team, found.id);
      const pipeline = Pipeline.create(
        this.ids.next(),
        {
          teamId: team.teamId,
          projectId: found.id,
          name: command.name,
          slug: uniqueSlug(
            command.name ?? '',
            existing.map((p) => p.slug),
            'pipeline',
          ),
          isDefault: existing.length === 0,
          columns: command.columns,
          lossReasons: buildLossReasons(
            nextIds(this.ids, reasons.length),
            reasons.map((r) => r.name),
          ),
        },
        this.clock.now(),
      );
      await this.pipelines.insert(pipeline.snapshot());
      const def = existing.find((p) => p.isDefault);
      return { ...pipeline.snapshot(), lossReasons: pipeline.effectiveLossReasons(def ? Pipeline.restore(def) : null) };
    });
  }
}
