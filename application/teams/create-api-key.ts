import { isUuid } from '../../domain/shared/values';
import { NotFound } from '../../domain/shared/errors';
import { ApiKeyRepository, TeamRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { SecretHasher } from '../shared/secret-hasher';

export interface IssuedApiKey {
  id: string;
  /** The key in clear: shown once, never stored. */
  key: string;
}

export class CreateApiKey {
  constructor(
    private readonly teams: TeamRepository,
    private readonly keys: ApiKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { teamId: string; name?: string | null }): Promise<IssuedApiKey> {
    if (!isUuid(input.teamId) || !(await this.teams.findById(input.teamId))) throw new NotFound('team not found', 'team');
    const key = this.hasher.generate('wsk_');
    const id = this.ids.next();
    await this.keys.insert({
      id, teamId: input.teamId, name: input.name ?? null, keyHash: this.hasher.hash(key),
      isActive: true, createdAt: this.clock.now().toISOString(), revokedAt: null,
    });
    return { id, key };
  }
}
