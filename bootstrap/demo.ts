import { CreateTeam, CreatedTeam } from '../application/teams/create-team';
import { Runtime } from './container';
import { DemoSeed, TOKENS } from './tokens';

/** A demo team with sample data from every context, so a newcomer can call the API at once. */
export async function createDemoTeam(runtime: Runtime): Promise<CreatedTeam> {
  const created = await runtime.container.get(CreateTeam).execute({ name: 'Demo Agency' });
  for (const seed of runtime.container.getAll<DemoSeed>(TOKENS.DemoSeed)) await seed({ teamId: created.team.id });
  return created;
}
