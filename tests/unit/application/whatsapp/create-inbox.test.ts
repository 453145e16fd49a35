import { expect } from 'chai';
import { CreateInbox } from '../../../../application/whatsapp/create-inbox';
import { MemoryTeamRepository } from '../../../../adapters/persistence/memory/teams/memory-team-repository';
import { errorOf, world } from './whatsapp-world';

describe('CreateInbox', () => {
  const setup = async () => {
    const w = world();
    const teams = new MemoryTeamRepository(w.store);
    await teams.insert({ id: w.team.teamId, name: 'T', clientQuota: null, createdAt: w.clock.now().toISOString() });
    return { w, create: new CreateInbox(w.uow, w.inboxes, teams, w.ids, w.clock) };
  };

  it('creates an active inbox of the team with its credentials', async () => {
    const { w, create } = await setup();
    const inbox = await create.execute(w.team, { name: 'Vendas', channel: 'cloud_api', phoneNumberId: '1065', accessToken: 't' });
    expect(inbox).to.deep.include({ teamId: w.team.teamId, name: 'Vendas', channel: 'cloud_api', isActive: true });
    expect(await w.inboxes.findByPhoneNumberId('1065')).to.deep.equal(inbox);
  });

  it('refuses a phone number id that another inbox already has, since the webhook routes by it', async () => {
    const { w, create } = await setup();
    await create.execute(w.team, { name: 'A', channel: 'cloud_api', phoneNumberId: '1065', accessToken: 't' });
    const error = await errorOf(create.execute(w.team, { name: 'B', channel: 'cloud_api', phoneNumberId: '1065', accessToken: 't' }));
    expect(error.details).to.deep.equal({ field: 'phone_number_id' });
  });

  it('refuses an unknown team', async () => {
    const { w, create } = await setup();
    expect((await errorOf(create.execute(w.otherTeam, { name: 'A', channel: 'sandbox' }))).code).to.equal('NOT_FOUND');
    expect((await errorOf(create.execute({ teamId: 'x' }, { name: 'A', channel: 'sandbox' }))).code).to.equal('VALIDATION_ERROR');
  });
});
