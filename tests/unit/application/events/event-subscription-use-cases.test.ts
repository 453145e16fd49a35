import { expect } from 'chai';
import { MemoryEventSubscriptionRepository } from '../../../../adapters/persistence/memory/events/memory-event-subscription-repository';
import { MemoryStore, MemoryUnitOfWork } from '../../../../adapters/persistence/memory/shared/memory-store';
import { CreateEventSubscription } from '../../../../application/events/create-event-subscription';
import { DeleteEventSubscription } from '../../../../application/events/delete-event-subscription';
import { EventSigning } from '../../../../application/events/event-signing';
import { EventTargetGuard } from '../../../../application/events/event-target-guard';
import { RotateEventSubscriptionSecret } from '../../../../application/events/rotate-event-subscription-secret';
import { SubscriptionSecrets } from '../../../../application/events/subscription-secrets';
import { UpdateEventSubscription } from '../../../../application/events/update-event-subscription';
import { CredentialCipher, SecretsKeyMissing } from '../../../../application/whatsapp/credential-cipher';
import { PREVIOUS_SECRET_TTL_MS } from '../../../../domain/events/event-subscription';
import { NotFound, PlanLimitReached, Unprocessable, ValidationFailed } from '../../../../domain/shared/errors';

class FakeGuard implements EventTargetGuard {
  checked: string[] = [];
  async check(url: string): Promise<void> {
    this.checked.push(url);
    if (url.includes('refused')) throw new ValidationFailed('The subscription host is refused', 'url');
  }
}

class CountingSigning implements EventSigning {
  private n = 0;
  newSecret(): string {
    return `whsec_secret${++this.n}`;
  }
  signature(): string {
    return '';
  }
}

const sealing: CredentialCipher = {
  seal: (plain) => `sealed(${plain})`,
  open: (sealed) => sealed.slice('sealed('.length, -1),
  reseal: () => null,
};
const keyless: CredentialCipher = {
  seal: () => {
    throw new SecretsKeyMissing('no key');
  },
  open: () => {
    throw new SecretsKeyMissing('no key');
  },
  reseal: () => null,
};

const T0 = new Date('2026-03-01T10:00:00.000Z');

function world(options: { perTeam?: number; cipher?: CredentialCipher } = {}) {
  const store = new MemoryStore();
  const uow = new MemoryUnitOfWork(store);
  const repo = new MemoryEventSubscriptionRepository(store);
  const guard = new FakeGuard();
  let now = T0;
  const clock = { now: () => now };
  let n = 0;
  const ids = { next: () => `01900000-0000-7000-8000-${String(++n).padStart(12, '0')}` };
  const secrets = new SubscriptionSecrets(new CountingSigning(), options.cipher ?? sealing);
  return {
    repo,
    guard,
    tick: (ms: number) => (now = new Date(now.getTime() + ms)),
    create: new CreateEventSubscription(uow, repo, guard, secrets, { perTeam: options.perTeam ?? 3 }, ids, clock),
    update: new UpdateEventSubscription(uow, repo, guard, clock),
    rotate: new RotateEventSubscriptionSecret(uow, repo, secrets, clock),
    remove: new DeleteEventSubscription(uow, repo),
  };
}

const team = { teamId: '01900000-0000-7000-8000-0000000000aa' };
const other = { teamId: '01900000-0000-7000-8000-0000000000bb' };

const rejection = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a refusal');
};

