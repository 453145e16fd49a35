import { TeamContext } from '../shared/team';
import { SquadData } from './squad';

export interface SquadRepository {
  findById(team: TeamContext, id: string): Promise<SquadData | null>;
  insert(squad: SquadData): Promise<void>;
}
