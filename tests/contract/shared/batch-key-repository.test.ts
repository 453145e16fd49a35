import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { BatchKeyRepository } from '../../../domain/shared/batch-key-repository';
import { newBatchKeyRecord } from '../../../domain/shared/batch-keys';
import { TOKENS } from '../../../bootstrap/tokens';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

let teamSeq = 3000;
const now = new Date('2026-12-02T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

forEachBackend('BatchKeyRepository contract', (env) => {
  let keys: BatchKeyRepository;
  let uow: UnitOfWork;
  let team: { teamId: string };
  beforeEach(() => {
    keys = env().container.get(TOKENS.BatchKeyRepository);
    uow = env().container.get(TOKENS.UnitOfWork);
    team = { teamId: ClientMother.id(++teamSeq) };
  });
  const claim = (route: string, key: string, fingerprint = 'f', at = now) =>
    uow.run(() => keys.claim(newBatchKeyRecord(team.teamId, route, key, fingerprint, at), at));

  it('takes a key once per team and route, and keeps its answer with its status and body', async () => {
    expect(await claim('clients', 'k1')).to.equal(true);
    expect(await claim('clients', 'k1', 'other')).to.equal(false);
    expect(await claim('leads', 'k1')).to.equal(true);
    const held = await keys.find(team, 'clients', 'k1');
    expect(held).to.deep.include({ teamId: team.teamId, route: 'clients', key: 'k1', fingerprint: 'f', answer: null });
    expect(held!.expiresAt).to.equal(later(DAY).toISOString());

    const body = { success: true, data: { results: [{ index: 0, status: 'created', id: 'x' }], totals: { created: 1 } } };
    await uow.run(() => keys.complete(team, 'clients', 'k1', { status: 207, body }));
    expect((await keys.find(team, 'clients', 'k1'))!.answer).to.deep.equal({ status: 207, body });
    expect((await keys.find(team, 'leads', 'k1'))!.answer).to.equal(null);
    expect(await keys.find({ teamId: ClientMother.id(++teamSeq) }, 'clients', 'k1')).to.equal(null);
  });

  it('releases a key without an answer, never one with', async () => {
    await claim('clients', 'open');
    await claim('clients', 'done');
    await uow.run(() => keys.complete(team, 'clients', 'done', { status: 200, body: { success: true } }));
    await uow.run(() => keys.release(team, 'clients', 'open'));
    await uow.run(() => keys.release(team, 'clients', 'done'));
    expect(await keys.find(team, 'clients', 'open')).to.equal(null);
    expect(await keys.find(team, 'clients', 'done')).to.not.equal(null);
    expect(await claim('clients', 'open', 'again')).to.equal(true);
  });

  it('takes an expired key again, and purges expired keys', async () => {
    await claim('clients', 'old');
    expect(await claim('clients', 'old', 'new', later(DAY))).to.equal(true);
    expect((await keys.find(team, 'clients', 'old'))!.fingerprint).to.equal('new');
    await claim('leads', 'kept', 'f', later(DAY + 1000));
    expect(await uow.run(() => keys.purgeExpired(later(2 * DAY)))).to.be.at.least(1);
    expect(await keys.find(team, 'clients', 'old')).to.equal(null);
    expect(await keys.find(team, 'leads', 'kept')).to.not.equal(null);
  });
});
