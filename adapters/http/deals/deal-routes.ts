import { ArchiveDeal } from '../../../application/deals/archive-deal';
import { CreateDeal } from '../../../application/deals/create-deal';
import { GetDeal } from '../../../application/deals/get-deal';
import { ListDeals } from '../../../application/deals/list-deals';
import { UpdateDeal } from '../../../application/deals/update-deal';
import { MoveProjectDeal } from '../../../application/deals/move-project-deal';
import { DEAL_SORT_FIELDS } from '../../../domain/deals/deal-repository';
import { IDEMPOTENCY_KEY_MAX_LENGTH, parseIdempotencyKey } from '../../../domain/deals/idempotency';
import { RouteModule } from '../app';
import { listParameters, Q, queryParam, R } from '../shared/documented';
import { many, one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, listQuery, pathId, queryDate, queryNumber, queryText, queryUuid, teamOf } from '../shared/params';
import { UPDATABLE_DEAL_FIELDS, createDealSchema, dealChangesOf, newGlobalDealOf, updateDealSchema } from './deal-schemas';
import { archivedDealSchema, dealSchema, presentArchivedDeal, presentDeal } from './present-deal';
import { projectDealOperations } from './project-deal-routes';

export interface DealUseCases {
  list: ListDeals;
  create: CreateDeal;
  get: GetDeal;
  update: UpdateDeal;
  archive: ArchiveDeal;
  move: MoveProjectDeal;
}

const TAG = 'Deals';

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** `project_id` and `pipeline_id`: which scope a read looks in (spec 4.1 scope rules). */
const scopeParameters = [
  queryParam('project_id', R.uuid, 'The project whose deals to read; it must be the team\'s (else 404 on `project_id`).'),
  queryParam('pipeline_id', R.uuid,
    'A pipeline: a project pipeline selects that project\'s scope, the legacy global pipeline the global scope (else 404 on `pipeline_id`).'),
];

