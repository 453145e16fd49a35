import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { TOKENS } from '../../../bootstrap/tokens';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

forEachBackend('UnitOfWork contract', (env) => {
  it('commits every write of the work together', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: ClientMother.id(5001) };
    const a = ClientMother.create({ teamId: team.teamId });
    const b = ClientMother.create({ teamId: team.teamId });
    await uow.run(async () => { await repo.insert(a); await repo.insert(b); });
    expect(await repo.countActive(team)).to.equal(2);
  });

  it('rolls back every write when the work fails, nested work included', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: ClientMother.id(5002) };
    const err = await uow.run(async () => {
      await repo.insert(ClientMother.create({ teamId: team.teamId }));
      await uow.run(async () => repo.insert(ClientMother.create({ teamId: team.teamId })));
      throw new Error('boom');
    }).catch((e) => e);
    expect(err).to.be.instanceOf(Error).with.property('message', 'boom');
    expect(await repo.countActive(team)).to.equal(0);
  });

  it('lets work started inside a unit but run after it ended (a kicked dispatch) use the database, not the closed unit', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: ClientMother.id(5003) };
    let later: Promise<number> | undefined;
    await uow.run(async () => {
      await repo.insert(ClientMother.create({ teamId: team.teamId }));
      // Callbacks keep the async context they were scheduled in: this one still sees the unit's store.
      later = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        await repo.insert(ClientMother.create({ teamId: team.teamId }));
        await uow.run(async () => repo.insert(ClientMother.create({ teamId: team.teamId })));
        return repo.countActive(team);
      });
    });
    expect(await later).to.equal(3);
  });
});
