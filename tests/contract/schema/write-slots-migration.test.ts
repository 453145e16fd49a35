// 20261127000100_write_slots: on PostgreSQL a team's versions and kept counts gain a slot at the end of their
// key; the rows written before it become slot 0 and every sum stays what it was. Down adds each key's slots
// back into one row. SQLite keeps one row per key.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { migrationSource } from '../../../adapters/persistence/knex/migrations';
import { forEachMigrationBackend } from '../../support/migration-harness';

const MIGRATION = '20261127000100_write_slots';

forEachMigrationBackend(MIGRATION, (world) => {
  const team = randomUUID();
  const counts = () => world().knex('deal_counts').where({ team_id: team }).orderBy('status');
  const columns = async (table: string) => Object.keys(await world().knex(table).columnInfo());

  it('keeps the rows written before it as slot 0 (PostgreSQL), and their sums', async () => {
    const { knex, backend } = world();
    await world().migrateToBefore();
    await knex('deal_versions').insert({ team_id: team, version: 7 });
    await knex('deal_counts').insert([
      { team_id: team, scope: 'global', project_key: '', pipeline_key: '', status: 'open', n: 5 },
      { team_id: team, scope: 'global', project_key: '', pipeline_key: '', status: 'won', n: 2 },
    ]);

    await world().migrateToLatest();

    if (backend === 'sqlite') {
      expect(await columns('deal_counts')).to.not.include('slot');
      return;
    }
    expect((await counts().select('status', 'slot', 'n')).map((r) => ({ ...r, n: Number(r.n) }))).to.deep.equal([
      { status: 'open', slot: 0, n: 5 },
      { status: 'won', slot: 0, n: 2 },
    ]);
    // Another slot of the same key is a row of its own.
    await knex('deal_counts').insert({ team_id: team, scope: 'global', project_key: '', pipeline_key: '', status: 'open', slot: 3, n: 4 });
    await knex('deal_versions').insert({ team_id: team, slot: 3, version: 1 });
    for (const table of [
      'deal_versions',
      'client_versions',
      'deal_counts',
      'deal_day_counts',
      'client_counts',
      'task_counts',
      'lead_counts',
    ]) {
      expect(await columns(table), table).to.include('slot');
    }
  });

  it('goes down to one row per key holding the sum of its slots, and up again', async () => {
    const { knex, backend } = world();
    const schemaName = backend === 'postgres' ? ((await knex.raw('select current_schema() as s')).rows[0].s as string) : undefined;

    await knex.migrate.down({ migrationSource, schemaName, name: MIGRATION });

    expect(await columns('deal_counts')).to.not.include('slot');
    expect((await counts().select('status', 'n')).map((r) => ({ ...r, n: Number(r.n) }))).to.deep.equal([
      { status: 'open', n: backend === 'postgres' ? 9 : 5 },
      { status: 'won', n: 2 },
    ]);
    expect(Number((await knex('deal_versions').where({ team_id: team }).first()).version)).to.equal(backend === 'postgres' ? 8 : 7);

    await world().migrateToLatest();

    expect(await columns('deal_counts')).to.include.members(backend === 'postgres' ? ['slot'] : []);
  });
});
