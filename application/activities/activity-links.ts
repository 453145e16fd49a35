import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

/** The client and deal an activity points at must be the team's (another team's answers as unknown). */
export const assertLinksExist = async (
  clients: ClientRepository,
  deals: DealRepository,
  team: TeamContext,
  links: { clientId?: string | null; dealId?: string | null },
): Promise<void> => {
  if (links.clientId && !(await clients.findById(team, links.clientId))) throw new NotFound('Client not found', 'client_id');
  if (links.dealId && !(await deals.findById(team, links.dealId))) throw new NotFound('Deal not found', 'deal_id');
};
