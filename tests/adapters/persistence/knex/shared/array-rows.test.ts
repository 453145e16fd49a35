import { expect } from 'chai';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';
import { TOKENS } from '../../../../../bootstrap/tokens';
import { backendNames, forEachBackend } from '../../../../support/backends';

forEachBackend(
  'KnexDatabase.rows (hot reads as arrays)',
  (env, backend) => {
    const database = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase);

    before(async () => {
      await database().knex.schema.createTable('array_rows_probe', (t) => {
        t.integer('id').primary();
        t.text('name');
        t.float('value');
      });
    });

    it('answers each row as its columns in the order selected, with the same values on every dialect', async () => {
      await database()
        .knex('array_rows_probe')
        .insert([
          { id: 1, name: 'Conceição', value: 2.5 },
          { id: 2, name: null, value: null },
        ]);
      const rows = await database().rows('select value, name, id from array_rows_probe where id >= ? order by id', [1]);
      expect(rows).to.deep.equal([
        [2.5, 'Conceição', 1],
        [null, null, 2],
      ]);
      expect(await database().rows('select id from array_rows_probe where id = ?', [99])).to.deep.equal([]);
    });

    it('reads inside the open unit of work, and runs the same text again with other bindings', async () => {
      await database()
        .transaction(async () => {
          await database().db('array_rows_probe').insert({ id: 3, name: 'só na transação', value: 1 });
          expect(await database().rows('select name from array_rows_probe where id = ?', [3])).to.deep.equal([['só na transação']]);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await database().rows('select name from array_rows_probe where id = ?', [3])).to.deep.equal([]);
      expect(await database().rows('select name from array_rows_probe where id = ?', [1])).to.deep.equal([['Conceição']]);
    });

    if (backend === 'postgres') {
      it('runs as a named statement, which the connection keeps parsed', async () => {
        await database().transaction(async () => {
          await database().rows('select name from array_rows_probe where id = ?', [1]);
          const kept = await database().db.raw(`select statement from pg_prepared_statements where name like 'ws\\_%'`);
          expect((kept as { rows: { statement: string }[] }).rows.map((r) => r.statement)).to.include(
            'select name from array_rows_probe where id = $1',
          );
        });
      });
    }
  },
  backendNames().filter((b) => b !== 'memory'),
);
