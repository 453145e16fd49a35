import { CreateTeam, CreatedTeam } from '../application/teams/create-team';
import { CONTEXTS } from './contexts';
import { Runtime } from './container';

/** A demo team with sample data from every context, so a newcomer can call the API at once. */
export async function createDemoTeam(runtime: Runtime): Promise<CreatedTeam> {
  const created = await runtime.container.get(CreateTeam).execute({ name: 'Demo Agency' });
  for (const ctx of CONTEXTS) await ctx.seedDemo?.(runtime.container, { teamId: created.team.id });
  return created;
}
