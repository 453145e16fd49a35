import Router from '@koa/router';
import { MoveProjectDeal } from '../../../application/deals/move-project-deal';
import { one } from '../shared/envelope';
import { Ctx, pathId, teamOf } from '../shared/params';
import { S, validator } from '../shared/validation';
import { presentDeal } from './present-deal';

interface MoveBody {
  project_id: string;
  phase: string;
  win_note?: string | null;
  loss_reason_id?: string | null;
  position?: number | null;
}

/** `{ project_id, phase, win_note?, loss_reason_id?, position? }` (DECISIONS.md, deliberately beyond the spec). */
export const moveProjectDealSchema = {
  type: 'object',
  required: ['project_id', 'phase'],
  properties: {
    project_id: S.uuid,
    phase: S.nonEmptyString,
    win_note: S.nullableString,
    loss_reason_id: S.nullableUuid,
    position: S.nullableNumber,
  },
};

/** The project deal routes beyond the legacy ones: POST /deals/:id/move. */
export function addProjectDealRoutes(router: Router, uc: { move: MoveProjectDeal }): void {
  const parseMove = validator<MoveBody>(moveProjectDealSchema);

  router.post('/deals/:id/move', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const b = parseMove(ctx.request.body);
    const view = await uc.move.execute(teamOf(ctx), {
      id, projectId: b.project_id, phase: b.phase, winNote: b.win_note, lossReasonId: b.loss_reason_id, position: b.position,
    });
    ctx.body = one(presentDeal(view));
  });
}
