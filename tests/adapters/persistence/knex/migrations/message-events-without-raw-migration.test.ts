import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachMigrationBackend } from '../../../../support/migration-harness';

const MIGRATION = '20261203000500_message_events_without_raw';
const AT = '2026-11-01T10:00:00.000Z';

forEachMigrationBackend(MIGRATION, (world) => {
  it("takes the provider's raw object out of the WhatsApp message events written before, and leaves every other event", async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const team = randomUUID();
    await knex('teams').insert({ id: team, name: 'Agência', created_at: AT });
    const raw = { from: '5511987654321', text: { body: 'Oi, aqui é a Conceição' } };
    const event = (type: string, data: unknown) => ({
      team_id: team,
      id: randomUUID(),
      type,
      subject_id: randomUUID(),
      data: JSON.stringify(data),
      status: 'delivered',
      attempts: 1,
      available_at: AT,
      created_at: AT,
    });
    const received = event('whatsapp.message.received', { object: { id: 'm1', text: 'Oi', raw } });
    const changed = event('whatsapp.message.status_changed', {
      object: { id: 'm1', status: 'read', raw },
      previous: { status: 'sent', raw },
    });
    const deal = event('deal.updated', { object: { id: 'd1', raw: 'kept: not a message' }, previous: { raw: 'x' } });
    await knex('events').insert([received, changed, deal]);

    await world().migrateToLatest();
    const dataOf = async (id: string) => JSON.parse((await knex('events').where({ id }).first()).data as string) as unknown;
    expect(await dataOf(received.id)).to.deep.equal({ object: { id: 'm1', text: 'Oi' } });
    expect(await dataOf(changed.id)).to.deep.equal({ object: { id: 'm1', status: 'read' }, previous: { status: 'sent' } });
    expect(await dataOf(deal.id)).to.deep.equal(JSON.parse(deal.data));
  });
});
