import { Knex } from 'knex';
import { isPostgres } from './dialect';

// The number of deals per team, scope and day of creation (UTC), kept by the deal repository in the same
// transaction as each write, as deal_counts is. A deep page of a list in creation order (the default)
// sums these counts to find the day its first row falls in, and walks the index from that day only,
// instead of walking every entry before the page. Existing deals are counted here.
//
// The day is the creation instant's date in UTC, as text (`YYYY-MM-DD`): on SQLite the first ten
// characters of the stored instant (which is text in that form, so the index on created_at orders the
// days the same way), on PostgreSQL the date of the timestamp in UTC.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deal_day_counts', (t) => {
    t.uuid('team_id').notNullable();
    t.string('scope', 10).notNullable();
    t.string('day', 10).notNullable();
    t.bigInteger('n').notNullable();
    t.primary(['team_id', 'scope', 'day']);
  });
  const day = isPostgres(knex) ? `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : 'substr(created_at, 1, 10)';
  await knex.raw(`
    insert into deal_day_counts (team_id, scope, day, n)
    select team_id, scope, ${day}, count(*) from deals group by team_id, scope, ${day}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deal_day_counts');
}
