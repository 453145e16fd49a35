import { isUuid } from '../../domain/shared/values';
import { NotFound } from '../../domain/shared/errors';
import { ApiKeyRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';

export interface RevokeApiKeyCommand {
  id: string;
}

export interface RevokedApiKey {
  id: string;
  isActive: false;
}

export class RevokeApiKey {
  constructor(private readonly keys: ApiKeyRepository, private readonly clock: Clock) {}

  /** Revoking a revoked key changes nothing and answers the same. */
  async execute(command: RevokeApiKeyCommand): Promise<RevokedApiKey> {
    const key = isUuid(command.id) ? await this.keys.findById(command.id) : null;
    if (!key) throw new NotFound('API key not found', 'id');
    if (key.isActive) await this.keys.update({ ...key, isActive: false, revokedAt: this.clock.now().toISOString() });
    return { id: key.id, isActive: false };
  }
}
