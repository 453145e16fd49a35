import { Deal } from '../../domain/deals/deal';
import { DealView, DealRepository } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealScopeQuery, DealScopeResolver } from './deal-scope';
import { ProjectDealDetails } from './project-deal-details';

export interface GetDealCommand extends DealScopeQuery {
  id: string;
}

/** GET /deals/:id: a legacy deal, or a project deal when the project (or its pipeline) is named. */
export class GetDeal {
  constructor(
    private readonly deals: DealRepository,
    private readonly scopes: DealScopeResolver,
    private readonly details: ProjectDealDetails,
  ) {}

  async execute(team: TeamContext, command: GetDealCommand): Promise<DealView> {
    const selection = await this.scopes.resolve(team, command);
    const view = await this.deals.findById(team, command.id);
    // A project deal of the team asked without its project: still not found, but the answer says where it is.
    if (view && selection.scope === 'global') {
      Deal.restore(view.deal).assertGlobal((p) => `read it with its project_id: GET /deals/${command.id}?project_id=${p}`);
    }
    if (!view || !DealScopeResolver.contains(selection, view)) throw new NotFound('Deal not found');
    const [withDetails] = await this.details.attach(team, [view]);
    return withDetails;
  }
}
