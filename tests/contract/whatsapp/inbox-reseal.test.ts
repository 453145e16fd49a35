import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { KnexInboxRepository } from '../../../adapters/persistence/knex/whatsapp/knex-inbox-repository';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { MemoryInboxRepository } from '../../../adapters/persistence/memory/whatsapp/memory-inbox-repository';
import { MemoryStore } from '../../../adapters/persistence/memory/shared/memory-store';
import { AesGcmCipher } from '../../../adapters/system/aes-gcm-cipher';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { TOKENS } from '../../../bootstrap/tokens';
import { Inbox, InboxData } from '../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../domain/whatsapp/inbox-repository';
import { forEachBackend } from '../../support/backends';

let seq = 0;
const uuid = () => `0190c000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2026, 1, 1, 0, 0, n));
const OLD = randomBytes(32);
const NEW = randomBytes(32);

/**
 * Rotating SECRETS_KEY: the same storage read by repositories given different keys, as the nodes are
 * before, during (SECRETS_KEY_PREVIOUS set) and after the rotation.
 */
forEachBackend('Inbox repository: resealing credentials under a new key', (env, backend) => {
  const team = { teamId: '0190c000-0000-7000-8000-aaaaaaaaaaaa' };
  const repository = (key: Buffer, previous: Buffer[] = []): InboxRepository => {
    const cipher = new AesGcmCipher(key, previous);
    return backend === 'memory'
      ? new MemoryInboxRepository(env().container.get<MemoryStore>(TOKENS.MemoryStore), cipher)
      : new KnexInboxRepository(env().container.get<KnexDatabase>(TOKENS.KnexDatabase), cipher);
  };
  const before = () => repository(OLD);
  const rotating = () => repository(NEW, [OLD]);
  const after = () => repository(NEW);
  const reseal = (repo: InboxRepository) =>
    env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(() => repo.resealCredentials());

  const cloud = (token: string): InboxData =>
    Inbox.create(
      uuid(),
      team.teamId,
      { name: 'Vendas', channel: 'cloud_api', phoneNumberId: `pn-${uuid()}`, accessToken: token },
      at(seq),
    ).snapshot();
  const sandbox = (): InboxData => Inbox.create(uuid(), team.teamId, { name: 'Demo', channel: 'sandbox' }, at(seq)).snapshot();

  /** The stored text of the inbox's credentials. */
  const stored = async (id: string): Promise<string> =>
    backend === 'memory'
      ? env().container.get<MemoryStore>(TOKENS.MemoryStore).table<{ credentials: string }>('whatsapp_inboxes').get(id)!.credentials
      : ((await env().container.get<KnexDatabase>(TOKENS.KnexDatabase).db('whatsapp_inboxes').where({ id }).first()).credentials as string);

  /** An inbox as it was stored before credentials were sealed: its credentials as JSON, in clear. */
  const insertInClear = async (i: InboxData): Promise<void> => {
    const phoneNumberId = i.credentials.channel === 'cloud_api' ? i.credentials.phoneNumberId : null;
    if (backend === 'memory') {
      env()
        .container.get<MemoryStore>(TOKENS.MemoryStore)
        .table('whatsapp_inboxes')
        .set(i.id, { ...i, phoneNumberId, credentials: JSON.stringify(i.credentials) });
      return;
    }
    await env()
      .container.get<KnexDatabase>(TOKENS.KnexDatabase)
      .db('whatsapp_inboxes')
      .insert({
        team_id: i.teamId,
        id: i.id,
        name: i.name,
        channel: i.channel,
        is_active: i.isActive,
        phone_number_id: phoneNumberId,
        credentials: JSON.stringify(i.credentials),
        created_at: i.createdAt,
        updated_at: i.updatedAt,
      });
  };

  const removeAllInboxes = async (): Promise<void> => {
    if (backend === 'memory') {
      const table = env().container.get<MemoryStore>(TOKENS.MemoryStore).table<{ id: string }>('whatsapp_inboxes');
      for (const r of table.all()) table.delete(r.id);
    } else {
      await env().container.get<KnexDatabase>(TOKENS.KnexDatabase).db('whatsapp_inboxes').delete();
    }
  };

  it('opens credentials the previous key sealed while it is given as the previous key, and not without it', async () => {
    const i = cloud('EAAG-old-key');
    await before().insert(i);
    expect(await rotating().findById(team, i.id)).to.deep.equal(i);
    let error: unknown;
    try {
      await after().findById(team, i.id);
    } catch (e) {
      error = e;
    }
    expect(error, 'the new key alone does not open them').to.be.instanceOf(Error);
  });

  it('reseals every credential under the current key, those in clear included, and a second reseal changes nothing', async () => {
    await removeAllInboxes();
    const oldKey = cloud('EAAG-old-key');
    const newKey = cloud('EAAG-new-key');
    const inClear = cloud('EAAG-in-clear');
    const demo = sandbox();
    const lost = cloud('EAAG-lost-key');
    await before().insert(oldKey);
    await after().insert(newKey);
    await insertInClear(inClear);
    await after().insert(demo);
    await repository(randomBytes(32)).insert(lost);
    const newKeyText = await stored(newKey.id);

    expect(await reseal(rotating())).to.deep.equal({
      resealed: 1,
      alreadyCurrent: 1,
      plaintextSealed: 1,
      withoutSecret: 1,
      unreadable: [lost.id],
    });
    for (const i of [oldKey, newKey, inClear, demo]) expect(await after().findById(team, i.id), i.name).to.deep.equal(i);
    expect(await stored(inClear.id))
      .to.match(/^v1:/)
      .and.not.contain('EAAG-in-clear');
    expect(await stored(newKey.id), 'already under the current key: untouched').to.equal(newKeyText);
    expect(JSON.parse(await stored(demo.id)), 'the sandbox holds no secret: kept as JSON').to.deep.equal(demo.credentials);

    const texts = await Promise.all([oldKey, newKey, inClear, demo, lost].map((i) => stored(i.id)));
    expect(await reseal(after())).to.deep.equal({
      resealed: 0,
      alreadyCurrent: 3,
      plaintextSealed: 0,
      withoutSecret: 1,
      unreadable: [lost.id],
    });
    expect(await Promise.all([oldKey, newKey, inClear, demo, lost].map((i) => stored(i.id)))).to.deep.equal(texts);
  });
});
