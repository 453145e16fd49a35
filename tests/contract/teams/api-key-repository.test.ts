import { expect } from 'chai';
import { CreateTeam } from '../../../application/teams/create-team';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { MemoryStore } from '../../../adapters/persistence/memory/shared/memory-store';
import { ApiKeyRepository } from '../../../domain/teams/team-repository';
import { TEAM_TOKENS } from '../../../bootstrap/contexts/teams';
import { TOKENS } from '../../../bootstrap/tokens';
import { Runtime } from '../../../bootstrap/container';
import { forEachBackend } from '../../support/backends';
import { SecretHasher } from '../../../application/shared/secret-hasher';

/** Removes a team row the way an operator's SQL session would: without the foreign keys that keep its keys. */
async function dropTeamRow(runtime: Runtime, teamId: string): Promise<void> {
  if (runtime.storage === 'memory') {
    runtime.container.get<MemoryStore>(TOKENS.MemoryStore).table('teams').delete(teamId);
    return;
  }
  const { knex } = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase);
  if (runtime.storage === 'sqlite') {
    await knex.raw('pragma foreign_keys = off');
    await knex('teams').where({ id: teamId }).delete();
    await knex.raw('pragma foreign_keys = on');
    return;
  }
  await knex.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx('teams').where({ id: teamId }).delete();
  });
}

forEachBackend('ApiKeyRepository contract', (env) => {
  it('finds a key by its hash only while its team exists', async () => {
    const keys = env().container.get<ApiKeyRepository>(TEAM_TOKENS.ApiKeyRepository);
    const { team, apiKey } = await env().container.get(CreateTeam).execute({ name: 'Equipe Três' });
    const hash = env().container.get<SecretHasher>(TOKENS.SecretHasher).hash(apiKey.key);
    expect((await keys.findByHash(hash))?.teamId).to.equal(team.id);
    await dropTeamRow(env(), team.id);
    expect(await keys.findByHash(hash)).to.equal(null);
  });
});
