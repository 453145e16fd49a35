// The hot write paths (a deal's creation, its event, its counts and its team's version) write through
// KnexDatabase.insert and .write: a text built once and run again, without Knex's query builder; on SQLite,
// inside a unit of work, straight on the unit's connection. What they write must be what the builder
// writes, on every dialect, and it must belong to the unit of work it was written in. `writeRows` writes several
// rows in their order, on PostgreSQL as one statement.
import { expect } from 'chai';
import { Knex } from 'knex';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';
import { RowWrite, rowOf } from '../../../../../adapters/persistence/knex/shared/row-writes';
import { TOKENS } from '../../../../../bootstrap/tokens';
import { backendNames, forEachBackend } from '../../../../support/backends';

const probe = (t: Knex.CreateTableBuilder) => {
  t.integer('id').primary();
  t.text('name');
  t.boolean('done');
  t.timestamp('at', { useTz: true });
  t.float('value');
  // A column named like an SQL keyword, and one with a default.
  t.integer('position');
  t.text('kind').notNullable().defaultTo('lead');
};

forEachBackend(
  'KnexDatabase.insert and .write (hot writes)',
  (env) => {
    const database = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase);
    const rowsOf = async (table: string) => (await database().knex(table).select('*').orderBy('id')) as Record<string, unknown>[];

    before(async () => {
      await database().knex.schema.createTable('direct_write_probe', probe);
      await database().knex.schema.createTable('builder_write_probe', probe);
    });

    it('write a row as the query builder writes it: text with accents, booleans, dates, numbers, nulls, defaults', async () => {
      const at = new Date('2026-11-26T13:45:10.123Z');
      const rows = [
        { id: 1, name: 'Conceição & Filhos Ltda', done: true, at, value: 2500.75, position: 3 },
        { id: 2, name: null, done: false, at: null, value: null, position: null, kind: 'cliente' },
        // Left out (undefined): the column's default, as the builder gives it.
        { id: 3, name: 'São João', done: undefined, at: undefined, value: 0, position: undefined },
      ];
      for (const row of rows) {
        await database().knex('builder_write_probe').insert(row);
        await database().insert('direct_write_probe', row);
      }
      const direct = await rowsOf('direct_write_probe');
      expect(direct).to.deep.equal(await rowsOf('builder_write_probe'));
      expect(direct.map((r) => r.kind)).to.deep.equal(['lead', 'cliente', 'lead']);
    });

    it('belong to the unit of work they run in: undone with it, seen inside it', async () => {
      const failed = await database()
        .transaction(async () => {
          await database().insert('direct_write_probe', { id: 10, name: 'Belém' });
          await database().write('update direct_write_probe set name = ? where id = ?', ['Belém do Pará', 10]);
          const seen = await database().rows('select name from direct_write_probe where id = ?', [10]);
          expect(seen).to.deep.equal([['Belém do Pará']]);
          throw new Error('undo');
        })
        .catch((e: Error) => e.message);
      expect(failed).to.equal('undo');
      expect(await database().rows('select name from direct_write_probe where id = ?', [10])).to.deep.equal([]);

      await database().transaction(async () => {
        await database().insert('direct_write_probe', { id: 11, name: 'Niterói' });
        // A builder write after a direct one, in the same unit, in order.
        await database().db('direct_write_probe').where({ id: 11 }).update({ position: 7 });
      });
      expect(await database().rows('select name, position from direct_write_probe where id = ?', [11])).to.deep.equal([['Niterói', 7]]);
    });

    it('write at once outside a unit of work, and refuse what the database refuses', async () => {
      await database().write('insert into direct_write_probe (id, name) values (?, ?)', [20, 'Maceió']);
      expect(await database().rows('select name from direct_write_probe where id = ?', [20])).to.deep.equal([['Maceió']]);
      const refused = await database()
        .transaction(() => database().insert('direct_write_probe', { id: 20, name: 'again' }))
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(refused).to.be.instanceOf(Error);
      expect(await database().rows('select name from direct_write_probe where id = ?', [20])).to.deep.equal([['Maceió']]);
    });

    it('writeRows: inserts and upserts in the order given, on PostgreSQL in one statement', async () => {
      await database().knex.schema.createTable('direct_write_counts', (t) => {
        t.text('k').primary();
        t.integer('n').notNullable();
      });
      const upsert = (k: string, n: number): RowWrite => ({
        table: 'direct_write_counts',
        columns: ['k', 'n'],
        values: [k, n],
        onConflict: '(k) do update set n = direct_write_counts.n + excluded.n',
      });
      await database().writeRows(() => [upsert('a', 5)]);
      const sent: string[] = [];
      const listen = (q: { sql: string }) => sent.push(q.sql);
      database().knex.on('query', listen);
      try {
        await database().transaction(() =>
          database().writeRows(() => [
            upsert('a', 2),
            rowOf('direct_write_probe', { id: 40, name: 'Florianópolis', done: true, at: new Date('2026-11-27T00:00:00Z') }),
            upsert('b', -1),
          ]),
        );
      } finally {
        database().knex.off('query', listen);
      }
      // SQLite runs them one by one straight on the unit's connection, which Knex does not see.
      expect(sent.filter((q) => q.includes('direct_write')).length).to.equal(env().config.databaseUrl.startsWith('postgres') ? 1 : 0);
      const counts = await database().rows('select k, n from direct_write_counts order by k', []);
      expect(counts.map(([k, n]) => [k, Number(n)])).to.deep.equal([
        ['a', 7],
        ['b', -1],
      ]);
      const [row] = await rowsOf('direct_write_probe').then((rows) => rows.filter((r) => r.id === 40));
      expect(row).to.include({ name: 'Florianópolis', kind: 'lead' });
    });

    it('writeRows: a refused row takes the others with it, in a unit of work or alone', async () => {
      const alone = await database()
        .writeRows(() => [rowOf('direct_write_probe', { id: 51, name: 'Natal' }), rowOf('direct_write_probe', { id: 20, name: 'taken' })])
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(alone).to.be.instanceOf(Error);
      expect(await database().rows('select id from direct_write_probe where id = ?', [51])).to.deep.equal([]);
      const refused = await database()
        .transaction(() =>
          database().writeRows(() => [
            rowOf('direct_write_probe', { id: 50, name: 'Recife' }),
            rowOf('direct_write_probe', { id: 20, name: 'taken' }),
          ]),
        )
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(refused).to.be.instanceOf(Error);
      expect(await database().rows('select id from direct_write_probe where id in (?, ?) order by id', [20, 50])).to.deep.equal([[20]]);
    });

    it('rows: placeholders taken in order past nine, a question mark in a value left alone; on PostgreSQL, outside a unit only what is committed', async () => {
      const ids = Array.from({ length: 12 }, (_, i) => 60 + i);
      for (const id of ids) await database().insert('direct_write_probe', { id, name: id % 2 ? 'Quê?' : 'Açaí' });
      const marks = ids.map(() => '?').join(', ');
      const read = await database().rows(`select id, name from direct_write_probe where id in (${marks}) and name <> ? order by id`, [
        ...ids,
        'Açaí',
      ]);
      expect(read).to.deep.equal(ids.filter((id) => id % 2).map((id) => [id, 'Quê?']));
      // The test's SQLite is in memory, one connection, which the open unit holds: a read outside it waits.
      if (database().dialect !== 'postgres') return;
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted = () => undefined as void;
      const written = new Promise<void>((resolve) => (inserted = resolve));
      const unit = database().transaction(async () => {
        await database().insert('direct_write_probe', { id: 80, name: 'Uncommitted' });
        inserted();
        await held;
      });
      await written;
      expect(await database().rows('select name from direct_write_probe where id = ?', [80]), 'not yet committed').to.deep.equal([]);
      release();
      await unit;
      expect(await database().rows('select name from direct_write_probe where id = ?', [80])).to.deep.equal([['Uncommitted']]);
    });
  },
  backendNames().filter((b) => b !== 'memory'),
);
