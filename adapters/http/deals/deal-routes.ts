import { ArchiveDeal } from '../../../application/deals/archive-deal';
import { CreateDeal } from '../../../application/deals/create-deal';
import { GetDeal } from '../../../application/deals/get-deal';
import { ListDeals } from '../../../application/deals/list-deals';
import { UpdateDeal } from '../../../application/deals/update-deal';
import { MoveProjectDeal } from '../../../application/deals/move-project-deal';
import { CreateProjectDealOnce } from '../../../application/deals/create-project-deal-once';
import { UpdateProjectDeal } from '../../../application/deals/update-project-deal';
import { DEAL_SORT_FIELDS } from '../../../domain/deals/deal-repository';
import { parseIdempotencyKey } from '../../../domain/deals/idempotency';
import { RouteModule } from '../app';
import { Type } from '../shared/body';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, teamOf } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { createDealSchema, dealChangesOf, newGlobalDealOf, updateDealSchema } from './deal-schemas';
import { archivedDealSchema, dealSchema, presentArchivedDeal, presentDeal } from './present-deal';
import { DEMO_IDS } from '../shared/demo-ids';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyParameter, projectDealOperations } from './project-deal-routes';

export interface DealUseCases {
  list: ListDeals;
  create: CreateDeal;
  get: GetDeal;
  update: UpdateDeal;
  archive: ArchiveDeal;
  move: MoveProjectDeal;
  createInProject: CreateProjectDealOnce;
  updateInProject: UpdateProjectDeal;
}

const TAG = 'Deals';

/** `project_id` and `pipeline_id`: which scope a read looks in (spec 4.1 scope rules). */
const SCOPE_QUERY = {
  project_id: Q.uuid("The project whose deals to read; it must be the team's (else 404 on `project_id`)."),
  pipeline_id: Q.uuid(
    "A pipeline: a project pipeline selects that project's scope, the legacy global pipeline the global scope (else 404 on `pipeline_id`).",
  ),
};

const deals = resource({ path: '/deals', tag: TAG, present: presentDeal, schema: dealSchema, name: 'Deal', exampleId: DEMO_IDS.deal });

export function dealRoutes(uc: DealUseCases): RouteModule {
  return {
    operations: [
      deals.list({
        id: 'listDeals',
        summary: "List deals: legacy global deals, or a project's deals",
        description:
          'With `project_id`, the deals of that project; with only `pipeline_id`, the scope of that pipeline (a project ' +
          'pipeline, or the legacy global one); with neither, legacy global deals only. In project scope every deal card is ' +
          "listed. A referenced id that is unknown or another team's answers 404 naming the field.",
        list: { sortable: DEAL_SORT_FIELDS, search: 'Partial match in title or description (accents and case do not matter).' },
        query: Type.Object({
          ...SCOPE_QUERY,
          status: Q.text('The stored status, e.g. `ativo` or `arquivado`.'),
          phase: Q.text('The pipeline phase (column).'),
          client_id: Q.uuid('The global CRM client; in project scope, an alias of `lead_id`.'),
          lead_id: Q.uuid('The main lead in project scope; in global scope, an alias of `client_id`.'),
          responsible_id: Q.uuid('The responsible person.'),
          source: Q.text("The deal's source."),
          min_value: Q.number('Value greater than or equal.'),
          max_value: Q.number('Value less than or equal.'),
          from: Q.date('Created on or after this day (UTC).'),
          to: Q.date('Created on or before this day (UTC).'),
          ...updatedSince('deals'),
        }),
        success: 'A page of deals.',
        errors: [400, 404],
        useCase: uc.list,
      }),
      operation({
        id: 'createDeal',
        method: 'post',
        path: '/deals',
        tag: TAG,
        access: 'key',
        summary: 'Create a legacy global deal (project deals cannot be created here)',
        description:
          'With an `Idempotency-Key`, the first creation answers 201; the same key with an identical payload answers ' +
          '200 with the deal already created, and makes no second one; the same key with another payload answers 409 ' +
          '`CONFLICT`. A key over 512 characters answers 400 `invalid_idempotency_key`, whatever the body. Keys are kept 24 ' +
          'hours, per team. A `value` of 0 is stored as null.',
        parameters: [idempotencyKeyParameter],
        body: {
          schema: createDealSchema,
          example: {
            title: 'Cardápio on-line — Padaria Pão Quente',
            description: 'Site institucional com cardápio e pedidos on-line',
            value: 18500.5,
            phase: 'proposta',
            priority: 'alta',
            expected_close_date: '2026-12-15',
            probability: 60,
            responsible_id: '0190d4a2-7c1e-7b3a-9f10-2a6c5e8b1d01',
            source: 'indicação',
            client_id: DEMO_IDS.companyClient,
            tags: ['site', 'e-commerce'],
          },
        },
        success: {
          status: 201,
          alsoStatuses: [200],
          name: 'Deal',
          data: dealSchema,
          description: 'The deal created (201), or, for a replayed `Idempotency-Key`, the deal the first request created (200).',
        },
        errors: [400, 404, 409],
        // The key is read once, before the body: a key over 512 characters is refused whatever the body.
        first: (ctx: Ctx) => parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER)),
        async handle(ctx: Ctx, body, idempotencyKey) {
          const result = await uc.create.execute(teamOf(ctx), { deal: newGlobalDealOf(body), idempotencyKey });
          ctx.status = result.replayed ? 200 : 201;
          if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
          ctx.body = one(presentDeal(result.deal));
        },
      }),
      deals.get({
        id: 'getDeal',
        summary: 'Read one deal (a project deal needs its project_id or pipeline_id)',
        description:
          'Without `project_id` or `pipeline_id`, only a legacy global deal is looked up; a project deal is read with ' +
          "its project's `project_id` or one of its pipelines' `pipeline_id`.",
        query: Type.Object(SCOPE_QUERY),
        success: 'The deal, the same object as in the list.',
        errors: [400, 404],
        useCase: uc.get,
      }),
      deals.update({
        id: 'updateDeal',
        summary: 'Change the fields sent of a legacy global deal',
        description:
          'Project deals are not found here (they move with POST /deals/{id}/move). A change of `phase` triggers ' +
          '`deal_stage_changed`. A body with none of the accepted fields answers 400.',
        body: { schema: updateDealSchema, example: { phase: 'negociacao', value: 21000, probability: 75, is_starred: true } },
        success: 'The deal after the change.',
        errors: [400, 404],
        changes: dealChangesOf,
        useCase: uc.update,
      }),
      deals.delete({
        id: 'archiveDeal',
        summary: 'Archive a legacy global deal (it is kept, with status arquivado)',
        description: 'Project deals are never archived here: they are not found.',
        success: { description: 'The deal archived.', data: archivedDealSchema, name: 'ArchivedDeal' },
        errors: [404],
        useCase: uc.archive,
        present: presentArchivedDeal,
      }),
      ...projectDealOperations(uc, TAG),
    ],
  };
}
