import { expect } from 'chai';
import { Knex } from 'knex';
import { createKnex } from '../../../adapters/persistence/knex/shared/connection';
import { migrateOneAtATime } from '../../../bootstrap/container';

// The PostgreSQL side (processes taking turns on an advisory lock) is in
// tests/adapters/persistence/knex/migrations/concurrent-migrations.test.ts.
describe('Migrating at start on SQLite while another process may be migrating (unit, in-memory SQLite)', () => {
  let knex: Knex;
  beforeEach(() => {
    knex = createKnex('sqlite::memory:');
  });
  afterEach(() => knex.destroy());

  const failing = (errors: Error[]) => {
    const calls = { count: 0 };
    const migrate = async () => {
      calls.count++;
      const err = errors.shift();
      if (err) throw err;
    };
    return { calls, migrate };
  };
  const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

  it('tries again, until it passes, a migration that found the other one under way', async () => {
    const { calls, migrate } = failing([
      new Error('Migration table is already locked'),
      busy(),
      new Error('create table `knex_migrations` (`id` integer) - SQLITE_ERROR: table `knex_migrations` already exists'),
    ]);
    await migrateOneAtATime(knex, 'sqlite', undefined, migrate, 5000);
    expect(calls.count).to.equal(4);
  });

  it('fails at once when a migration itself fails', async () => {
    const { calls, migrate } = failing([new Error('no such column: nope')]);
    let caught: unknown;
    await migrateOneAtATime(knex, 'sqlite', undefined, migrate, 5000).catch((err) => {
      caught = err;
    });
    expect(String(caught)).to.contain('no such column');
    expect(calls.count).to.equal(1);
  });

  it('gives up past its bound with the last refusal', async () => {
    const { migrate } = failing(Array.from({ length: 1000 }, () => new Error('Migration table is already locked')));
    const started = Date.now();
    let caught: unknown;
    await migrateOneAtATime(knex, 'sqlite', undefined, migrate, 300).catch((err) => {
      caught = err;
    });
    expect(String(caught)).to.contain('already locked');
    expect(Date.now() - started).to.be.below(2000);
  });

  it("makes knex's tables and its one lock row first, in one transaction, however many times it runs", async () => {
    for (let i = 0; i < 2; i++) await migrateOneAtATime(knex, 'sqlite', undefined, async () => undefined);
    expect(await knex('knex_migrations').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    expect(await knex('knex_migrations_lock').select('is_locked')).to.deep.equal([{ is_locked: 0 }]);
  });
});
