import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Knex } from 'knex';
import { SqliteConnection, createKnex, readOn, runOn } from '../../../../../adapters/persistence/knex/shared/connection';

interface RawSqlite {
  prepare(sql: string): unknown;
}

/** Counts what SQLite is asked to compile on the one pooled connection. */
async function countPrepares(knex: Knex): Promise<string[]> {
  const conn = (await knex.client.acquireConnection()) as RawSqlite;
  await knex.client.releaseConnection(conn);
  const prepared: string[] = [];
  const prepare = conn.prepare.bind(conn);
  conn.prepare = (sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  };
  return prepared;
}

describe('SQLite connection', () => {
  let dir: string;
  let knex: Knex;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cache-'));
    knex = createKnex(`sqlite:${join(dir, 'db.sqlite')}`);
    await knex.schema.createTable('t', (t) => {
      t.integer('id').primary();
      t.text('name');
    });
  });

  afterEach(async () => {
    await knex.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The one pooled connection, for the statements the hot paths run straight on it (runOn, readOn). */
  const connectionOf = async (): Promise<SqliteConnection> => {
    const conn = (await knex.client.acquireConnection()) as SqliteConnection;
    await knex.client.releaseConnection(conn);
    return conn;
  };

  it('compiles a hot statement once and runs it again with other bindings', async () => {
    const prepared = await countPrepares(knex);
    const conn = await connectionOf();
    for (let i = 1; i <= 5; i++) runOn(conn, 'insert into t (id, name) values (?, ?)', [i, `n${i}`]);
    for (let i = 1; i <= 5; i++) expect(readOn(conn, 'select id, name from t where id = ?', [i])).to.deep.equal([[i, `n${i}`]]);
    expect(prepared.filter((s) => s.startsWith('insert'))).to.have.length(1);
    expect(prepared.filter((s) => s.startsWith('select'))).to.have.length(1);
  });

  it('keeps reads, writes and transactions answering as before', async () => {
    await knex('t').insert([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    const changed = await knex('t').where({ id: 1 }).update({ name: 'z' });
    expect(changed).to.equal(1);
    await knex.transaction(async (trx) => {
      await trx('t').where({ id: 2 }).del();
      expect(await trx('t').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    });
    expect(await knex('t').select('id', 'name').orderBy('id')).to.deep.equal([{ id: 1, name: 'z' }]);
  });

  it('sees a column added after the hot statement was compiled', async () => {
    const conn = await connectionOf();
    runOn(conn, 'insert into t (id, name) values (?, ?)', [1, 'a']);
    expect(readOn(conn, 'select * from t', [])).to.deep.equal([[1, 'a']]);
    await knex.schema.alterTable('t', (t) => t.text('extra'));
    expect(readOn(conn, 'select * from t', [])).to.deep.equal([[1, 'a', null]]);
  });

  it('keeps a bounded number of hot statements', async () => {
    const prepared = await countPrepares(knex);
    const conn = await connectionOf();
    for (let i = 0; i < 1200; i++) readOn(conn, `select ${i} as n`, []);
    readOn(conn, 'select 0 as n', []);
    // The oldest statements were let go: the first one is compiled again.
    expect(prepared.filter((s) => s === 'select 0 as n')).to.have.length(2);
  });

  it('refreshes statistics that went stale when it opens, so the planner uses the index again', async () => {
    await knex.schema.createTable('events', (t) => {
      t.integer('id').primary();
      t.string('status');
      t.string('due');
      t.index(['status', 'due']);
    });
    await knex('events').insert([
      { id: 1, status: 'done', due: '1' },
      { id: 2, status: 'done', due: '2' },
    ]);
    await knex.raw('analyze');
    for (let start = 3; start < 5000; start += 500) {
      await knex('events').insert(Array.from({ length: 500 }, (_, i) => ({ id: start + i, status: 'done', due: String(i) })));
    }
    const plan = async (k: Knex) =>
      (
        await k.raw<{ detail: string }[]>(
          `explain query plan select * from events where status in ('new', 'busy') and due <= '9' order by due limit 10`,
        )
      )
        .map((r) => r.detail)
        .join(' | ');
    // Two events when analyzed: a scan looked cheaper than the index, and still does thousands later.
    expect(await plan(knex)).to.match(/SCAN events/);
    await knex.destroy();
    knex = createKnex(`sqlite:${join(dir, 'db.sqlite')}`);
    expect(await plan(knex)).to.match(/SEARCH events USING (COVERING )?INDEX/);
  });
});
