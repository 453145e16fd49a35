// A squad: a team's working group that projects are assigned to.
import { ValidationFailed } from '../shared/errors';

export interface SquadData {
  id: string;
  teamId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export class Squad {
  private constructor(private data: SquadData) {}

  static create(id: string, teamId: string, name: string, now: Date): Squad {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!trimmed) throw new ValidationFailed('name must not be empty', 'name');
    const at = now.toISOString();
    return new Squad({ id, teamId, name: trimmed, createdAt: at, updatedAt: at });
  }

  static restore(data: SquadData): Squad {
    return new Squad({ ...data });
  }

  get id(): string {
    return this.data.id;
  }

  snapshot(): SquadData {
    return { ...this.data };
  }
}
