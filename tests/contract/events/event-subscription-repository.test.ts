import { expect } from 'chai';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventSubscriptionData, EventSubscriptionSortField } from '../../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../../domain/events/event-subscription-repository';
import { ListQuery } from '../../../domain/shared/list';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

let seq = 7000;
const id = () => ClientMother.id(++seq);
const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 0, 0, s, 123)).toISOString();

const q = (over: Partial<ListQuery<EventSubscriptionSortField>> = {}): ListQuery<EventSubscriptionSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});

const subscription = (teamId: string, over: Partial<EventSubscriptionData> = {}): EventSubscriptionData => ({
  id: id(),
  teamId,
  url: `https://hooks.example.com/${seq}`,
  events: ['deal.*', 'client.created'],
  description: 'CRM sync',
  isActive: true,
  secretSealed: 'sealed:current',
  previousSecretSealed: null,
  previousSecretExpiresAt: null,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: at(seq % 60),
  updatedAt: at(seq % 60),
  ...over,
});

forEachBackend('EventSubscriptionRepository contract', (env) => {
  let repo: EventSubscriptionRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = env().container.get<EventSubscriptionRepository>(EVENT_TOKENS.EventSubscriptionRepository);
    team = { teamId: id() };
  });

  it('round-trips every field identically, nulls and set values alike', async () => {
    const a = subscription(team.teamId, { description: null });
    const b = subscription(team.teamId, {
      events: ['*', 'whatsapp.message.*', 'deal.won'],
      isActive: false,
      previousSecretSealed: 'sealed:previous',
      previousSecretExpiresAt: at(30),
      disabledReason: 'The receiver answered 410 Gone',
      disabledAt: at(40),
      failingSince: at(20),
      description: 'Ação — 😀',
    });
    await repo.insert(a);
    await repo.insert(b);
    expect(await repo.findById(team, a.id)).to.deep.equal(a);
    expect(await repo.findById(team, b.id)).to.deep.equal(b);
  });

  it('updates every field but the id, the team and the creation time; false for one that is not there', async () => {
    const a = subscription(team.teamId);
    await repo.insert(a);
    const changed: EventSubscriptionData = {
      ...a,
      url: 'https://other.example.com/x',
      events: ['task.*'],
      description: null,
      isActive: false,
      secretSealed: 'sealed:new',
      previousSecretSealed: 'sealed:current',
      previousSecretExpiresAt: at(59),
      disabledReason: 'failing for 5 days',
      disabledAt: at(58),
      failingSince: at(1),
      createdAt: at(0),
      updatedAt: at(57),
    };
    expect(await repo.update(changed)).to.equal(true);
    expect(await repo.findById(team, a.id)).to.deep.equal({ ...changed, createdAt: a.createdAt });
    expect(await repo.update(subscription(team.teamId))).to.equal(false);
  });

  it('deletes for real, once', async () => {
    const a = subscription(team.teamId);
    await repo.insert(a);
    expect(await repo.delete(team, a.id)).to.equal(true);
    expect(await repo.findById(team, a.id)).to.equal(null);
    expect(await repo.delete(team, a.id)).to.equal(false);
  });

  it("keeps teams apart: another team's subscription is not found, changed, deleted, listed or counted", async () => {
    const other = { teamId: id() };
    const theirs = subscription(other.teamId);
    await repo.insert(theirs);
    await repo.insert(subscription(team.teamId));
    expect(await repo.findById(team, theirs.id)).to.equal(null);
    expect(await repo.update({ ...theirs, teamId: team.teamId, url: 'https://evil.example.com' })).to.equal(false);
    expect(await repo.delete(team, theirs.id)).to.equal(false);
    expect(await repo.findById(other, theirs.id)).to.deep.equal(theirs);
    const page = await repo.list(team, {}, q());
    expect(page.total).to.equal(1);
    expect(page.items.map((s) => s.teamId)).to.deep.equal([team.teamId]);
    expect(await repo.countForTeam(team)).to.equal(1);
    expect(await repo.countForTeam(other)).to.equal(1);
    expect((await repo.listActive(team)).map((s) => s.teamId)).to.deep.equal([team.teamId]);
  });

  it('lists a page in the order asked, id breaking ties, with the exact total', async () => {
    const same = at(10);
    const made = [
      subscription(team.teamId, { url: 'https://b.example.com', createdAt: same, updatedAt: at(3) }),
      subscription(team.teamId, { url: 'https://A.example.com', createdAt: same, updatedAt: at(1) }),
      subscription(team.teamId, { url: 'https://c.example.com', createdAt: at(5), updatedAt: at(2) }),
    ];
    for (const s of made) await repo.insert(s);
    const [b, a, c] = made;
    const ids = async (query: ListQuery<EventSubscriptionSortField>) => (await repo.list(team, {}, query)).items.map((s) => s.id);
    expect(await ids(q())).to.deep.equal([...[a.id, b.id].sort().reverse(), c.id]);
    expect(await ids(q({ sort: { field: 'created_at', descending: false } }))).to.deep.equal([c.id, ...[a.id, b.id].sort()]);
    expect(await ids(q({ sort: { field: 'url', descending: false } }))).to.deep.equal([a.id, b.id, c.id]);
    expect(await ids(q({ sort: { field: 'updated_at', descending: true } }))).to.deep.equal([b.id, c.id, a.id]);
    const second = await repo.list(team, {}, q({ page: 2, limit: 2, sort: { field: 'url', descending: false } }));
    expect(second.total).to.equal(3);
    expect(second.items.map((s) => s.id)).to.deep.equal([c.id]);
  });

  it('lists the active ones (active and not disabled) in creation order, and counts them all', async () => {
    const first = subscription(team.teamId, { createdAt: at(1) });
    const inactive = subscription(team.teamId, { createdAt: at(2), isActive: false });
    const disabled = subscription(team.teamId, { createdAt: at(3), disabledAt: at(4), disabledReason: 'gone' });
    const last = subscription(team.teamId, { createdAt: at(5) });
    for (const s of [last, disabled, inactive, first]) await repo.insert(s);
    expect((await repo.listActive(team)).map((s) => s.id)).to.deep.equal([first.id, last.id]);
    expect(await repo.countForTeam(team)).to.equal(4);
    expect(await repo.countForTeam({ teamId: id() })).to.equal(0);
  });

  it('lists the sealed secrets of every subscription, whatever its team, by team then id', async () => {
    const other = { teamId: id() };
    const mine = [
      subscription(team.teamId, { secretSealed: 'sealed:a' }),
      subscription(other.teamId, { secretSealed: 'sealed:b', previousSecretSealed: 'sealed:b-before', previousSecretExpiresAt: at(9) }),
      subscription(team.teamId, { secretSealed: 'sealed:c', isActive: false, disabledAt: at(4), disabledReason: 'gone' }),
    ];
    for (const s of mine) await repo.insert(s);
    const expected = mine
      .map((s) => ({ teamId: s.teamId, id: s.id, secretSealed: s.secretSealed, previousSecretSealed: s.previousSecretSealed }))
      .sort((a, b) => a.teamId.localeCompare(b.teamId) || a.id.localeCompare(b.id));
    const teams = [team.teamId, other.teamId];
    expect((await repo.listSealedSecrets()).filter((s) => teams.includes(s.teamId))).to.deep.equal(expected);
  });

  it('replaces the sealed secrets only while the stored ones are those read, in its team, and leaves the rest', async () => {
    const before = { secretSealed: 'sealed:current', previousSecretSealed: 'sealed:previous' };
    const after = { secretSealed: 'sealed:current-again', previousSecretSealed: 'sealed:previous-again' };
    const s = subscription(team.teamId, { ...before, previousSecretExpiresAt: at(30) });
    await repo.insert(s);
    expect(await repo.replaceSealedSecrets({ teamId: id() }, s.id, before, after), 'another team').to.equal(false);
    expect(
      await repo.replaceSealedSecrets(team, s.id, { ...before, secretSealed: 'sealed:other' }, after),
      'not the stored secret',
    ).to.equal(false);
    expect(
      await repo.replaceSealedSecrets(team, s.id, { ...before, previousSecretSealed: null }, after),
      'not the stored previous',
    ).to.equal(false);
    expect(await repo.findById(team, s.id)).to.deep.equal(s);
    expect(await repo.replaceSealedSecrets(team, s.id, before, after)).to.equal(true);
    expect(await repo.findById(team, s.id), 'the rest, updated_at included, stays').to.deep.equal({ ...s, ...after });
    expect(await repo.replaceSealedSecrets(team, s.id, before, after), 'already replaced').to.equal(false);
  });

  it('replaces the secret of a subscription that has no previous one while it still has none', async () => {
    const s = subscription(team.teamId, { secretSealed: 'sealed:only' });
    await repo.insert(s);
    const expected = { secretSealed: 'sealed:only', previousSecretSealed: null };
    expect(
      await repo.replaceSealedSecrets(team, s.id, { ...expected, previousSecretSealed: 'sealed:only' }, { ...expected, secretSealed: 'x' }),
      'a previous one it does not have',
    ).to.equal(false);
    expect(
      await repo.replaceSealedSecrets(team, s.id, expected, { secretSealed: 'sealed:only-again', previousSecretSealed: null }),
    ).to.equal(true);
    expect(await repo.findById(team, s.id)).to.deep.equal({ ...s, secretSealed: 'sealed:only-again' });
  });
});
