import { PlanLimitReached, ValidationFailed } from '../shared/errors';

export interface TeamData {
  id: string;
  name: string;
  /** Most active clients the plan allows; null means unlimited. */
  clientQuota: number | null;
  createdAt: string;
}

/** A tenant: its name and what its plan allows. */
export class Team {
  private constructor(private data: TeamData) {}

  static create(id: string, name: string, clientQuota: number | null, now: Date): Team {
    const trimmed = name?.trim();
    if (!trimmed) throw new ValidationFailed('name is required', 'name');
    if (clientQuota !== null && (!Number.isInteger(clientQuota) || clientQuota < 0)) {
      throw new ValidationFailed('client quota must be a whole number, 0 or more', 'client_quota');
    }
    return new Team({ id, name: trimmed, clientQuota, createdAt: now.toISOString() });
  }

  static restore(data: TeamData): Team {
    return new Team({ ...data });
  }

  get id(): string {
    return this.data.id;
  }
  /** Whether the plan caps active clients at all (no need to count them otherwise). */
  get limitsClients(): boolean {
    return this.data.clientQuota !== null;
  }

  snapshot(): TeamData {
    return { ...this.data };
  }

  /** One more active client must fit in the plan, given how many the team has now. */
  assertRoomForClient(activeClients: number): void {
    const quota = this.data.clientQuota;
    if (quota !== null && activeClients >= quota) throw new PlanLimitReached(`The plan allows ${quota} active clients`);
  }
}
