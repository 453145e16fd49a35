import { CreateProjectDealOnce } from '../../../application/deals/create-project-deal-once';
import { MoveProjectDeal } from '../../../application/deals/move-project-deal';
import { UpdateProjectDeal } from '../../../application/deals/update-project-deal';
import { IDEMPOTENCY_KEY_MAX_LENGTH, parseIdempotencyKey } from '../../../domain/deals/idempotency';
import { ValidationFailed } from '../../../domain/shared/errors';
import { one } from '../shared/envelope';
import { Operation, operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { B, Text, Type } from '../shared/body';
import { MOVE_FIELDS, createProjectDealSchema, newProjectDealOf, projectDealChangesOf, updateProjectDealSchema } from './deal-schemas';
import { dealSchema, presentDeal } from './present-deal';
import { DEMO_IDS } from '../shared/demo-ids';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The `Idempotency-Key` header, as every creation that takes one documents it. */
export const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header' as const,
  schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
  description: 'Makes a retry safe: one key, per team, stands for one creation for 24 hours. An empty value counts as none.',
};

/** A PUT of a project deal never moves it: a field of a move, sent here, is refused with the route that takes it. */
const refuseMoveFields = (ctx: Ctx): void => {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const sent = MOVE_FIELDS.find((f) => body[f] !== undefined);
  if (sent) {
    throw new ValidationFailed(`${sent} cannot be changed here: a deal changes column with POST /deals/{id}/move`, sent);
  }
};

/** `{ project_id, phase, win_note?, loss_reason_id?, position? }` (docs/decisions.md, deliberately beyond the spec). */
export const moveProjectDealSchema = Type.Object({
  project_id: B.uuid(),
  phase: B.nonEmptyString(Text.name),
  win_note: B.optional(B.nullableString(Text.long)),
  loss_reason_id: B.optional(B.nullableUuid()),
  position: B.optional(B.nullableNumber()),
});

export interface ProjectDealUseCases {
  move: MoveProjectDeal;
  createInProject: CreateProjectDealOnce;
  updateInProject: UpdateProjectDeal;
}

/**
 * The project deal operations beyond the legacy ones: POST /projects/:id/deals, PUT /projects/:id/deals/:dealId
 * and POST /deals/:id/move.
 */
