import { expect } from 'chai';
import { FixedIdScope, FixedIdSequence } from '../../../adapters/system/scoped-ids';
import { Sha256SecretHasher } from '../../../adapters/system/sha256-secret-hasher';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const AT = new Date('2026-01-01T00:00:00Z');

describe('FixedIdScope', () => {
  it('hands out fixed UUIDv7s inside run, counted per step, and random ones outside', async () => {
    const scope = new FixedIdScope();
    const ids = scope.ids(new UuidV7Generator());
    const before = ids.next();
    const sequence = new FixedIdSequence(AT);
    const inside = await scope.run(sequence, async () => {
      const first = [ids.next(), ids.next()];
      await new Promise((resolve) => setImmediate(resolve));
      sequence.nextStep();
      return [...first, ids.next()];
    });
    expect(inside).to.deep.equal([
      '019b76da-a800-7000-8000-000000000001',
      '019b76da-a800-7000-8000-000000000002',
      '019b76da-a800-7001-8000-000000000001',
    ]);
    for (const id of [before, ids.next(), ...inside]) expect(id).to.match(V7);
    expect(ids.next() > inside[2]).to.equal(true);
  });

  it('gives work started inside run but still going after it random ids', async () => {
    const scope = new FixedIdScope();
    const ids = scope.ids(new UuidV7Generator());
    let later: Promise<string> | undefined;
    await scope.run(new FixedIdSequence(AT), async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(ids.next()), 5));
    });
    expect(await later).to.not.match(/^019b76da-a800-/);
  });

  it('fixes only the public ids of the prefixes named, at the length of a random one, and keeps secrets random', async () => {
    const scope = new FixedIdScope();
    const random = new Sha256SecretHasher();
    const hasher = scope.hasher(random, ['wh_']);
    const [endpointId, key] = await scope.run(new FixedIdSequence(AT), async () => [hasher.generate('wh_'), hasher.generate('wsk_')]);
    expect(endpointId).to.equal('wh_demo000000000000000000000000000000000000001');
    expect(endpointId.length).to.equal(random.generate('wh_').length);
    expect(key).to.match(/^wsk_[A-Za-z0-9_-]{43}$/);
    expect(hasher.generate('wh_')).to.not.equal(endpointId);
    expect(hasher.matches(key, random.hash(key))).to.equal(true);
  });
});
