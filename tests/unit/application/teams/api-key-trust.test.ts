import { expect } from 'chai';
import { Stopwatch } from '../../../../application/shared/clock';
import { AuthenticateApiKey } from '../../../../application/teams/authenticate-api-key';
import { KeyTrust } from '../../../../application/teams/key-trust';
import { RevokeApiKey } from '../../../../application/teams/revoke-api-key';
import { Unauthorized } from '../../../../domain/shared/errors';
import { ApiKeyData } from '../../../../domain/teams/api-key';
import { ApiKeyRepository } from '../../../../domain/teams/team-repository';
import { LruMemos } from '../../../../adapters/system/lru-memo';
import { Sha256SecretHasher } from '../../../../adapters/system/sha256-secret-hasher';

const hasher = new Sha256SecretHasher();

/** Time moved by the test; `wait` resolves when the test moves time past it. */
class FakeStopwatch implements Stopwatch {
  at = 0;
  private readonly waiting: Array<{ until: number; resolve: () => void }> = [];
  elapsedMs(): number {
    return this.at;
  }
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ until: this.at + ms, resolve }));
  }
  get waits(): number {
    return this.waiting.length;
  }
  advance(ms: number): void {
    this.at += ms;
    for (const w of this.waiting.splice(0)) {
      if (w.until <= this.at) w.resolve();
      else this.waiting.push(w);
    }
  }
}

/** Keys by hash, counting the reads by hash; a read may be held until the test lets it go. */
class CountingKeys implements ApiKeyRepository {
  readonly byId = new Map<string, ApiKeyData>();
  reads = 0;
  hold: Promise<void> | null = null;
  async insert(key: ApiKeyData): Promise<void> {
    this.byId.set(key.id, { ...key });
  }
  async findByHash(keyHash: string): Promise<ApiKeyData | null> {
    this.reads++;
    // What the store holds when the read reaches it, not when it ends.
    const found = [...this.byId.values()].find((k) => k.keyHash === keyHash);
    const answer = found ? { ...found } : null;
    if (this.hold) await this.hold;
    return answer;
  }
  async findById(id: string): Promise<ApiKeyData | null> {
    const found = this.byId.get(id);
    return found ? { ...found } : null;
  }
  async update(key: ApiKeyData): Promise<void> {
    this.byId.set(key.id, { ...key });
  }
  async listNewestFirst(): Promise<never> {
    throw new Error('not used');
  }
}

const clock = { now: () => new Date('2026-11-27T10:00:00.000Z') };
let serial = 0;

/** A world of one store, one process authenticating with a trust period, and revocations. */
function world(periodMs: number) {
  const keys = new CountingKeys();
  const stopwatch = new FakeStopwatch();
  const trust = new KeyTrust(periodMs, stopwatch, new LruMemos(stopwatch));
  const auth = new AuthenticateApiKey(keys, hasher, trust);
  const revoke = new RevokeApiKey(keys, clock, trust);
  const issue = async (teamId = 'team-a') => {
    const key = hasher.generate('wsk_');
    const id = `019a2b3d-0000-7000-8000-${String(++serial).padStart(12, '0')}`;
    await keys.insert({
      id,
      teamId,
      name: null,
      keyHash: hasher.hash(key),
      isActive: true,
      createdAt: clock.now().toISOString(),
      revokedAt: null,
    });
    return { id, key };
  };
  const refused = async (key: string) => {
    const err = await auth.execute({ key }).then(
      () => null,
      (e: unknown) => e,
    );
    return err instanceof Unauthorized;
  };
  return { keys, stopwatch, auth, revoke, issue, refused };
}

