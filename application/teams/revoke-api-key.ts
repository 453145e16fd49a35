import { isUuid } from '../../domain/shared/values';
import { NotFound } from '../../domain/shared/errors';
import { ApiKey } from '../../domain/teams/api-key';
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
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  /** Revoking a revoked key changes nothing and answers the same. */
  async execute(command: RevokeApiKeyCommand): Promise<RevokedApiKey> {
    const found = isUuid(command.id) ? await this.keys.findById(command.id) : null;
    if (!found) throw new NotFound('API key not found', 'id');
    const key = ApiKey.restore(found);
    if (key.revoke(this.clock.now())) await this.keys.update(key.snapshot());
    return { id: key.id, isActive: false };
  }
}
