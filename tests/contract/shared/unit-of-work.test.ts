import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { TOKENS } from '../../../bootstrap/tokens';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

forEachBackend('UnitOfWork contract', (env, backend) => {
  it('commits every write of the work together', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: ClientMother.id(5001) };
    const a = ClientMother.create({ teamId: team.teamId });
    const b = ClientMother.create({ teamId: team.teamId });
    await uow.run(async () => {
      await repo.insert(a);
      await repo.insert(b);
    });
    expect(await repo.countActive(team)).to.equal(2);
  });

  it('rolls back every write when the work fails, nested work included', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: ClientMother.id(5002) };
    const err = await uow
      .run(async () => {
        await repo.insert(ClientMother.create({ teamId: team.teamId }));
        await uow.run(async () => repo.insert(ClientMother.create({ teamId: team.teamId })));
        throw new Error('boom');
      })
      .catch((e) => e);
    expect(err).to.be.instanceOf(Error).with.property('message', 'boom');
    expect(await repo.countActive(team)).to.equal(0);
  });

  it('undoes only a nested run that failed; the outer work goes on and commits', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: ClientMother.id(5004) };
    const [first, inner, last] = [1, 2, 3].map(() => ClientMother.create({ teamId: team.teamId }));
    const failed = await uow.run(async () => {
      await repo.insert(first);
      const err = await uow
        .run(async () => {
          await repo.insert(inner);
          throw new Error('nested');
        })
        .catch((e) => e);
      await repo.insert(last);
      return err;
    });
    expect(failed).to.be.instanceOf(Error).with.property('message', 'nested');
    expect(await repo.findById(team, inner.id), 'the nested run is undone').to.equal(null);
    expect((await Promise.all([first, last].map((c) => repo.findById(team, c.id)))).map((c) => c?.id)).to.deep.equal([first.id, last.id]);
  });

  if (backend !== 'memory') {
    it('keeps the outer transaction usable after a statement the database refused in a nested run', async () => {
      const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
      const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
      const team = { teamId: ClientMother.id(5005) };
      const first = ClientMother.create({ teamId: team.teamId, cpf: '52998224725' });
      const last = ClientMother.create({ teamId: team.teamId });
      const refused = await uow.run(async () => {
        await repo.insert(first);
        // The same CPF again: the unique key refuses it, which on PostgreSQL aborts the transaction it runs in.
        const err = await uow.run(() => repo.insert(ClientMother.create({ teamId: team.teamId, cpf: '52998224725' }))).catch((e) => e);
        await repo.insert(last);
        return err;
      });
      expect(refused).to.be.instanceOf(Error);
      expect(await repo.countActive(team)).to.equal(2);
    });
  }

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
