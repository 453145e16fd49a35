import { CreateLead } from '../../../application/projects/create-lead';
import { CreateProject, CreateProjectCommand } from '../../../application/projects/create-project';
import { GetProject } from '../../../application/projects/get-project';
import { ListLeads } from '../../../application/projects/list-leads';
import { ListProjectPipelines } from '../../../application/projects/list-project-pipelines';
import { ListProjects } from '../../../application/projects/list-projects';
import { UpdateProject } from '../../../application/projects/update-project';
import { UpsertLeads } from '../../../application/projects/upsert-leads';
import { IdempotentBatches } from '../../../application/shared/idempotent-batches';
import { parseIdempotencyKey } from '../../../domain/deals/idempotency';
import { LEAD_SORT_FIELDS } from '../../../domain/projects/lead-repository';
import { PROJECT_PRIORITIES } from '../../../domain/projects/project';
import { PROJECT_SORT_FIELDS } from '../../../domain/projects/project-repository';
import { PROJECT_STATUSES } from '../../../domain/projects/stage';
import { MethodNotAllowed } from '../shared/http-errors';
import { RouteModule } from '../app';
import {
  IDEMPOTENCY_KEY_HEADER,
  answerBatchWrite,
  batchBodySchema,
  batchResultSchema,
  idempotencyKeyParameter,
  itemReader,
  onDuplicateOf,
} from '../shared/batch';
import { Type, camelKeys, changesOf, pick } from '../shared/body';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { leadSchema, presentLead } from './present-lead';
import { pipelineSchema, presentPipeline } from './present-pipeline';
import { presentProject, projectSchema } from './present-project';
import {
  CREATE_PROJECT_FIELDS,
  CreateProjectBody,
  LEAD_BODY_FIELDS,
  UPDATABLE_PROJECT_FIELDS,
  createLeadSchema,
  createProjectSchema,
  updateProjectSchema,
} from './project-schemas';
import { DEMO_IDS } from '../shared/demo-ids';

export interface ProjectUseCases {
  list: ListProjects;
  create: CreateProject;
  get: GetProject;
  update: UpdateProject;
  listPipelines: ListProjectPipelines;
  listLeads: ListLeads;
  createLead: CreateLead;
  upsertLeads: UpsertLeads;
  batches: IdempotentBatches;
}

const TAG = 'Projects';
const LEADS_TAG = 'Project leads';

/**
 * A create's command. `completed_at` is not among a create's documented fields (nor in its schema), but a
 * create has always applied it when sent, as an update does; it is read here so that no answer changes.
 */
const createProjectCommand = (body: CreateProjectBody): CreateProjectCommand => {
  const { completed_at: completedAt } = body as { completed_at?: string | null };
  return { ...camelKeys(pick(body, CREATE_PROJECT_FIELDS)), completedAt };
};

/** Each item of POST /projects/:id/leads/batch, read as a POST /projects/:id/leads body. */
const readLeadItems = itemReader(createLeadSchema, (body) => camelKeys(pick(body, LEAD_BODY_FIELDS)));

const projects = resource({
  path: '/projects',
  tag: TAG,
  present: presentProject,
  schema: projectSchema,
  name: 'Project',
  exampleId: DEMO_IDS.project,
});
const leads = resource({
  path: '/projects/:id/leads',
  tag: LEADS_TAG,
  present: presentLead,
  schema: leadSchema,
  name: 'ProjectLead',
  pathExamples: { id: DEMO_IDS.project },
});

