// A squad: a team's working group that projects are assigned to.
import { ValidationFailed } from '../shared/errors';

export interface SquadData {
  id: string;
  teamId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export const createSquad = (id: string, teamId: string, name: string, now: Date): SquadData => {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) throw new ValidationFailed('name must not be empty', 'name');
  const at = now.toISOString();
  return { id, teamId, name: trimmed, createdAt: at, updatedAt: at };
};
