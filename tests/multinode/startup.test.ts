import { expect } from 'chai';
import { migrationSource } from '../../adapters/persistence/knex/migrations';
import { Cluster, requiredServices } from './nodes';

describe('Multi-node: two nodes started at once on a fresh database', function () {
  this.timeout(90000);
  let cluster: Cluster | undefined;

  before(async function () {
    cluster = await Cluster.create(requiredServices(this));
  });
  after(async () => cluster?.stop());

  it('both migrate it, one after the other, and serve; each migration is applied once', async () => {
    const [a, b] = await cluster!.start(2);
    for (const node of [a, b]) {
      const ready = await node.request('GET', '/readyz');
      expect(ready.status, `${node.name}: ${JSON.stringify(ready.body)}`).to.equal(200);
    }
    const applied = (await cluster!.knex()('knex_migrations').select('name')).map((r: { name: string }) => r.name);
    expect(applied).to.deep.equal(await migrationSource.getMigrations([]));
    // One lock row, free again: a second row (two processes creating it) would lock out every later migration.
    expect(await cluster!.knex()('knex_migrations_lock').select('is_locked')).to.deep.equal([{ is_locked: 0 }]);
  });
});
