import { CompanyData } from '../../../../domain/projects/company';
import { CompanyRepository } from '../../../../domain/projects/company-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { toBool, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const toRow = (c: CompanyData): Row => ({
  team_id: c.teamId,
  id: c.id,
  project_id: c.projectId,
  name: c.name,
  is_active: c.isActive,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

const fromRow = (r: Row): CompanyData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  projectId: r.project_id as string,
  name: r.name as string,
  isActive: toBool(r.is_active),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export class KnexCompanyRepository implements CompanyRepository {
  constructor(private readonly database: KnexDatabase) {}

  async findById(team: TeamContext, id: string): Promise<CompanyData | null> {
    const row = await this.database.db('project_companies').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = await this.database.db('project_companies').where({ id }).first<{ team_id: string } | undefined>('team_id');
    return row ? { teamId: row.team_id } : null;
  }

  async insert(company: CompanyData): Promise<void> {
    await this.database.db('project_companies').insert(toRow(company));
  }

  async update(company: CompanyData): Promise<void> {
    await this.database.db('project_companies').where({ team_id: company.teamId, id: company.id }).update(toRow(company));
  }
}