export function dealRoutes(uc: DealUseCases): RouteModule {
  return {
    operations: [
      operation({
        id: 'listDeals', method: 'get', path: '/deals', tag: TAG, access: 'key',
        summary: 'List deals: legacy global deals, or a project\'s deals',
        description: 'With `project_id`, the deals of that project; with only `pipeline_id`, the scope of that pipeline (a project '
          + 'pipeline, or the legacy global one); with neither, legacy global deals only. In project scope every deal card is '
          + 'listed. A referenced id that is unknown or another team\'s answers 404 naming the field.',
        parameters: [
          ...listParameters(DEAL_SORT_FIELDS, { search: 'Partial match in title or description (accents and case do not matter).' }),
          ...scopeParameters,
          queryParam('status', Q.text, 'The stored status, e.g. `ativo` or `arquivado`.'),
          queryParam('phase', Q.text, 'The pipeline phase (column).'),
          queryParam('client_id', R.uuid, 'The global CRM client; in project scope, an alias of `lead_id`.'),
          queryParam('lead_id', R.uuid, 'The main lead in project scope; in global scope, an alias of `client_id`.'),
          queryParam('responsible_id', R.uuid, 'The responsible person.'),
          queryParam('source', Q.text, 'The deal\'s source.'),
          queryParam('min_value', R.number, 'Value greater than or equal.'),
          queryParam('max_value', R.number, 'Value less than or equal.'),
          queryParam('from', R.date, 'Created on or after this day (UTC).'),
          queryParam('to', R.date, 'Created on or before this day (UTC).'),
        ],
        success: { status: 200, description: 'A page of deals.', data: dealSchema, name: 'Deal', list: true },
        errors: [400, 404],
        async handle(ctx: Ctx) {
          const query = listQuery(ctx, { sortable: DEAL_SORT_FIELDS });
          const page = await uc.list.execute(teamOf(ctx), {
            projectId: queryUuid(ctx, 'project_id'),
            pipelineId: queryUuid(ctx, 'pipeline_id'),
            clientId: queryUuid(ctx, 'client_id'),
            leadId: queryUuid(ctx, 'lead_id'),
            responsibleId: queryUuid(ctx, 'responsible_id'),
            status: queryText(ctx, 'status'),
            phase: queryText(ctx, 'phase'),
            source: queryText(ctx, 'source'),
            minValue: queryNumber(ctx, 'min_value'),
            maxValue: queryNumber(ctx, 'max_value'),
            from: queryDate(ctx, 'from'),
            to: queryDate(ctx, 'to'),
            query,
          });
          ctx.body = many(page, query, presentDeal);
        },
      }),
      operation({
        id: 'createDeal', method: 'post', path: '/deals', tag: TAG, access: 'key',
        summary: 'Create a legacy global deal (project deals cannot be created here)',
        description: 'With an `Idempotency-Key`, the first creation answers 201; the same key with an identical payload answers '
          + '200 with the deal already created, and makes no second one; the same key with another payload answers 409 '
          + '`CONFLICT`. A key over 512 characters answers 400 `invalid_idempotency_key`, whatever the body. Keys are kept 24 '
          + 'hours, per team. A `value` of 0 is stored as null.',
        parameters: [{
          name: IDEMPOTENCY_KEY_HEADER, in: 'header', schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
          description: 'Makes a retry safe: one key, per team, stands for one creation for 24 hours. An empty value counts as none.',
        }],
        body: {
          schema: createDealSchema,
          example: {
            title: 'Redesign do site — Padaria São João', description: 'Site institucional com cardápio e pedidos on-line',
            value: 18500.5, phase: 'proposta', priority: 'alta', expected_close_date: '2026-12-15', probability: 60,
            responsible_id: '0190d4a2-7c1e-7b3a-9f10-2a6c5e8b1d01', source: 'indicação',
            client_id: '0190d4a2-7c1e-7b3a-9f10-2a6c5e8b1d02', tags: ['site', 'e-commerce'],
          },
        },
        success: {
          status: 201, alsoStatuses: [200], name: 'Deal', data: dealSchema,
          description: 'The deal created (201), or, for a replayed `Idempotency-Key`, the deal the first request created (200).',
        },
        errors: [400, 404, 409],
        // The key is checked first: a key over 512 characters is refused whatever the body.
        first(ctx: Ctx) {
          parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER));
        },
        async handle(ctx: Ctx, body) {
          const idempotencyKey = parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER));
          const result = await uc.create.execute(teamOf(ctx), { deal: newGlobalDealOf(body), idempotencyKey });
          ctx.status = result.replayed ? 200 : 201;
          if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
          ctx.body = one(presentDeal(result.deal));
        },
      }),
      operation({
        id: 'getDeal', method: 'get', path: '/deals/:id', tag: TAG, access: 'key',
        summary: 'Read one deal (a project deal needs its project_id or pipeline_id)',
        description: 'Without `project_id` or `pipeline_id`, only a legacy global deal is looked up; a project deal is read with '
          + 'its project\'s `project_id` or one of its pipelines\' `pipeline_id`.',
        parameters: scopeParameters,
        success: { status: 200, description: 'The deal, the same object as in the list.', data: dealSchema, name: 'Deal' },
        errors: [400, 404],
        async handle(ctx: Ctx) {
          const id = pathId(ctx);
          const view = await uc.get.execute(teamOf(ctx), {
            id, projectId: queryUuid(ctx, 'project_id'), pipelineId: queryUuid(ctx, 'pipeline_id'),
          });
          ctx.body = one(presentDeal(view));
        },
      }),
      operation({
        id: 'updateDeal', method: 'put', path: '/deals/:id', tag: TAG, access: 'key',
        summary: 'Change the fields sent of a legacy global deal',
        description: 'Project deals are not found here (they move with POST /deals/{id}/move). A change of `phase` triggers '
          + '`deal_stage_changed`. A body with none of the accepted fields answers 400.',
        body: { schema: updateDealSchema, example: { phase: 'negociacao', value: 21000, probability: 75, is_starred: true } },
        success: { status: 200, description: 'The deal after the change.', data: dealSchema, name: 'Deal' },
        errors: [400, 404],
        async handle(ctx: Ctx, body) {
          const id = pathId(ctx);
          ctx.body = one(presentDeal(await uc.update.execute(teamOf(ctx), { id, changes: dealChangesOf(body) })));
        },
      }),
      operation({
        id: 'archiveDeal', method: 'delete', path: '/deals/:id', tag: TAG, access: 'key',
        summary: 'Archive a legacy global deal (it is kept, with status arquivado)',
        description: 'Project deals are never archived here: they are not found.',
        success: { status: 200, description: 'The deal archived.', data: archivedDealSchema, name: 'ArchivedDeal' },
        errors: [404],
        async handle(ctx: Ctx) {
          ctx.body = one(presentArchivedDeal(await uc.archive.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
      ...projectDealOperations({ move: uc.move }, TAG),
    ],
  };
}
