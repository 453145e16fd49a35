import { isUuid } from '../../domain/shared/values';
import { NotFound } from '../../domain/shared/errors';
import { ApiKeyRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';

export class RevokeApiKey {
  constructor(private readonly keys: ApiKeyRepository, private readonly clock: Clock) {}

  async execute(input: { id: string }): Promise<{ id: string; is_active: false }> {
    const key = isUuid(input.id) ? await this.keys.findById(input.id) : null;
    if (!key) throw new NotFound('API key not found', 'id');
    if (key.isActive) await this.keys.update({ ...key, isActive: false, revokedAt: this.clock.now().toISOString() });
    return { id: key.id, is_active: false };
  }
}
