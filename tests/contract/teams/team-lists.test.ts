import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { ApiKeyData } from '../../../domain/teams/api-key';
import { TeamData } from '../../../domain/teams/team';
import { ApiKeyRepository, TeamRepository } from '../../../domain/teams/team-repository';
import { TEAM_TOKENS } from '../../../bootstrap/contexts/teams';
import { forEachBackend } from '../../support/backends';
import { checkNewestFirst, keysetId } from '../../support/keyset';

const team = (id: string, createdAt: string, name = `Team ${id.slice(-4)}`): TeamData => ({ id, name, clientQuota: null, createdAt });

// Teams are not scoped by team: this suite's runtime holds only the teams it inserts.
forEachBackend('TeamRepository list contract', (env) => {
  it('pages every team newest first, created_at then id, each once', async () => {
    const teams = env().container.get<TeamRepository>(TEAM_TOKENS.TeamRepository);
    await checkNewestFirst(
      async (createdAt, id) => {
        const t = { ...team(id, createdAt), clientQuota: id.endsWith('3') ? 10 : null };
        await teams.insert(t);
        return t;
      },
      (q) => teams.listNewestFirst(q),
      (t) => ({ at: t.createdAt, id: t.id }),
    );
  });
});

forEachBackend('ApiKeyRepository list contract', (env) => {
  it("pages a team's keys newest first, created_at then id, each once, revoked ones included", async () => {
    const teams = env().container.get<TeamRepository>(TEAM_TOKENS.TeamRepository);
    const keys = env().container.get<ApiKeyRepository>(TEAM_TOKENS.ApiKeyRepository);
    const mine = team(keysetId(), '2026-01-01T00:00:00.000Z');
    const other = team(keysetId(), '2026-01-01T00:00:00.000Z');
    for (const t of [mine, other]) await teams.insert(t);
    const key = (teamId: string, id: string, createdAt: string, over: Partial<ApiKeyData> = {}): ApiKeyData => ({
      id,
      teamId,
      name: `key ${id.slice(-4)}`,
      keyHash: randomBytes(32).toString('hex'),
      isActive: true,
      createdAt,
      revokedAt: null,
      ...over,
    });
    await keys.insert(key(other.id, keysetId(), '2026-03-01T12:00:09.000Z'));
    let n = 0;
    await checkNewestFirst(
      async (createdAt, id) => {
        const k = key(mine.id, id, createdAt, ++n === 2 ? { isActive: false, revokedAt: '2026-03-02T00:00:00.000Z', name: null } : {});
        await keys.insert(k);
        return k;
      },
      (q) => keys.listNewestFirst({ teamId: mine.id }, q),
      (k) => ({ at: k.createdAt, id: k.id }),
    );
    expect(await keys.listNewestFirst({ teamId: keysetId() }, { limit: 10, after: null })).to.deep.equal({ items: [], next: null });
  });
});
