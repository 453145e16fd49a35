import { FixedIdScope, FixedIdSequence } from '../adapters/system/scoped-ids';
import { DEMO_IDS } from '../adapters/http/shared/demo-ids';
import { CreateTeam, CreatedTeam } from '../application/teams/create-team';
import { TeamRepository } from '../domain/teams/team-repository';
import { Runtime } from './container';
import { TEAM_TOKENS } from './contexts/teams';
import { DemoSeed, TOKENS } from './tokens';

/** The time in the demo's fixed ids: in the past, so every id made after them sorts after them. */
export const DEMO_ID_TIME = new Date('2026-01-01T00:00:00Z');

/**
 * A demo team with sample data from every context, so a newcomer can call the API at once. On a database
 * that does not hold them yet its records get fixed ids (`DEMO_IDS`), which the examples of the API
 * reference name; a second demo team on the same database gets random ones. Its API key is always random.
 */
export async function createDemoTeam(runtime: Runtime): Promise<CreatedTeam> {
  const { container } = runtime;
  const ids = new FixedIdSequence(DEMO_ID_TIME);
  const create = async (): Promise<CreatedTeam> => {
    const created = await container.get(CreateTeam).execute({ name: 'Demo Agency' });
    // Each context's seed counts its ids from 1 under a step of its own.
    for (const seed of container.getAll<DemoSeed>(TOKENS.DemoSeed)) {
      ids.nextStep();
      await seed({ teamId: created.team.id });
    }
    return created;
  };
  const taken = (await container.get<TeamRepository>(TEAM_TOKENS.TeamRepository).findById(DEMO_IDS.team)) !== null;
  return taken ? create() : container.get<FixedIdScope>(TOKENS.FixedIdScope).run(ids, create);
}
