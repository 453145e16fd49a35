import Router from '@koa/router';
import { CreateLead } from '../../../application/projects/create-lead';
import { CreateProject, CreateProjectInput } from '../../../application/projects/create-project';
import { GetProject } from '../../../application/projects/get-project';
import { LeadInput, checkLeadInput } from '../../../application/projects/lead-intake';
import { ListLeads } from '../../../application/projects/list-leads';
import { ListProjectPipelines } from '../../../application/projects/list-project-pipelines';
import { ListProjects } from '../../../application/projects/list-projects';
import { UpdateProject, UpdateProjectInput } from '../../../application/projects/update-project';
import { LEAD_SORT_FIELDS } from '../../../domain/projects/lead-repository';
import { PROJECT_PRIORITIES } from '../../../domain/projects/project';
import { PROJECT_SORT_FIELDS } from '../../../domain/projects/project-repository';
import { PROJECT_STATUSES } from '../../../domain/projects/stage';
import { MethodNotAllowed, Unprocessable } from '../../../domain/shared/errors';
import { isUuid } from '../../../domain/shared/values';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryEnum, queryUuid, queryValue, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { presentLead } from './present-lead';
import { presentPipeline } from './present-pipeline';
import { presentProject } from './present-project';
import {
  LEAD_BODY_FIELDS, UPDATABLE_PROJECT_FIELDS, createLeadSchema, createProjectSchema, updateProjectSchema,
} from './project-schemas';

export interface ProjectUseCases {
  list: ListProjects;
  create: CreateProject;
  get: GetProject;
  update: UpdateProject;
  listPipelines: ListProjectPipelines;
  listLeads: ListLeads;
  createLead: CreateLead;
}

const pick = (body: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));

/** The lead list refuses a bad `is_active` or `company_id` with 422, as the spec says (not 400). */
const leadFilterOf = (ctx: Ctx) => {
  const active = queryValue(ctx, 'is_active');
  if (active !== undefined && active !== 'true' && active !== 'false') {
    throw new Unprocessable('is_active must be true or false', 'is_active');
  }
  const companyId = queryValue(ctx, 'company_id');
  if (companyId !== undefined && !isUuid(companyId)) throw new Unprocessable('company_id must be a UUID', 'company_id');
  return { isActive: active === undefined ? undefined : active === 'true', companyId };
};

export function projectRoutes(uc: ProjectUseCases): RouteModule {
  const parseCreate = validator<CreateProjectInput>(createProjectSchema);
  const parseUpdate = validator<UpdateProjectInput>(updateProjectSchema);
  const parseLead = validator<LeadInput>(createLeadSchema);
  const router = new Router();

  router.get('/projects', async (ctx: Ctx) => {
    const query = listQuery(ctx, { sortable: PROJECT_SORT_FIELDS });
    const filter = {
      squad_id: queryUuid(ctx, 'squad_id'),
      client_id: queryUuid(ctx, 'client_id'),
      status: queryEnum(ctx, 'status', PROJECT_STATUSES),
      priority: queryEnum(ctx, 'priority', PROJECT_PRIORITIES),
    };
    ctx.body = many(await uc.list.execute(teamOf(ctx), filter, query), query, presentProject);
  });

  router.post('/projects', async (ctx: Ctx) => {
    const input = parseCreate(ctx.request.body);
    ctx.status = 201;
    ctx.body = one(presentProject(await uc.create.execute(teamOf(ctx), input)));
  });

  router.get('/projects/:id', async (ctx: Ctx) => {
    ctx.body = one(presentProject(await uc.get.execute(teamOf(ctx), pathId(ctx))));
  });

  router.put('/projects/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const input = parseUpdate(ctx.request.body);
    requireSomeField(input as Record<string, unknown>, UPDATABLE_PROJECT_FIELDS);
    ctx.body = one(presentProject(await uc.update.execute(teamOf(ctx), id, input)));
  });

  router.delete('/projects/:id', async () => {
    throw new MethodNotAllowed('Projects cannot be deleted through the API; archiving needs an administrator');
  });

  router.get('/projects/:id/pipelines', async (ctx: Ctx) => {
    const pipelines = await uc.listPipelines.execute(teamOf(ctx), pathId(ctx));
    ctx.body = one(pipelines.map(presentPipeline));
  });

  router.get('/projects/:id/leads', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const query = listQuery(ctx, { sortable: LEAD_SORT_FIELDS });
    ctx.body = many(await uc.listLeads.execute(teamOf(ctx), id, leadFilterOf(ctx), query), query, presentLead);
  });

  router.post('/projects/:id/leads', async (ctx: Ctx) => {
    // The body is checked before the project is looked up: a bad body is 400 even for an unknown project.
    const body = parseLead(ctx.request.body);
    const input = pick(body as unknown as Record<string, unknown>, LEAD_BODY_FIELDS) as unknown as LeadInput;
    checkLeadInput(input);
    const id = pathId(ctx);
    ctx.status = 201;
    ctx.body = one(presentLead(await uc.createLead.execute(teamOf(ctx), id, input)));
  });

  return { keyed: router };
}
