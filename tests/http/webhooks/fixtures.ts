// Projects and pipelines for the webhook suites, written through the projects context's ports so
// these suites do not depend on the projects routes.
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { newDefaultPipeline } from '../../../application/projects/new-pipelines';
import { IdGenerator } from '../../../application/shared/id-generator';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { Runtime } from '../../../bootstrap/container';
import { TOKENS } from '../../../bootstrap/tokens';
import { ColumnInput, Pipeline, PipelineData } from '../../../domain/projects/pipeline';
import { PipelineRepository } from '../../../domain/projects/pipeline-repository';
import { Project } from '../../../domain/projects/project';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { StageRepository } from '../../../domain/projects/stage-repository';
import { HttpEnv } from '../../support/http';

export interface ProjectFixture {
  projectId: string;
  /** The default pipeline: novo, qualificado, proposta (open), ganho (won), perdido (lost). */
  pipeline: PipelineData;
}

export async function createProjectFixture(runtime: Runtime, teamId: string, name = 'Landing pages'): Promise<ProjectFixture> {
  const c = runtime.container;
  const ids = c.get<IdGenerator>(TOKENS.IdGenerator);
  const team = { teamId };
  return c.get<UnitOfWork>(TOKENS.UnitOfWork).run(async () => {
    const stages = await c.get<StageRepository>(PROJECT_TOKENS.StageRepository).listByTeam(team);
    const now = new Date();
    const project = Project.create(ids.next(), teamId, { name, slug: `p-${ids.next().slice(-12)}` }, stages[0], now);
    await c.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository).insert(project.snapshot());
    const pipeline = newDefaultPipeline(ids, teamId, project.id, now);
    await c.get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository).insert(pipeline);
    return { projectId: project.id, pipeline };
  });
}

export async function addPipeline(runtime: Runtime, teamId: string, projectId: string, columns: ColumnInput[]): Promise<PipelineData> {
  const c = runtime.container;
  const ids = c.get<IdGenerator>(TOKENS.IdGenerator);
  const pipeline = Pipeline.create(
    ids.next(),
    {
      teamId,
      projectId,
      name: 'Second board',
      slug: `b-${ids.next().slice(-12)}`,
      isDefault: false,
      columns,
      lossReasons: [],
    },
    new Date(),
  ).snapshot();
  await c.get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository).insert(pipeline);
  return pipeline;
}

export async function archiveProject(runtime: Runtime, teamId: string, projectId: string): Promise<void> {
  const repo = runtime.container.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository);
  const project = Project.restore((await repo.findById({ teamId }, projectId))!);
  project.archive(new Date());
  await repo.update(project.snapshot());
}

export interface CliResult {
  code: number;
  json: any;
  err: string;
}

/** Runs a `webhook …` operator command against the runtime, as `workspace-admin … --json` would. */
export async function webhookCli(runtime: Runtime, argv: string[]): Promise<CliResult> {
  const commands = operatorCommands(runtime.container, () => runtime);
  let out = '';
  let err = '';
  const code = await runCli([...argv, '--json'], commands, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
  });
  return { code, json: out ? JSON.parse(out) : null, err };
}

export interface EndpointFixture extends ProjectFixture {
  teamId: string;
  auth: { Authorization: string };
  webhook: any;
  secret: string;
  url: string;
}

/** A team, a project and an endpoint made through POST /webhooks (create_deal unless `body` says otherwise). */
export async function createEndpointFixture(env: HttpEnv, body: Record<string, unknown> = {}): Promise<EndpointFixture> {
  const team = await env.team();
  const project = await createProjectFixture(env.runtime, team.teamId);
  const res = await env.request
    .post('/api/v1/webhooks')
    .set(team.auth)
    .send({ name: 'Site', project_id: project.projectId, ...body });
  if (res.status !== 201) throw new Error(`POST /webhooks: ${res.status} ${JSON.stringify(res.body)}`);
  const webhook = res.body.data;
  return {
    teamId: team.teamId,
    auth: team.auth,
    ...project,
    webhook,
    secret: webhook.secret_token,
    url: `/api/v1/webhooks/inbound/${webhook.endpoint_id}`,
  };
}

/** Project leads and deals as the API lists them (newest last). */
export async function storedLeadsAndDeals(env: HttpEnv, f: EndpointFixture): Promise<{ leads: any[]; deals: any[] }> {
  const leads = await env.request.get(`/api/v1/projects/${f.projectId}/leads?sort=created_at&limit=100`).set(f.auth);
  const deals = await env.request.get(`/api/v1/deals?project_id=${f.projectId}&sort=created_at&limit=100`).set(f.auth);
  if (leads.status !== 200 || deals.status !== 200) throw new Error(`lists: ${leads.status} ${deals.status}`);
  return { leads: leads.body.data, deals: deals.body.data };
}
