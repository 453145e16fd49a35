import { LossReason, PipelineColumn, PipelineData } from '../../../../domain/projects/pipeline';
import { PipelineRepository } from '../../../../domain/projects/pipeline-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const toRow = (p: PipelineData): Row => ({
  team_id: p.teamId,
  id: p.id,
  project_id: p.projectId,
  name: p.name,
  slug: p.slug,
  is_default: p.isDefault,
  columns: JSON.stringify(p.columns),
  loss_reasons: JSON.stringify(p.lossReasons),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

const fromRow = (r: Row): PipelineData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  projectId: (r.project_id as string | null) ?? null,
  name: r.name as string,
  slug: r.slug as string,
  isDefault: toBool(r.is_default),
  columns: fromJson<PipelineColumn[]>(r.columns, []).sort((a, b) => a.position - b.position),
  lossReasons: fromJson<LossReason[]>(r.loss_reasons, []),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export class KnexPipelineRepository implements PipelineRepository {
  constructor(private readonly database: KnexDatabase) {}

  async findById(team: TeamContext, id: string): Promise<PipelineData | null> {
    const row = await this.database.db('pipelines').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async listByProject(team: TeamContext, projectId: string): Promise<PipelineData[]> {
    const rows = await this.database
      .db('pipelines')
      .where({ team_id: team.teamId, project_id: projectId })
      .orderByRaw('case when is_default then 0 else 1 end')
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }

  async findDefaultForProject(team: TeamContext, projectId: string): Promise<PipelineData | null> {
    const row = await this.database
      .db('pipelines')
      .where({ team_id: team.teamId, project_id: projectId, is_default: true })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findGlobal(team: TeamContext): Promise<PipelineData | null> {
    const row = await this.database
      .db('pipelines')
      .where({ team_id: team.teamId })
      .whereNull('project_id')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async insert(pipeline: PipelineData): Promise<void> {
    await this.database.db('pipelines').insert(toRow(pipeline));
  }
}
