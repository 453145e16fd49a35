// On PostgreSQL a unit of work's BEGIN goes with its first statement, and the inserts it made through
// KnexDatabase.write before that go just ahead of it; a unit that sends no statement of its own sends its
// inserts at its end as one statement, without BEGIN or COMMIT (a deal's creation: one round trip). What
// the database holds must be what a transaction would leave, and what each unit is answered the same.
import { expect } from 'chai';
import { Client } from 'pg';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { TOKENS } from '../../../bootstrap/tokens';
import { backendNames, forEachBackend } from '../../support/backends';

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/** The texts node-postgres sends while `work` runs, BEGIN and COMMIT included. */
async function sentDuring(work: () => Promise<unknown>): Promise<{ texts: string[]; outcome: unknown }> {
  const texts: string[] = [];
  const proto = Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
    texts.push(typeof config === 'string' ? config : (config as { text: string }).text);
    return original.call(this, config, ...rest);
  };
  try {
    const outcome = await work().then(
      (value) => value,
      (err: unknown) => err,
    );
    return { texts, outcome };
  } finally {
    proto.query = original;
  }
}

forEachBackend(
  'KnexDatabase: writes held until a unit of work sends a statement',
  (env) => {
    const database = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase);
    const namesIn = async (table: string) => (await database().rows(`select name from ${table} order by id`, [])).map(([name]) => name);

    before(async () => {
      for (const table of ['held_cities', 'held_states', 'held_regions']) {
        await database().knex.schema.createTable(table, (t) => {
          t.integer('id').primary();
          t.text('name').notNullable();
        });
      }
    });
    beforeEach(async () => {
      await database().knex('held_cities').del();
      await database().knex('held_states').del();
      await database().knex('held_regions').del();
    });

    it('sends a unit that only inserts into different tables as one statement, without BEGIN or COMMIT', async () => {
      const { texts, outcome } = await sentDuring(() =>
        database().transaction(async () => {
          await database().insert('held_cities', { id: 1, name: 'São Luís' });
          await database().writeAll([
            database().insertion('held_states', { id: 1, name: 'Maranhão' }),
            database().insertion('held_regions', { id: 1, name: 'Nordeste' }),
          ]);
        }),
      );
      expect(outcome).to.equal(undefined);
      expect(texts).to.have.length(1);
      expect(texts[0]).to.match(/^with w0 as \(insert into "held_cities"/);
      expect(await namesIn('held_cities')).to.deep.equal(['São Luís']);
      expect(await namesIn('held_states')).to.deep.equal(['Maranhão']);
      expect(await namesIn('held_regions')).to.deep.equal(['Nordeste']);
    });

    it('writes none of them when one is refused at the end', async () => {
      await database().insert('held_states', { id: 2, name: 'Pará' });
      const { outcome } = await sentDuring(() =>
        database().transaction(async () => {
          await database().insert('held_cities', { id: 2, name: 'Belém' });
          await database().insert('held_states', { id: 2, name: 'taken' });
        }),
      );
      expect(outcome).to.be.instanceOf(Error);
      expect((outcome as { code?: string }).code).to.equal('23505');
      expect(await namesIn('held_cities')).to.deep.equal([]);
      expect(await namesIn('held_states')).to.deep.equal(['Pará']);
    });

    it('sends nothing for a unit that fails before any statement', async () => {
      const { texts, outcome } = await sentDuring(() =>
        database().transaction(async () => {
          await database().insert('held_cities', { id: 3, name: 'Natal' });
          throw new Error('undo');
        }),
      );
      expect((outcome as Error).message).to.equal('undo');
      expect(texts).to.deep.equal([]);
      expect(await namesIn('held_cities')).to.deep.equal([]);
    });

    it('sends them after BEGIN and ahead of the first statement, which sees them; a rollback then undoes them', async () => {
      const { texts, outcome } = await sentDuring(() =>
        database().transaction(async () => {
          await database().insert('held_cities', { id: 4, name: 'Maceió' });
          expect(await namesIn('held_cities')).to.deep.equal(['Maceió']);
          // A second insert into a table already written is not held: it runs at once, in order.
          await database().insert('held_cities', { id: 5, name: 'Aracaju' });
          expect(await namesIn('held_cities')).to.deep.equal(['Maceió', 'Aracaju']);
          throw new Error('undo');
        }),
      );
      expect((outcome as Error).message).to.equal('undo');
      expect(texts[0]).to.equal('BEGIN;');
      expect(texts[1]).to.match(/^insert into "held_cities"/);
      expect(texts[texts.length - 1]).to.match(/^ROLLBACK/);
      expect(await namesIn('held_cities')).to.deep.equal([]);
    });

    it("fails the unit's first statement with a held write's own error, not with the aborted transaction's", async () => {
      await database().insert('held_cities', { id: 6, name: 'Recife' });
      const { outcome } = await sentDuring(() =>
        database().transaction(async () => {
          await database().insert('held_cities', { id: 6, name: 'taken' });
          await database().rows('select count(*) from held_states', []);
        }),
      );
      expect((outcome as { code?: string }).code).to.equal('23505');
      expect(await namesIn('held_cities')).to.deep.equal(['Recife']);
    });

    it('commits a unit whose held writes were sent ahead of a statement of the query builder', async () => {
      await database().transaction(async () => {
        await database().insert('held_cities', { id: 7, name: 'João Pessoa' });
        await database().db('held_states').insert({ id: 7, name: 'Paraíba' });
      });
      expect(await namesIn('held_cities')).to.deep.equal(['João Pessoa']);
      expect(await namesIn('held_states')).to.deep.equal(['Paraíba']);
    });
  },
  backendNames().filter((b) => b === 'postgres'),
);
