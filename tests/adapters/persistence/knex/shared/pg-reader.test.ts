// On PostgreSQL the hot reads made outside a unit of work (KnexDatabase.rows) share a few connections in
// node-postgres's pipeline mode instead of taking one each from the pool: the reads that arrive together
// leave in one write, and the database answers them in turn. Each must still get its own answer, a read
// that fails must fail alone, and a connection that breaks must not take the next reads with it.
import { expect } from 'chai';
import { Client } from 'pg';
import { PG_READER_CONNECTIONS, openPgReader } from '../../../../../adapters/persistence/knex/shared/connection';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';
import { TOKENS } from '../../../../../bootstrap/tokens';
import { backendNames, forEachBackend } from '../../../../support/backends';

forEachBackend(
  'KnexDatabase: hot reads on pipelined connections',
  (env) => {
    const database = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase);
    const backendOf = async () => Number((await database().rows('select pg_backend_pid()', []))[0][0]);

    it('sends many reads at once over a few connections, each answered with its own rows', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => database().rows('select ?::int as n, pg_backend_pid() as pid', [i])),
      );
      expect(answers.map((rows) => Number(rows[0][0]))).to.deep.equal(Array.from({ length: 40 }, (_, i) => i));
      const backends = new Set(answers.map((rows) => Number(rows[0][1])));
      expect(backends.size).to.be.within(1, PG_READER_CONNECTIONS);
    });

    it('fails a refused read alone: the reads written with it are answered', async () => {
      const outcomes = await Promise.allSettled(
        [4, 0, 2].map((d) => database().rows('select 12 / ?::int as quotient, ? as label', [d, `por ${d}`])),
      );
      expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[0] as PromiseFulfilledResult<unknown[][]>).value).to.deep.equal([[3, 'por 4']]);
      expect((outcomes[2] as PromiseFulfilledResult<unknown[][]>).value).to.deep.equal([[6, 'por 2']]);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).to.match(/division by zero/);
      expect(await database().rows('select ?::text', ['São João del-Rei'])).to.deep.equal([['São João del-Rei']]);
    });

    it('reads the tables of its own schema', async () => {
      const [[schema]] = await database().rows('select current_schema()', []);
      const [[expected]] = (await database().knex.raw('select current_schema()')).rows.map((r: { current_schema: string }) => [
        r.current_schema,
      ]);
      expect(schema).to.equal(expected);
      expect(schema).to.not.equal('public');
    });

    it('opens another connection when one breaks, and the reads after it are answered', async () => {
      const broken = await backendOf();
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [broken]);
      } finally {
        await admin.end();
      }
      let answered: number | undefined;
      for (let attempt = 0; attempt < 20 && answered === undefined; attempt++) {
        try {
          answered = await backendOf();
        } catch {
          // a read written before the connection's end was noticed fails with it
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      expect(answered).to.be.a('number');
      const after = await Promise.all(Array.from({ length: 10 }, () => backendOf()));
      expect(after).to.not.include(broken);
    });

    it('reads inside a unit of work on the unit’s own transaction, not on the pipelined connections', async () => {
      const outside = new Set((await Promise.all(Array.from({ length: 10 }, () => backendOf()))).map(Number));
      const inside = await database().transaction(async () => {
        await database().rows('select 1', []);
        return backendOf();
      });
      expect(outside.has(inside)).to.equal(false);
    });

    it('keeps at most DATABASE_POOL_MAX pooled connections for units of work, beside the pipelined ones', () => {
      const pool = (database().knex.client as unknown as { pool: { max: number } }).pool;
      expect(pool.max).to.equal(env().config.databasePoolMax);
    });

    it('ends its connections when closed', async () => {
      const reader = openPgReader(process.env.TEST_DATABASE_URL!);
      const pid = Number((await reader.rows({ text: 'select pg_backend_pid()', name: 'ws_test_backend', values: [] }))[0][0]);
      const live = async () =>
        Number((await database().knex.raw('select count(*) as n from pg_stat_activity where pid = ?', [pid])).rows[0].n);
      expect(await live()).to.equal(1);
      await reader.close();
      for (let i = 0; i < 20 && (await live()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await live()).to.equal(0);
    });
  },
  backendNames().filter((b) => b === 'postgres'),
);