describe('Event subscription use cases', () => {
  it('create judges the URL, keeps the secret sealed, and answers it in clear once', async () => {
    const w = world();
    const created = await w.create.execute(team, { url: 'https://hooks.example.com/in', events: ['deal.*'] });
    expect(w.guard.checked).to.deep.equal(['https://hooks.example.com/in']);
    expect(created.secret).to.equal('whsec_secret1');
    expect(created.subscription.secretSealed).to.equal('sealed(whsec_secret1)');
    expect(await w.repo.findById(team, created.subscription.id)).to.deep.equal(created.subscription);
  });

  it('create refuses a URL the guard refuses, and writes nothing', async () => {
    const w = world();
    const err = await rejection(w.create.execute(team, { url: 'https://refused.example.com', events: ['*'] }));
    expect(err).to.be.instanceOf(ValidationFailed);
    expect(await w.repo.countForTeam(team)).to.equal(0);
  });

  it("create refuses past the team's quota, counting only the team's own", async () => {
    const w = world({ perTeam: 2 });
    for (let i = 0; i < 2; i++) await w.create.execute(team, { url: `https://h.example.com/${i}`, events: ['*'] });
    await w.create.execute(other, { url: 'https://h.example.com/x', events: ['*'] });
    const err = await rejection(w.create.execute(team, { url: 'https://h.example.com/3', events: ['*'] }));
    expect(err).to.be.instanceOf(PlanLimitReached);
    expect(err.message).to.match(/at most 2 event subscriptions/);
    expect(await w.repo.countForTeam(team)).to.equal(2);
  });

  it('create and rotate are 422 naming SECRETS_KEY on a server without it', async () => {
    const w = world({ cipher: keyless });
    const err = await rejection(w.create.execute(team, { url: 'https://h.example.com', events: ['*'] }));
    expect(err).to.be.instanceOf(Unprocessable);
    expect(err.message).to.include('SECRETS_KEY');
    expect(await rejection(w.rotate.execute(team, { id: '01900000-0000-7000-8000-000000000001' }))).to.be.instanceOf(Unprocessable);
    expect(await w.repo.countForTeam(team)).to.equal(0);
  });

  it('update judges the URL only when it changes, and a missing or foreign one is 404', async () => {
    const w = world();
    const { subscription } = await w.create.execute(team, { url: 'https://h.example.com/a', events: ['*'] });
    w.guard.checked = [];
    await w.update.execute(team, { id: subscription.id, changes: { url: 'https://h.example.com/a', description: 'same url' } });
    expect(w.guard.checked).to.deep.equal([]);
    const changed = await w.update.execute(team, { id: subscription.id, changes: { url: ' https://h.example.com/b ' } });
    expect(w.guard.checked).to.deep.equal(['https://h.example.com/b']);
    expect(changed.url).to.equal('https://h.example.com/b');
    const refused = await rejection(w.update.execute(team, { id: subscription.id, changes: { url: 'https://refused.example.com' } }));
    expect(refused).to.be.instanceOf(ValidationFailed);
    expect((await w.repo.findById(team, subscription.id))?.url).to.equal('https://h.example.com/b');
    expect(await rejection(w.update.execute(other, { id: subscription.id, changes: { isActive: false } }))).to.be.instanceOf(NotFound);
    expect(await rejection(w.update.execute(other, { id: subscription.id, changes: { url: 'https://x.example.com' } }))).to.be.instanceOf(
      NotFound,
    );
  });

  it('update with is_active true enables again what the service disabled', async () => {
    const w = world();
    const { subscription } = await w.create.execute(team, { url: 'https://h.example.com/a', events: ['*'] });
    await w.repo.update({ ...subscription, disabledAt: T0.toISOString(), disabledReason: 'gone', failingSince: T0.toISOString() });
    const enabled = await w.update.execute(team, { id: subscription.id, changes: { isActive: true } });
    expect(enabled).to.include({ disabledAt: null, disabledReason: null, failingSince: null, isActive: true });
  });

  it('rotate answers a new secret and keeps the former one signing for 24 hours', async () => {
    const w = world();
    const { subscription, secret } = await w.create.execute(team, { url: 'https://h.example.com/a', events: ['*'] });
    w.tick(1000);
    const rotated = await w.rotate.execute(team, { id: subscription.id });
    expect(rotated.secret).to.not.equal(secret);
    expect(rotated.subscription).to.include({
      secretSealed: `sealed(${rotated.secret})`,
      previousSecretSealed: `sealed(${secret})`,
      previousSecretExpiresAt: new Date(T0.getTime() + 1000 + PREVIOUS_SECRET_TTL_MS).toISOString(),
    });
    expect(await rejection(w.rotate.execute(other, { id: subscription.id }))).to.be.instanceOf(NotFound);
  });

  it('delete removes it for good, once, and only in its team', async () => {
    const w = world();
    const { subscription } = await w.create.execute(team, { url: 'https://h.example.com/a', events: ['*'] });
    expect(await rejection(w.remove.execute(other, { id: subscription.id }))).to.be.instanceOf(NotFound);
    expect(await w.remove.execute(team, { id: subscription.id })).to.deep.equal({ id: subscription.id, deleted: true });
    expect(await rejection(w.remove.execute(team, { id: subscription.id }))).to.be.instanceOf(NotFound);
  });
});
