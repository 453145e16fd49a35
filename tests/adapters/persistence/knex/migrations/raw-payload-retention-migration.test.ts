import { expect } from 'chai';
import { migrationSource } from '../../../../../adapters/persistence/knex/migrations';
import { DROP_RAW_BODIES } from '../../../../../adapters/persistence/knex/webhooks/knex-inbound-delivery-repository';
import { DROP_RAW } from '../../../../../adapters/persistence/knex/whatsapp/knex-message-repository';
import { forEachMigrationBackend } from '../../../../support/migration-harness';

const MIGRATION = '20261203000200_raw_payload_retention';
const INDEXES = ['webhook_deliveries_received_at_team_id_raw_index', 'whatsapp_messages_created_at_team_id_raw_index'];

forEachMigrationBackend(MIGRATION, (world) => {
  /** The definition of each index, as the database's catalog holds it; null for one that is not there. */
  const definitions = async (): Promise<(string | null)[]> => {
    const { knex, backend } = world();
    return Promise.all(
      INDEXES.map(async (name) => {
        if (backend === 'sqlite') {
          const rows = await knex.raw<{ sql: string }[]>("select sql from sqlite_master where type = 'index' and name = ?", [name]);
          return rows[0]?.sql ?? null;
        }
        const result = await knex.raw<{ rows: { indexdef: string }[] }>(
          'select indexdef from pg_indexes where indexname = ? and schemaname = current_schema()',
          [name],
        );
        return result.rows[0]?.indexdef ?? null;
      }),
    );
  };

  it('indexes, by time then team, only the rows that still keep a raw payload, and goes down and up again', async () => {
    const { knex, backend } = world();
    await world().migrateToBefore();
    expect(await definitions()).to.deep.equal([null, null]);
    await world().migrateToLatest();
    const [deliveries, messages] = await definitions();
    expect(deliveries)
      .to.match(/\(\s*"?received_at"?,\s*"?team_id"?\s*\)/i)
      .and.match(/raw_body"? is not null/i);
    expect(messages)
      .to.match(/\(\s*"?created_at"?,\s*"?team_id"?\s*\)/i)
      .and.match(/raw"?\)? is not null/i);

    const schemaName = backend === 'postgres' ? ((await knex.raw('select current_schema() as s')).rows[0].s as string) : undefined;
    await knex.migrate.down({ migrationSource, schemaName, name: MIGRATION });
    expect(await definitions()).to.deep.equal([null, null]);
    await world().migrateToLatest();
    expect(await definitions()).to.deep.equal([deliveries, messages]);
  });

  it('drops through these indexes on SQLite, whatever the statistics say', async function () {
    const { knex, backend } = world();
    if (backend !== 'sqlite') this.skip();
    await world().migrateToLatest();
    // Statistics taken while the tables were empty: a planner that trusted them could scan the tables instead.
    await knex.raw('analyze');
    const bindings = [new Date(Date.UTC(2020, 0, 1)).toISOString(), 1000];
    for (const [i, sql] of [DROP_RAW_BODIES, DROP_RAW].entries()) {
      const plan = (await knex.raw<{ detail: string }[]>(`explain query plan ${sql}`, bindings)).map((r) => r.detail).join('\n');
      expect(plan, sql)
        .to.contain(`USING INDEX ${INDEXES[i]}`)
        .and.not.match(/\bSCAN\b/);
    }
  });
});
