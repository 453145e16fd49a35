import { expect } from 'chai';
import { PlanLimitReached, ValidationFailed } from '../../../../domain/shared/errors';
import { ApiKey } from '../../../../domain/teams/api-key';
import { Team } from '../../../../domain/teams/team';

const now = new Date('2026-01-02T03:04:05.000Z');
const later = new Date('2026-01-03T00:00:00.000Z');

describe('Team', () => {
  it('keeps its trimmed name and refuses an empty one or a quota that is not a whole number, 0 or more', () => {
    expect(Team.create('t1', ' Acme ', 2, now).snapshot()).to.deep.equal({
      id: 't1',
      name: 'Acme',
      clientQuota: 2,
      createdAt: now.toISOString(),
    });
    expect(() => Team.create('t1', '  ', null, now))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'name');
    for (const quota of [-1, 1.5]) {
      expect(() => Team.create('t1', 'Acme', quota, now))
        .to.throw(ValidationFailed)
        .with.nested.property('details.field', 'client_quota');
    }
  });

  it('admits a client while the plan has room, and any number without a quota', () => {
    const capped = Team.create('t1', 'Acme', 2, now);
    expect(capped.limitsClients).to.equal(true);
    expect(() => capped.assertRoomForClient(1)).not.to.throw();
    expect(() => capped.assertRoomForClient(2)).to.throw(PlanLimitReached, 'The plan allows 2 active clients');
    const open = Team.create('t2', 'Open', null, now);
    expect(open.limitsClients).to.equal(false);
    expect(() => open.assertRoomForClient(1000)).not.to.throw();
  });
});

describe('ApiKey', () => {
  it('is active when issued; revoking it once stamps the time, twice changes nothing', () => {
    const key = ApiKey.issue('k1', 't1', null, 'hash', now);
    expect(key.snapshot()).to.deep.equal({
      id: 'k1',
      teamId: 't1',
      name: null,
      keyHash: 'hash',
      isActive: true,
      createdAt: now.toISOString(),
      revokedAt: null,
    });
    expect(key.revoke(now)).to.equal(true);
    expect(key.revoke(later)).to.equal(false);
    expect(key.snapshot()).to.include({ isActive: false, revokedAt: now.toISOString() });
  });
});
