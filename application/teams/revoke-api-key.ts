import { isUuid } from '../../domain/shared/values';
import { NotFound } from '../../domain/shared/errors';
import { ApiKey } from '../../domain/teams/api-key';
import { ApiKeyRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { KeyTrust } from './key-trust';

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
    private readonly trust: KeyTrust,
  ) {}

  /**
   * Revoking a revoked key changes nothing and answers the same. Either way the answer comes once the
   * key's trust period has passed (`KeyTrust`): from then on no process accepts the key. A revocation cut
   * short during that wait is stored all the same; revoking again waits again.
   */
  async execute(command: RevokeApiKeyCommand): Promise<RevokedApiKey> {
    const found = isUuid(command.id) ? await this.keys.findById(command.id) : null;
    if (!found) throw new NotFound('API key not found', 'id');
    const key = ApiKey.restore(found);
    if (key.revoke(this.clock.now())) await this.keys.update(key.snapshot());
    await this.trust.outlast();
    return { id: key.id, isActive: false };
  }
}
