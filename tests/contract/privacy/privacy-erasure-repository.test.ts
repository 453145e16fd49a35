import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { PRIVACY_TOKENS } from '../../../bootstrap/contexts/privacy';
import { TOKENS } from '../../../bootstrap/tokens';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { PrivacyErasureData, noErasures, privacyErasure } from '../../../domain/privacy/privacy-erasure';
import { PrivacyErasureRepository } from '../../../domain/privacy/privacy-erasure-repository';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

let seq = 9600;
const id = () => ClientMother.id(++seq);
const T0 = new Date('2026-12-03T12:00:00.000Z');

const entry = (team: TeamContext, n: number, over: Partial<PrivacyErasureData> = {}): PrivacyErasureData => ({
  ...privacyErasure(
    id(),
    team,
    `Pedido do titular nº ${n} — exclusão`,
    { ...noErasures(), clients: n, events: 2 * n },
    { salt: 'a'.repeat(32), hash: 'b'.repeat(64) },
    new Date(T0.getTime() + n * 1000),
  ),
  ...over,
});

forEachBackend('PrivacyErasureRepository contract', (env) => {
  const repo = () => env().container.get<PrivacyErasureRepository>(PRIVACY_TOKENS.PrivacyErasureRepository);
  const uow = () => env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
  const team: TeamContext = { teamId: randomUUID(), actor: 'api_key:0190a000-0000-7000-8000-0000000000aa', requestId: 'req-1' };
  const other: TeamContext = { teamId: randomUUID() };

  it('round-trips an entry, with its actor, request and counts, for its own team only', async () => {
    const e = entry(team, 1);
    await uow().run(() => repo().insert(e));
    expect(await repo().findById(team, e.id)).to.deep.equal(e);
    expect(e).to.include({ actor: 'api_key:0190a000-0000-7000-8000-0000000000aa', requestId: 'req-1' });
    expect(await repo().findById(other, e.id)).to.equal(null);
    const anonymous = entry(other, 3);
    expect(anonymous).to.include({ actor: 'system', requestId: null });
    await uow().run(() => repo().insert(anonymous));
    expect(await repo().findById(other, anonymous.id)).to.deep.equal(anonymous);
  });

  it("lists a team's entries newest first, a page at a time, with the total", async () => {
    const t: TeamContext = { teamId: randomUUID() };
    const written = [entry(t, 1), entry(t, 2), entry(t, 3)];
    for (const e of written) await uow().run(() => repo().insert(e));
    const first = await repo().list(t, { page: 1, limit: 2 });
    expect(first.total).to.equal(3);
    expect(first.items.map((e) => e.id)).to.deep.equal([written[2].id, written[1].id]);
    expect((await repo().list(t, { page: 2, limit: 2 })).items).to.deep.equal([written[0]]);
    expect((await repo().list(t, { page: 1, limit: 5, ascending: true })).items.map((e) => e.id)).to.deep.equal(written.map((e) => e.id));
    expect(await repo().list({ teamId: randomUUID() }, { page: 1, limit: 5 })).to.deep.equal({ items: [], total: 0 });
    const since = await repo().list(t, { page: 1, limit: 5, updatedSince: written[1].createdAt });
    expect(since.items.map((e) => e.id)).to.deep.equal([written[2].id, written[1].id]);
    expect(since.total).to.equal(2);
  });
});
