// Setup for the tasks, campaigns and activities HTTP suites: projects and pipelines are written through
// the projects context's ports (their own routes are not what these suites test).
import { expect } from 'chai';
import { IdGenerator } from '../../../application/shared/id-generator';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { TOKENS } from '../../../bootstrap/tokens';
import { ColumnInput, Pipeline } from '../../../domain/projects/pipeline';
import { PipelineRepository } from '../../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { StageRepository } from '../../../domain/projects/stage-repository';
import { HttpEnv, TestTeam } from '../../support/http';

const open = (slug: string): ColumnInput => ({ slug, title: slug, outcome: 'open' });

export interface Fixtures {
  /** A project of the team, with a default pipeline of these columns unless `columns` is null. */
  project(team: TestTeam, name: string, columns?: string[] | null): Promise<{ id: string; pipelineId: string | null }>;
  /** Another, non-default pipeline of the project. */
  pipeline(team: TestTeam, projectId: string, columns: string[]): Promise<string>;
  client(team: TestTeam, name?: string): Promise<string>;
  deal(team: TestTeam, title?: string): Promise<string>;
}

export function fixtures(env: () => HttpEnv): Fixtures {
  const get = <T>(token: symbol): T => env().runtime.container.get<T>(token);
  const ids = () => get<IdGenerator>(TOKENS.IdGenerator);
  let seq = 0;
  const insertPipeline = async (teamId: string, projectId: string, columns: string[], isDefault: boolean): Promise<string> => {
    const id = ids().next();
    await get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository).insert(
      Pipeline.create(
        id,
        {
          teamId,
          projectId,
          name: `Board ${++seq}`,
          slug: `board-${seq}`,
          isDefault,
          columns: columns.map(open),
          lossReasons: [],
        },
        new Date(),
      ).snapshot(),
    );
    return id;
  };
  return {
    async project(team, name, columns = ['todo', 'doing', 'done']) {
      const [stage] = await get<StageRepository>(PROJECT_TOKENS.StageRepository).listByTeam({ teamId: team.teamId });
      const id = ids().next();
      const at = new Date().toISOString();
      await get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository).insert({
        id,
        teamId: team.teamId,
        name,
        slug: `p-${id}`,
        description: null,
        stageId: stage.id,
        priority: 'medium',
        color: null,
        briefing: null,
        squadId: null,
        clientId: null,
        startDate: null,
        dueDate: null,
        completedAt: null,
        createdBy: null,
        isInternal: false,
        archivedAt: null,
        createdAt: at,
        updatedAt: at,
      });
      const pipelineId = columns === null ? null : await insertPipeline(team.teamId, id, columns, true);
      return { id, pipelineId };
    },
    pipeline: (team, projectId, columns) => insertPipeline(team.teamId, projectId, columns, false),
    async client(team, name = 'Maria') {
      const res = await env().request.post('/api/v1/clients').set(team.auth).send({ name, type: 'PF' });
      expect(res.status).to.equal(201);
      return res.body.data.id;
    },
    async deal(team, title = 'Website') {
      const res = await env().request.post('/api/v1/deals').set(team.auth).send({ title });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.data.id;
    },
  };
}
