// On SQLite one process writes through one connection, a unit of work at a time, and each commit waits for
// the disk. Units that queued while another ran join its transaction, each in a savepoint of its own, and
// are committed with it: one wait for the disk for all of them. None is answered before the commit that
// holds its writes; a unit that fails is undone alone; a commit that fails fails every unit it held.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKnex, openSqliteReader } from '../../../../../adapters/persistence/knex/shared/connection';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';

/** A promise and the function that resolves it. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** How a promise ended, once it has: its value, its error, or 'pending' while it has not. */
async function stateOf<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown } | 'pending'> {
  const pending = Symbol('pending');
  const raced = await Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<typeof pending>((resolve) => setImmediate(() => resolve(pending))),
  ]);
  return raced === pending ? 'pending' : raced;
}

describe('SQLite units of work queued behind another', () => {
  let dir: string;
  let database: KnexDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-group-commit-'));
    const url = `sqlite:${join(dir, 'db.sqlite')}`;
    const knex = createKnex(url);
    await knex.schema.createTable('t', (t) => {
      t.integer('id').primary();
      t.text('name');
    });
    await knex.schema.createTable('write_lock', (t) => t.integer('id').primary());
    database = new KnexDatabase(knex, 'sqlite', openSqliteReader(url));
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = async () =>
    (await database.rows('select id, name from t order by id', [])).map(([id, name]) => `${String(id)} ${String(name)}`);
  const insert = (id: number, name: string) => database.db('t').insert({ id, name });

  it('commit together with the one they waited for, and are answered only once committed', async () => {
    const first = gate();
    const second = gate();
    let secondRunning!: () => void;
    const secondRan = new Promise<void>((resolve) => (secondRunning = resolve));
    const a = database.transaction(async () => {
      await insert(1, 'São Paulo');
      await first.opened;
      return 'a';
    });
    const b = database.transaction(async () => {
      await insert(2, 'Belém');
      secondRunning();
      await second.opened;
      return 'b';
    });
    const c = database.transaction(async () => {
      // Runs after the others in the same transaction: their writes are there.
      const seen = await database.db('t').count<{ n: number }[]>({ n: '*' });
      await insert(3, 'Goiânia');
      return seen[0].n;
    });
    first.open();
    await secondRan;
    try {
      expect(await stateOf(a), 'the first unit waits for the commit').to.equal('pending');
      expect(await committed(), 'nothing is committed while a unit of the batch still runs').to.deep.equal([]);
    } finally {
      second.open();
    }
    expect(await Promise.all([a, b, c])).to.deep.equal(['a', 'b', 2]);
    expect(await committed()).to.deep.equal(['1 São Paulo', '2 Belém', '3 Goiânia']);
  });

  it('undo a unit that fails alone; the others of its batch commit', async () => {
    const first = gate();
    const a = database.transaction(async () => {
      await insert(1, 'Conceição');
      await first.opened;
    });
    const b = database.transaction(async () => {
      await insert(2, 'Armazém');
      throw new Error('refused');
    });
    const c = database.transaction(async () => {
      // The same id as the failed unit's row: it was undone, so it is free again.
      await insert(2, 'Niterói');
      // A statement the database refuses, caught: the unit goes on.
      const duplicate = await insert(1, 'again').catch((e: Error) => e);
      expect(duplicate).to.be.instanceOf(Error);
    });
    first.open();
    const [ra, rb, rc] = await Promise.allSettled([a, b, c]);
    expect([ra.status, rb.status, rc.status]).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    expect((rb as PromiseRejectedResult).reason).to.have.property('message', 'refused');
    expect(await committed()).to.deep.equal(['1 Conceição', '2 Niterói']);
  });

  it('keep a nested savepoint of a unit its own: a failed nested run is undone, the unit and its batch go on', async () => {
    const first = gate();
    const a = database.transaction(async () => {
      await insert(1, 'Maceió');
      await first.opened;
    });
    const b = database.transaction(async () => {
      const err = await database
        .transaction(
          async () => {
            await insert(2, 'undone');
            throw new Error('nested');
          },
          { savepoint: true },
        )
        .catch((e: Error) => e);
      await insert(3, 'Santarém');
      return err.message;
    });
    first.open();
    expect(await Promise.all([a, b])).to.deep.equal([undefined, 'nested']);
    expect(await committed()).to.deep.equal(['1 Maceió', '3 Santarém']);
  });

  it('fail every unit of a batch whose commit fails, and keep none of its writes', async () => {
    await database.knex.raw('create table parent (id integer primary key)');
    await database.knex.raw(
      'create table child (id integer primary key, parent_id integer references parent (id) deferrable initially deferred)',
    );
    await database.knex.raw('pragma foreign_keys = on');
    const first = gate();
    const a = database.transaction(async () => {
      await insert(1, 'Cuiabá');
      await first.opened;
    });
    // Accepted by its statement, refused at the commit: the parent does not exist.
    const b = database.transaction(async () => {
      await database.db('child').insert({ id: 1, parent_id: 99 });
    });
    first.open();
    const results = await Promise.allSettled([a, b]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    expect(await committed()).to.deep.equal([]);
    // The connection is not left inside the failed transaction: the next unit commits on its own.
    await database.transaction(() => insert(4, 'Florianópolis'));
    expect(await committed()).to.deep.equal(['4 Florianópolis']);
  });

  it('fail the waiting units when a batch cannot begin for another reason than a busy lock, instead of trying forever', async () => {
    await database.knex.schema.dropTable('write_lock');
    const results = await Promise.allSettled([
      database.transaction(() => insert(5, 'Goiânia')),
      database.transaction(() => insert(6, 'Palmas')),
    ]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).to.match(/no such table: write_lock/);
    expect(await committed()).to.deep.equal([]);
  });

  it('let work started inside a unit and run after it ended stay out of the batch still open', async () => {
    const first = gate();
    const second = gate();
    let late: Promise<unknown> | undefined;
    const a = database.transaction(async () => {
      await insert(1, 'Recife');
      // Runs once `a` has ended but while `b`, in the same batch, still runs.
      late = first.opened.then(() => database.inTransaction);
    });
    const b = database.transaction(async () => {
      first.open();
      await late;
      await second.opened;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await late).to.equal(false);
    second.open();
    await Promise.all([a, b]);
  });
});
