import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Knex } from 'knex';
import { createKnex } from '../../../../../adapters/persistence/knex/shared/connection';

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

  it('compiles a statement once and runs it again with other bindings', async () => {
    const prepared = await countPrepares(knex);
    for (let i = 1; i <= 5; i++) await knex('t').insert({ id: i, name: `n${i}` });
    for (let i = 1; i <= 5; i++) expect(await knex('t').where({ id: i }).first()).to.deep.equal({ id: i, name: `n${i}` });
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

  it('sees a column added after the statement was compiled', async () => {
    await knex('t').insert({ id: 1, name: 'a' });
    expect(await knex('t').select('*')).to.deep.equal([{ id: 1, name: 'a' }]);
    await knex.schema.alterTable('t', (t) => t.text('extra'));
    expect(await knex('t').select('*')).to.deep.equal([{ id: 1, name: 'a', extra: null }]);
  });

  it('keeps a bounded number of statements', async () => {
    const prepared = await countPrepares(knex);
    for (let i = 0; i < 1200; i++) await knex.raw(`select ${i} as n`);
    await knex.raw('select 0 as n');
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
