import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { KnexInboxRepository } from '../../../adapters/persistence/knex/whatsapp/knex-inbox-repository';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { MemoryInboxRepository } from '../../../adapters/persistence/memory/whatsapp/memory-inbox-repository';
import { MemoryStore } from '../../../adapters/persistence/memory/shared/memory-store';
import { AesGcmCipher } from '../../../adapters/system/aes-gcm-cipher';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ResealSecrets } from '../../../application/webhooks/reseal-secrets';
import { ResealInboxCredentials } from '../../../application/whatsapp/reseal-inbox-credentials';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { WEBHOOK_TOKENS } from '../../../bootstrap/contexts/webhooks';
import { TOKENS } from '../../../bootstrap/tokens';
import { EventSubscriptionData } from '../../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../../domain/events/event-subscription-repository';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

let seq = 7600;
const OLD = randomBytes(32);
const NEW = randomBytes(32);

/**
 * Rotating SECRETS_KEY moves the signing secrets of event subscriptions too, the current one and the one a
 * rotation of the subscription's secret left signing beside it: the same storage resealed by a cipher holding
 * the new key and the old one as previous, then read with the new key alone.
 */
forEachBackend('Resealing the signing secrets of event subscriptions under a new key', (env, backend) => {
  const subscriptions = () => env().container.get<EventSubscriptionRepository>(EVENT_TOKENS.EventSubscriptionRepository);
  const reseal = (key: Buffer, previous: Buffer[] = []) => {
    const cipher = new AesGcmCipher(key, previous);
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const inboxes =
      backend === 'memory'
        ? new MemoryInboxRepository(env().container.get<MemoryStore>(TOKENS.MemoryStore), cipher)
        : new KnexInboxRepository(env().container.get<KnexDatabase>(TOKENS.KnexDatabase), cipher);
    return new ResealSecrets(
      uow,
      new ResealInboxCredentials(uow, inboxes),
      env().container.get(WEBHOOK_TOKENS.WebhookEndpointRepository),
      subscriptions(),
      cipher,
    ).execute();
  };
  const team = { teamId: ClientMother.id(++seq) };
  const subscription = (secretSealed: string, previousSecretSealed: string | null = null): EventSubscriptionData => {
    const n = ++seq;
    const at = new Date(Date.UTC(2026, 2, 1, 0, 0, n % 60)).toISOString();
    return {
      id: ClientMother.id(n),
      teamId: team.teamId,
      url: `https://hooks.example.com/${n}`,
      events: ['deal.*'],
      description: null,
      isActive: true,
      secretSealed,
      previousSecretSealed,
      previousSecretExpiresAt: previousSecretSealed === null ? null : new Date(Date.UTC(2026, 2, 2)).toISOString(),
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      createdAt: at,
      updatedAt: at,
    };
  };
  const stored = async (id: string) => (await subscriptions().findById(team, id))!;
  const old = new AesGcmCipher(OLD);
  const current = new AesGcmCipher(NEW);
  const lostKey = new AesGcmCipher(randomBytes(32));

  it('reseals either secret the previous key sealed, leaves what the current key sealed and what no key opens, and a second run changes nothing', async () => {
    const oldKey = subscription(old.seal('whsec_old'));
    const bothOld = subscription(old.seal('whsec_both'), old.seal('whsec_both_before'));
    const previousOld = subscription(current.seal('whsec_mixed'), old.seal('whsec_mixed_before'));
    const newKey = subscription(current.seal('whsec_new'), current.seal('whsec_new_before'));
    const lost = subscription(lostKey.seal('whsec_lost'));
    const previousLost = subscription(old.seal('whsec_half'), lostKey.seal('whsec_half_before'));
    const all = [oldKey, bothOld, previousOld, newKey, lost, previousLost];
    for (const s of all) await subscriptions().insert(s);
    const mine = (ids: string[]) => ids.filter((i) => all.some((s) => s.id === i));

    const first = await reseal(NEW, [OLD]);
    expect(first.subscriptionSecrets.resealed, 'the old key sealed three of this team').to.be.at.least(3);
    expect(mine(first.subscriptionSecrets.unreadable)).to.deep.equal([lost.id, previousLost.id]);
    expect(first.signingSecrets).to.include.keys('resealed', 'alreadyCurrent', 'unreadable');
    expect(first.inboxes).to.include.keys('resealed', 'alreadyCurrent', 'unreadable');

    const opened = async (id: string) => {
      const s = await stored(id);
      return [current.open(s.secretSealed), s.previousSecretSealed === null ? null : current.open(s.previousSecretSealed)];
    };
    expect(await opened(oldKey.id), 'the new key alone opens them').to.deep.equal(['whsec_old', null]);
    expect(await opened(bothOld.id)).to.deep.equal(['whsec_both', 'whsec_both_before']);
    expect(await opened(previousOld.id)).to.deep.equal(['whsec_mixed', 'whsec_mixed_before']);
    const resealed = await stored(bothOld.id);
    expect(resealed, 'nothing else changes').to.deep.equal({
      ...bothOld,
      secretSealed: resealed.secretSealed,
      previousSecretSealed: resealed.previousSecretSealed,
    });
    expect((await stored(previousOld.id)).secretSealed, 'what the current key sealed stays as it was').to.equal(previousOld.secretSealed);
    expect(await stored(newKey.id), 'already under the current key: untouched').to.deep.equal(newKey);
    expect(await stored(lost.id), 'no key opens it: left as it is').to.deep.equal(lost);
    expect(await stored(previousLost.id), 'one of its secrets no key opens: both left as they are').to.deep.equal(previousLost);

    const second = await reseal(NEW);
    expect(second.subscriptionSecrets.resealed).to.equal(0);
    expect(second.subscriptionSecrets.alreadyCurrent).to.equal(
      first.subscriptionSecrets.alreadyCurrent + first.subscriptionSecrets.resealed,
    );
    expect(mine(second.subscriptionSecrets.unreadable)).to.deep.equal([lost.id, previousLost.id]);
    expect(await stored(bothOld.id)).to.deep.equal(resealed);
  });
});
