import { MoveProjectDeal } from '../../../application/deals/move-project-deal';
import { one } from '../shared/envelope';
import { Operation, operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { B, Text, Type } from '../shared/body';
import { dealSchema, presentDeal } from './present-deal';
import { DEMO_IDS } from '../shared/demo-ids';

/** `{ project_id, phase, win_note?, loss_reason_id?, position? }` (docs/decisions.md, deliberately beyond the spec). */
export const moveProjectDealSchema = Type.Object({
  project_id: B.uuid(),
  phase: B.nonEmptyString(Text.name),
  win_note: B.optional(B.nullableString(Text.long)),
  loss_reason_id: B.optional(B.nullableUuid()),
  position: B.optional(B.nullableNumber()),
});

/** The project deal operations beyond the legacy ones: POST /deals/:id/move. */
export function projectDealOperations(uc: { move: MoveProjectDeal }, tag: string): Operation[] {
  return [
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
