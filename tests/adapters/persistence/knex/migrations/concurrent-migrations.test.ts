import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { migrationSource } from '../../../../../adapters/persistence/knex/migrations';
import { createKnex } from '../../../../../adapters/persistence/knex/shared/connection';
import { Runtime, buildRuntime } from '../../../../../bootstrap/container';
import { backendNames, testConfig } from '../../../../support/backends';

// Several API nodes (or a node and the CLI) started at once on one fresh database all migrate it at start.
(backendNames().includes('postgres') ? describe : describe.skip)(
  'Migrating one PostgreSQL database from several processes at once',
  function () {
    this.timeout(60000);
    const PROCESSES = 3;
    const ROUNDS = 3;

    it('lets every one of them finish: they migrate one after the other and each migration is applied once', async () => {
      const admin = createKnex(process.env.TEST_DATABASE_URL!);
      try {
        // Each round a fresh schema, migrated by every runtime at the same moment (the race is a matter of
        // milliseconds, so it is run a few times).
        for (let round = 0; round < ROUNDS; round++) {
          const schema = `t_${randomBytes(6).toString('hex')}`;
          // Made beforehand, as a database is in production: what races is the migration itself.
          await admin.raw('create schema ??', [schema]);
          const runtimes: Runtime[] = Array.from({ length: PROCESSES }, () =>
            buildRuntime(testConfig('postgres', { databaseSchema: schema })),
          );
          try {
            const outcomes = await Promise.allSettled(runtimes.map((r) => r.migrate()));
            const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
            expect(failures, `round ${round}`).to.deep.equal([]);
            const applied = await admin.withSchema(schema).table('knex_migrations').select('name').orderBy('id');
            expect(applied.map((r: { name: string }) => r.name)).to.deep.equal(await migrationSource.getMigrations([]));
          } finally {
            for (const r of runtimes) await r.close();
            await admin.raw('drop schema if exists ?? cascade', [schema]);
          }
        }
      } finally {
        await admin.destroy();
      }
    });
  },
);