export function projectDealOperations(uc: ProjectDealUseCases, tag: string): Operation[] {
  return [
    operation({
      id: 'createProjectDeal',
      method: 'post',
      path: '/projects/:id/deals',
      tag,
      access: 'key',
      summary: "Create a deal on one of the project's pipelines",
      description:
        "For one of the project's leads (`lead_id`) or a contact given inline (`lead`: the project's lead with that " +
        'phone, else that e-mail, or a new lead), never both. It starts in `phase`, an open column of `pipeline_id` ' +
        "(the project's default pipeline and its first open column when absent); a won or lost column is refused. " +
        '`contact_ids` links more leads of the project as contacts, after the main one. A `value` of 0 is stored as ' +
        'null. Triggers `deal_created`. An archived project answers 409 `PROJECT_ARCHIVED`. With an `Idempotency-Key`, ' +
        'as on POST /deals: the first creation answers 201; the same key with an identical request answers 200 with ' +
        "the deal already created; the same key with another request (another project's, or a POST /deals) answers 409 `CONFLICT`.",
      parameters: [idempotencyKeyParameter],
      pathExamples: { id: DEMO_IDS.project },
      body: {
        schema: createProjectDealSchema,
        example: {
          title: 'Cardápio digital — Padaria São João',
          lead: { full_name: 'Joana Araújo', email: 'joana@padariasaojoao.com.br', phone: '(11) 97654-3210' },
          phase: 'qualificado',
          value: 7200,
          priority: 'alta',
          expected_close_date: '2026-12-20',
          source: 'indicação',
          tags: ['cardápio', 'site'],
          custom_fields: { unidades: 2 },
        },
      },
      success: {
        status: 201,
        alsoStatuses: [200],
        name: 'Deal',
        data: dealSchema,
        description:
          'The deal created (201), as GET /deals/:id?project_id= shows it, or, for a replayed `Idempotency-Key`, the deal the first request created (200).',
      },
      errors: [400, 404, 409],
      first: (ctx: Ctx) => parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER)),
      // The body is checked before the project is looked for: a bad body is 400 whatever the project.
      pathIds: 'afterBody',
      location: (data, ctx) => `/deals/${data.id}?project_id=${pathId(ctx)}`,
      async handle(ctx: Ctx, b, idempotencyKey) {
        const result = await uc.createInProject.execute(teamOf(ctx), {
          projectId: pathId(ctx),
          pipelineId: b.pipeline_id,
          column: b.phase,
          leadId: b.lead_id,
          contact: b.lead && { fullName: b.lead.full_name, email: b.lead.email, phone: b.lead.phone },
          contactIds: b.contact_ids,
          deal: newProjectDealOf(b),
          idempotencyKey,
        });
        ctx.status = result.replayed ? 200 : 201;
        if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
        ctx.body = one(presentDeal(result.deal));
      },
    }),
    operation({
      id: 'updateProjectDeal',
      method: 'put',
      path: '/projects/:id/deals/:dealId',
      tag,
      access: 'key',
      summary: 'Change the fields sent of a project deal',
      description:
        'Only the fields sent, at least one. The column is not changed here: `phase` (or another field of a move) ' +
        'answers 400 pointing to POST /deals/{id}/move. A deal of another project, or a legacy deal, is not found. ' +
        'An archived project answers 409 `PROJECT_ARCHIVED`.',
      pathExamples: { id: DEMO_IDS.project, dealId: DEMO_IDS.projectDeal },
      body: {
        schema: updateProjectDealSchema,
        example: { value: 8400, probability: 70, is_starred: true, custom_fields: { unidades: 3 } },
      },
      success: { status: 200, description: 'The deal after the change, as GET /deals/:id shows it.', data: dealSchema, name: 'Deal' },
      errors: [400, 404, 409],
      first: refuseMoveFields,
      async handle(ctx: Ctx, b) {
        const view = await uc.updateInProject.execute(teamOf(ctx), {
          projectId: pathId(ctx),
          id: pathId(ctx, 'dealId'),
          changes: projectDealChangesOf(b),
        });
        ctx.body = one(presentDeal(view));
      },
    }),
    operation({
      id: 'moveDeal',
      method: 'post',
      path: '/deals/:id/move',
      pathExamples: { id: DEMO_IDS.projectDeal },
      tag,
      access: 'key',
      summary: 'Move a project deal to another column of its pipeline',
      description:
        'Project deals only (a legacy deal is not found). `phase` is the slug of an open, won or lost column of the ' +
        "deal's pipeline; a `won` column needs a non-empty `win_note`, a `lost` column a `loss_reason_id` from the " +
        "pipeline's loss reasons (or the default pipeline's). A change of column triggers `deal_stage_changed`. " +
        'An archived project answers 409 `PROJECT_ARCHIVED`.',
      body: {
        schema: moveProjectDealSchema,
        example: {
          project_id: DEMO_IDS.project,
          phase: 'ganho',
          win_note: 'Contrato da loja on-line assinado: R$ 18.500,00 em 3 parcelas',
        },
      },
      success: { status: 200, description: 'The deal after the move, as GET /deals/:id shows it.', data: dealSchema, name: 'Deal' },
      errors: [400, 404, 409],
      async handle(ctx: Ctx, b) {
        const view = await uc.move.execute(teamOf(ctx), {
          id: pathId(ctx),
          projectId: b.project_id,
          phase: b.phase,
          winNote: b.win_note,
          lossReasonId: b.loss_reason_id,
          position: b.position,
        });
        ctx.body = one(presentDeal(view));
      },
    }),
  ];
}
