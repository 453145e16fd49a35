import { TeamContext } from '../../domain/shared/team';

/**
 * What a context provisions for a brand-new team (default stages, the internal project, the legacy
 * global pipeline…). CreateTeam runs every registered step inside its transaction.
 */
export interface TeamSetupStep {
  setUp(team: TeamContext): Promise<void>;
}
