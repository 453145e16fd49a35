import { StageData } from '../../../../domain/projects/stage';
import { StageRepository } from '../../../../domain/projects/stage-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

export const stageToRow = (s: StageData): Row => ({
  team_id: s.teamId,
  id: s.id,
  name: s.name,
  slug: s.slug,
  color: s.color,
  position: s.position,
  category: s.category,
  is_initial: s.isInitial,
  is_done: s.isDone,
  is_archived: s.isArchived,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

/** A stage row, its columns optionally prefixed (when joined to a project). */
export const stageFromRow = (r: Row, prefix = ''): StageData => ({
  id: r[`${prefix}id`] as string,
  teamId: r[`${prefix}team_id`] as string,
  name: r[`${prefix}name`] as string,
  slug: r[`${prefix}slug`] as string,
  color: (r[`${prefix}color`] as string | null) ?? null,
  position: Number(r[`${prefix}position`]),
  category: r[`${prefix}category`] as StageData['category'],
  isInitial: toBool(r[`${prefix}is_initial`]),
  isDone: toBool(r[`${prefix}is_done`]),
  isArchived: toBool(r[`${prefix}is_archived`]),
  createdAt: toIso(r[`${prefix}created_at`]),
  updatedAt: toIso(r[`${prefix}updated_at`]),
});

export class KnexStageRepository implements StageRepository {
  constructor(private readonly database: KnexDatabase) {}

  async listByTeam(team: TeamContext): Promise<StageData[]> {
    const rows = await this.database
      .db('project_stages')
      .where({ team_id: team.teamId })
      .orderBy([
        { column: 'position', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map((r: Row) => stageFromRow(r));
  }

  async insert(stage: StageData): Promise<void> {
    await this.database.db('project_stages').insert(stageToRow(stage));
  }
}
