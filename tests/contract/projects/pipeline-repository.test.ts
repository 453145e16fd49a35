import { expect } from 'chai';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { PipelineRepository } from '../../../domain/projects/pipeline-repository';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { PipelineMother, uuid } from './mothers';

forEachBackend('PipelineRepository contract', (env) => {
  let repo: PipelineRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = referencedRows(env()).pipelines(env().container.get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository));
    team = { teamId: uuid() };
  });

  it("round-trips columns in board order and loss reasons, and never shows another team's", async () => {
    const p = PipelineMother.create({
      teamId: team.teamId,
      projectId: uuid(),
      isDefault: true,
      columns: [
        { slug: 'a', title: 'A', position: 1, outcome: 'open', isTerminal: false },
        { slug: 'b', title: 'Bê', position: 2, outcome: 'won', isTerminal: true },
        { slug: 'c', title: 'C', position: 3, outcome: 'lost', isTerminal: true },
      ],
      lossReasons: [
        { id: uuid(), name: 'Preço' },
        { id: uuid(), name: 'Outro' },
      ],
    });
    await repo.insert(p);
    expect(await repo.findById(team, p.id)).to.deep.equal(p);
    expect(await repo.findById({ teamId: uuid() }, p.id)).to.equal(null);
  });

  it("lists a project's pipelines default first, then by creation", async () => {
    const projectId = uuid();
    const extra1 = PipelineMother.create({ teamId: team.teamId, projectId, name: 'extra 1' });
    const def = PipelineMother.create({ teamId: team.teamId, projectId, name: 'default', isDefault: true });
    const extra2 = PipelineMother.create({ teamId: team.teamId, projectId, name: 'extra 2' });
    await repo.insert(extra2);
    await repo.insert(def);
    await repo.insert(extra1);
    await repo.insert(PipelineMother.create({ teamId: team.teamId, projectId: uuid(), name: 'other project', isDefault: true }));
    expect((await repo.listByProject(team, projectId)).map((p) => p.name)).to.deep.equal(['default', 'extra 1', 'extra 2']);
    expect((await repo.findDefaultForProject(team, projectId))!.id).to.equal(def.id);
    expect(await repo.findDefaultForProject(team, uuid())).to.equal(null);
  });

  it("finds the team's global pipeline, the one without a project", async () => {
    expect(await repo.findGlobal(team)).to.equal(null);
    await repo.insert(PipelineMother.create({ teamId: team.teamId, projectId: uuid(), isDefault: true }));
    const global = PipelineMother.create({ teamId: team.teamId, projectId: null, isDefault: true });
    await repo.insert(global);
    expect(await repo.findGlobal(team)).to.deep.equal(global);
    expect(await repo.findGlobal({ teamId: uuid() })).to.equal(null);
  });
});