describe('API keys trusted for a while (KeyTrust)', () => {
  it('reads a key once while it is trusted, and again once the period since that read began is over', async () => {
    const w = world(1000);
    const { key, id } = await w.issue('team-a');
    for (let i = 0; i < 5; i++) expect(await w.auth.execute({ key })).to.deep.equal({ teamId: 'team-a', apiKeyId: id });
    expect(w.keys.reads).to.equal(1);
    w.stopwatch.advance(999);
    await w.auth.execute({ key });
    expect(w.keys.reads).to.equal(1);
    w.stopwatch.advance(1);
    await w.auth.execute({ key });
    expect(w.keys.reads).to.equal(2);
  });

  it('counts the period from when the read began, not from when its answer came', async () => {
    const w = world(1000);
    const { key } = await w.issue();
    let release = () => undefined as void;
    w.keys.hold = new Promise<void>((resolve) => (release = resolve));
    const first = w.auth.execute({ key });
    w.stopwatch.advance(900);
    release();
    await first;
    w.keys.hold = null;
    w.stopwatch.advance(100);
    await w.auth.execute({ key });
    expect(w.keys.reads, 'read again 1000 ms after the first read began').to.equal(2);
  });

  it('answers the requests that arrive while a key is read with that one read', async () => {
    const w = world(1000);
    const { key } = await w.issue();
    let release = () => undefined as void;
    w.keys.hold = new Promise<void>((resolve) => (release = resolve));
    const answers = Promise.all(Array.from({ length: 10 }, () => w.auth.execute({ key })));
    release();
    expect(await answers).to.have.length(10);
    expect(w.keys.reads).to.equal(1);
  });

  it('refuses a key revoked elsewhere once the period of its last read is over', async () => {
    const w = world(1000);
    const { key, id } = await w.issue();
    await w.auth.execute({ key });
    // Another process (the operator's CLI) revokes it in the store.
    const stored = (await w.keys.findById(id))!;
    await w.keys.update({ ...stored, isActive: false, revokedAt: clock.now().toISOString() });
    w.stopwatch.advance(1000);
    expect(await w.refused(key)).to.equal(true);
    expect(await w.refused(key), 'and again: a refused key is not remembered as trusted').to.equal(true);
  });

  it('reads an unknown or revoked key on every request, so that a key issued after a refusal works at once', async () => {
    const w = world(1000);
    expect(await w.refused('wsk_not-yet')).to.equal(true);
    expect(await w.refused('wsk_not-yet')).to.equal(true);
    expect(w.keys.reads).to.equal(2);
    const { key } = await w.issue();
    expect(await w.refused(key)).to.equal(false);
  });

  it('with a period of 0, reads the key on every request, and revoking does not wait', async () => {
    const w = world(0);
    const { key, id } = await w.issue();
    await w.auth.execute({ key });
    await w.auth.execute({ key });
    expect(w.keys.reads).to.equal(2);
    await w.revoke.execute({ id });
    expect(await w.refused(key)).to.equal(true);
  });

  it('answers a revocation only once the period has passed after it was stored, when no process trusts the key any more', async () => {
    const w = world(1000);
    const { key, id } = await w.issue();
    await w.auth.execute({ key });
    let answered = false;
    const revoking = w.revoke.execute({ id }).then((r) => {
      answered = true;
      return r;
    });
    for (let i = 0; i < 5 && w.stopwatch.waits === 0; i++) await Promise.resolve();
    expect((await w.keys.findById(id))!.isActive, 'stored before the wait').to.equal(false);
    w.stopwatch.advance(999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).to.equal(false);
    w.stopwatch.advance(1);
    expect(await revoking).to.deep.equal({ id, isActive: false });
    expect(await w.refused(key)).to.equal(true);
  });

  it('answers the requests that arrive together with an unknown key with one read, and reads it again next time', async () => {
    const w = world(1000);
    let release = () => undefined as void;
    w.keys.hold = new Promise<void>((resolve) => (release = resolve));
    const together = Promise.all(Array.from({ length: 5 }, () => w.refused('wsk_unknown')));
    release();
    expect(await together).to.deep.equal([true, true, true, true, true]);
    expect(w.keys.reads).to.equal(1);
    w.keys.hold = null;
    expect(await w.refused('wsk_unknown')).to.equal(true);
    expect(w.keys.reads).to.equal(2);
  });

  it('fails the requests that shared a read that failed, and reads the key again next time', async () => {
    const w = world(1000);
    const { key } = await w.issue();
    let fail = (_err: Error) => undefined as void;
    w.keys.hold = new Promise<void>((_, reject) => (fail = reject));
    const together = Promise.allSettled([w.auth.execute({ key }), w.auth.execute({ key })]);
    fail(new Error('connection lost'));
    expect((await together).map((o) => o.status)).to.deep.equal(['rejected', 'rejected']);
    w.keys.hold = null;
    expect(await w.refused(key)).to.equal(false);
    expect(w.keys.reads).to.equal(2);
  });

  it('keeps at most its capacity of keys, letting the oldest go', async () => {
    const keys = new CountingKeys();
    const stopwatch = new FakeStopwatch();
    const auth = new AuthenticateApiKey(keys, hasher, new KeyTrust(1000, stopwatch, new LruMemos(stopwatch), 2));
    const issued: string[] = [];
    for (let i = 0; i < 3; i++) {
      const key = hasher.generate('wsk_');
      await keys.insert({
        id: `k${i}`,
        teamId: 't',
        name: null,
        keyHash: hasher.hash(key),
        isActive: true,
        createdAt: '',
        revokedAt: null,
      });
      issued.push(key);
      await auth.execute({ key });
    }
    expect(keys.reads).to.equal(3);
    await auth.execute({ key: issued[2] });
    await auth.execute({ key: issued[1] });
    expect(keys.reads).to.equal(3);
    await auth.execute({ key: issued[0] });
    expect(keys.reads, 'the first key was let go').to.equal(4);
    // The one used longest ago goes next: the third, used before the second and the first.
    await auth.execute({ key: issued[1] });
    expect(keys.reads).to.equal(4);
    await auth.execute({ key: issued[2] });
    expect(keys.reads, 'the third key was let go').to.equal(5);
  });
});
