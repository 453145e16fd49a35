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
import { WebhookEndpointData } from '../../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../../domain/webhooks/webhook-endpoint-repository';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';
import { referencedRows } from '../../support/referenced-rows';

let seq = 7000;
const OLD = randomBytes(32);
const NEW = randomBytes(32);

/**
 * Rotating SECRETS_KEY moves the signing secrets of inbound endpoints too: the same storage resealed by a
 * cipher holding the new key and the old one as previous, then read with the new key alone.
 */
forEachBackend('Resealing the signing secrets of inbound endpoints under a new key', (env, backend) => {
  const endpoints = () =>
    referencedRows(env()).webhookEndpoints(env().container.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository));
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
      env().container.get(EVENT_TOKENS.EventSubscriptionRepository),
      cipher,
    ).execute();
  };
  const team = { teamId: ClientMother.id(++seq) };
  const signed = (signingSecret: string | null, over: Partial<WebhookEndpointData> = {}): WebhookEndpointData => {
    const n = ++seq;
    const at = new Date(Date.UTC(2026, 2, 1, 0, 0, n % 60)).toISOString();
    return {
      id: ClientMother.id(n),
      teamId: team.teamId,
      endpointId: `wh_reseal_${n}_${randomBytes(4).toString('hex')}`,
      name: `Signed ${n}`,
      slug: `signed-${n}`,
      isActive: true,
      actionType: 'create_lead',
      actionConfig: { projectId: ClientMother.id(1), pipelineId: null, columnSlug: null },
      fieldMapping: {},
      authMode: 'typeform_signature',
      secretHash: null,
      signingSecret,
      idempotencyPath: null,
      verifyTokenHash: null,
      createdAt: at,
      updatedAt: at,
      ...over,
    };
  };
  const stored = async (id: string) => (await endpoints().findById(team, id))!;

  it('reseals what the previous key sealed, leaves what the current key sealed and what no key opens, and a second run changes nothing', async () => {
    const oldKey = signed(new AesGcmCipher(OLD).seal('typeform-old'));
    const newKey = signed(new AesGcmCipher(NEW).seal('typeform-new'));
    const lost = signed(new AesGcmCipher(randomBytes(32)).seal('typeform-lost'));
    const hashed = signed(null, { authMode: 'secret', secretHash: 'a'.repeat(64) });
    for (const e of [oldKey, newKey, lost, hashed]) await endpoints().insert(e);
    const mine = (ids: string[]) => ids.filter((i) => [oldKey.id, newKey.id, lost.id].includes(i));

    const first = await reseal(NEW, [OLD]);
    expect(first.signingSecrets.resealed, 'the old key sealed one of this team').to.be.at.least(1);
    expect(mine(first.signingSecrets.unreadable)).to.deep.equal([lost.id]);
    expect(first.inboxes).to.include.keys('resealed', 'alreadyCurrent', 'unreadable');

    const now = new AesGcmCipher(NEW);
    const resealed = await stored(oldKey.id);
    expect(resealed.signingSecret).to.not.equal(oldKey.signingSecret);
    expect(now.open(resealed.signingSecret!), 'the new key alone opens it').to.equal('typeform-old');
    expect(resealed, 'nothing else changes').to.deep.equal({ ...oldKey, signingSecret: resealed.signingSecret });
    expect(await stored(newKey.id), 'already under the current key: untouched').to.deep.equal(newKey);
    expect(await stored(lost.id), 'no key opens it: left as it is').to.deep.equal(lost);
    expect(await stored(hashed.id)).to.deep.equal(hashed);

    const second = await reseal(NEW);
    expect(second.signingSecrets.resealed).to.equal(0);
    expect(second.signingSecrets.alreadyCurrent).to.equal(first.signingSecrets.alreadyCurrent + first.signingSecrets.resealed);
    expect(mine(second.signingSecrets.unreadable)).to.deep.equal([lost.id]);
    expect(await stored(oldKey.id)).to.deep.equal(resealed);
  });
});
