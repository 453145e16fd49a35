// On a SQLite file, the hot reads made outside a unit of work (KnexDatabase.rows) run on a connection of
// their own, so they neither queue behind a transaction that holds the pooled connection nor see what it
// has not committed; inside a unit of work they read through its transaction, its own writes included.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKnex, openSqliteReader } from '../../../../../adapters/persistence/knex/shared/connection';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';

describe('SQLite reads outside a unit of work', () => {
  let dir: string;
  let database: KnexDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-reader-'));
    const url = `sqlite:${join(dir, 'db.sqlite')}`;
    const knex = createKnex(url);
    await knex.schema.createTable('t', (t) => {
      t.integer('id').primary();
      t.text('name');
      t.boolean('done');
    });
    await knex('t').insert({ id: 1, name: 'Conceição', done: true });
    // A unit of work takes SQLite's write lock through the migrator's lock table (KnexDatabase.transaction).
    await knex.schema.createTable('write_lock', (t) => t.integer('id').primary());
    database = new KnexDatabase(knex, 'sqlite', openSqliteReader(url));
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answer while a transaction holds the pooled connection, without what it has not committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const unit = database.transaction(async () => {
      await database.db('t').insert({ id: 2, name: 'São Paulo', done: false });
      written();
      // Holds the only pooled connection until the read outside has answered: a read that queued for it would never answer.
      await held;
    });
    await wrote;
    const outside = await database.rows('select id, name from t order by id', []);
    release();
    await unit;
    expect(outside).to.deep.equal([[1, 'Conceição']]);
    expect(await database.rows('select id, name from t order by id', [])).to.deep.equal([
      [1, 'Conceição'],
      [2, 'São Paulo'],
    ]);
  });

  it('read through the open unit of work inside it, its own writes included, with bindings as Knex writes them', async () => {
    await database.transaction(async () => {
      await database.db('t').insert({ id: 3, name: 'Goiânia', done: false });
      expect(await database.rows('select name from t where id = ? and done = ?', [3, false])).to.deep.equal([['Goiânia']]);
    });
    expect(await database.rows('select name from t where done = ? order by id', [true])).to.deep.equal([['Conceição']]);
    expect(await database.rows('select name from t where done = ? order by id', [false])).to.deep.equal([['Goiânia']]);
  });

  it('never write through the reading connection', async () => {
    const err = await database.rows('delete from t', []).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).to.match(/reads only/);
    expect(await database.rows('select count(*) from t', [])).to.deep.equal([[1]]);
  });

  it('are not opened for an in-memory database, which another connection would not see', () => {
    expect(openSqliteReader('sqlite::memory:')).to.equal(undefined);
    expect(openSqliteReader('sqlite:')).to.equal(undefined);
  });
});
