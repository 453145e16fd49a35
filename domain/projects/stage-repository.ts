import { TeamContext } from '../shared/team';
import { StageData } from './stage';

export interface StageRepository {
  /** In board order (position). */
  listByTeam(team: TeamContext): Promise<StageData[]>;
  insert(stage: StageData): Promise<void>;
}