export function projectRoutes(uc: ProjectUseCases): RouteModule {
  return {
    operations: [
      projects.list({
        id: 'listProjects',
        summary: "List the team's projects (archived ones are left out)",
        list: { sortable: PROJECT_SORT_FIELDS, search: 'Partial match in name and description (accents and case do not matter).' },
        query: Type.Object({
          squad_id: Q.uuid('Projects of this squad; a squad the team does not have is 404.'),
          client_id: Q.uuid('Projects of this client; a client the team does not have is 404.'),
          status: Q.oneOf(PROJECT_STATUSES, 'Projects whose stage has this category.'),
          priority: Q.oneOf(PROJECT_PRIORITIES),
          ...updatedSince('projects'),
        }),
        success: 'A page of projects.',
        errors: [400, 404],
        useCase: uc.list,
      }),
      projects.create({
        id: 'createProject',
        summary: 'Create a project, with its default deal pipeline',
        description:
          "The stage is `stage_id` if sent, else the first stage of `status`, else the team's initial stage. " +
          'Without `slug`, one is made from the name (`-2`, `-3`… when taken); a `slug` sent that is taken is 422 `DUPLICATE_ENTRY`.',
        body: {
          schema: createProjectSchema,
          example: {
            name: 'Cardápio digital — Padaria Pão Quente',
            description: 'Novo site com catálogo e pedidos online.',
            status: 'active',
            priority: 'high',
            color: '#3b82f6',
            start_date: '2026-12-01',
            due_date: '2027-02-26',
            client_id: DEMO_IDS.companyClient,
          },
        },
        success: 'The project created.',
        errors: [400, 404, 422],
        command: createProjectCommand,
        useCase: uc.create,
      }),
      projects.get({
        id: 'getProject',
        summary: 'Read one project, with its stage, squad and client',
        description: 'An archived project is still read here.',
        success: 'The project.',
        errors: [404],
        useCase: uc.get,
      }),
      projects.update({
        id: 'updateProject',
        summary: 'Change the fields sent; an archived project is 409 PROJECT_ARCHIVED',
        body: {
          schema: updateProjectSchema,
          example: { status: 'paused', due_date: '2027-03-31', briefing: 'Cliente pediu pausa até aprovar o orçamento de R$ 18.500,00.' },
        },
        success: 'The project after the change.',
        errors: [400, 404, 409, 422],
        changes: (body) => changesOf(body, UPDATABLE_PROJECT_FIELDS),
        useCase: uc.update,
      }),
      operation({
        id: 'deleteProject',
        method: 'delete',
        path: '/projects/:id',
        pathExamples: { id: DEMO_IDS.project },
        tag: TAG,
        access: 'key',
        summary: 'Not allowed: always 405 METHOD_NOT_ALLOWED',
        description:
          'Projects are never deleted through the API (an operator archives them). Every call with a project id ' +
          'answers 405, whether the project exists or not; the success response is never sent.',
        success: {
          status: 200,
          description: 'Never sent: this operation always answers 405.',
          data: { not: {}, description: 'No value: a project is never deleted through the API.' },
        },
        errors: [405],
        pathIds: 'never',
        handle() {
          throw new MethodNotAllowed('Projects cannot be deleted through the API; archiving needs an administrator');
        },
      }),
      operation({
        id: 'listProjectPipelines',
        method: 'get',
        path: '/projects/:id/pipelines',
        pathExamples: { id: DEMO_IDS.project },
        tag: TAG,
        access: 'key',
        summary: "The project's deal pipelines, default first, with their columns and loss reasons",
        description: 'Not paginated. `columns[].slug` is the `phase` of a deal; `loss_reasons[].id` its `loss_reason_id`.',
        success: {
          status: 200,
          description: 'Every pipeline of the project.',
          name: 'ProjectPipelines',
          data: { type: 'array', description: 'The default pipeline first.', items: pipelineSchema },
        },
        errors: [404],
        async handle(ctx: Ctx) {
          const pipelines = await uc.listPipelines.execute(teamOf(ctx), { projectId: pathId(ctx) });
          ctx.body = one(pipelines.map(presentPipeline));
        },
      }),
      leads.list({
        id: 'listProjectLeads',
        summary: "List a project's leads, newest first",
        description:
          'A bad `is_active` or `company_id` is 422 `VALIDATION_ERROR` (not 400), as the spec keeps it; ' +
          "a bad `page`, `limit`, `sort` or `updated_since` is 400. An archived project's leads are still listed.",
        list: { sortable: LEAD_SORT_FIELDS, search: 'Partial match in name, e-mail and phone (accents and case do not matter).' },
        query: Type.Object({
          is_active: Q.unprocessable(Q.boolean('`true` or `false`; absent means both. Any other value is 422.')),
          company_id: Q.unprocessable(Q.uuid('Leads of this company. Not a UUID is 422; a company the team does not have is 404.')),
          ...updatedSince('leads'),
        }),
        success: 'A page of leads.',
        errors: [400, 404, 422],
        scope: (ctx: Ctx) => ({ projectId: pathId(ctx) }),
        useCase: uc.listLeads,
      }),
      leads.create({
        id: 'createProjectLead',
        pathIds: 'afterBody',
        summary: "Add a contact to the project's CRM (no deal)",
        description:
          'The body is checked before the project is looked up: a bad body is 400 even for an unknown project. ' +
          'Only the fields below are read; others, custom fields included, are ignored. A contact with the same phone, ' +
          'or else the same e-mail, is 422 `DUPLICATE_ENTRY` with `details` `{ existing_contact_id, matched_by, archived }`; ' +
          'a `company_id` that is not an active company of the project is 422 `VALIDATION_ERROR` on `company_id`. ' +
          "There is no route for a single lead: `Location` is the project's lead list. The id is the `lead_id` of a deal.",
        body: {
          schema: createLeadSchema,
          example: {
            full_name: 'João Conceição',
            email: 'joao.conceicao@example.com.br',
            phone: '(11) 97654-3210',
            tags: ['indicação'],
            notes: 'Quer orçamento de identidade visual.',
            customer_source: 'instagram',
          },
        },
        success: 'The lead created.',
        errors: [400, 404, 409, 422],
        location: (_lead, ctx) => `/projects/${pathId(ctx)}/leads`,
        // The use case checks the name, phone and e-mail before it looks the project up (400 before 404).
        command: (body, ctx) => ({ projectId: pathId(ctx), ...camelKeys(pick(body, LEAD_BODY_FIELDS)) }),
        useCase: uc.createLead,
      }),
      operation({
        id: 'upsertProjectLeads',
        method: 'post',
        path: '/projects/:id/leads/batch',
        pathExamples: { id: DEMO_IDS.project },
        tag: LEADS_TAG,
        access: 'key',
        summary: "Add or update up to 100 contacts of a project's CRM in one request",
        description:
          "Each item is a POST /projects/{id}/leads body, checked on its own: a bad item is that item's `error` and the " +
          'others are still written, each atomically. An item names a lead of the project (active or not), or an earlier ' +
          'item of the batch, by its phone (the Brazilian mobile with or without its ninth digit alike), else its e-mail ' +
          '(any case): with `on_duplicate` `skip` (the default) it is `skipped`; with `update` its `full_name`, `email`, ' +
          '`phone`, `tags`, `notes` and `customer_source` are applied (`updated`, or `unchanged` when nothing differs; ' +
          '`company_id` is read only when the lead is created). An update that would give the lead the phone or e-mail ' +
          'of another lead of the project is an error `DUPLICATE_ENTRY`. An unknown project answers 404 and an archived ' +
          'one 409 `PROJECT_ARCHIVED`, for the whole request. Answers 200 when every item succeeded, 207 when at least ' +
          'one is `error`. Each lead created or updated logs `lead.created` or `lead.updated`.',
        parameters: [idempotencyKeyParameter('batch of this project')],
        body: {
          schema: batchBodySchema('A POST /projects/{id}/leads body.'),
          example: {
            items: [
              { full_name: 'João Conceição', phone: '(11) 97654-3210', email: 'joao.conceicao@example.com.br' },
              { full_name: 'Luíza Araújo', phone: '+55 21 98123-4567', tags: ['indicação'] },
            ],
            on_duplicate: 'skip',
          },
        },
        success: {
          status: 200,
          alsoStatuses: [207],
          name: 'LeadBatchResult',
          data: batchResultSchema,
          description: 'One result per item, in the order sent, and their totals: 200 when none failed, 207 otherwise.',
        },
        errors: [400, 404, 409],
        first: (ctx: Ctx) => parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER)),
        async handle(ctx: Ctx, body, key) {
          const projectId = pathId(ctx);
          const onDuplicate = onDuplicateOf(body);
          await answerBatchWrite(
            ctx,
            uc.batches,
            { route: 'leads', key, payload: { project_id: projectId, items: body.items, on_duplicate: onDuplicate } },
            uc.upsertLeads,
            { projectId, items: readLeadItems(body.items), onDuplicate },
          );
        },
      }),
    ],
  };
}
