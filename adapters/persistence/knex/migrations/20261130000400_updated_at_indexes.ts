import { Knex } from 'knex';

// `updated_since` on the lists whose tables grow large: an index on the team and `updated_at` reads only the
// rows changed since the instant, so a mirror's frequent sync of what changed costs what changed, not the
// team's rows. Team first, as every index (the distribution plan). The smaller lists (projects, campaigns,
// endpoints, subscriptions) filter the team's few rows; conversations have theirs (20261124000600).

/** Each table and the name of its index. */
const INDEXES: readonly [table: string, name: string][] = [
  ['deals', 'deals_team_updated'],
  ['clients', 'clients_team_updated'],
  ['project_leads', 'project_leads_team_updated'],
  ['tasks', 'tasks_team_updated'],
  ['activities', 'activities_team_updated'],
  ['whatsapp_contacts', 'whatsapp_contacts_team_updated'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, name] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(['team_id', 'updated_at'], name);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, name] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['team_id', 'updated_at'], name);
    });
  }
}
