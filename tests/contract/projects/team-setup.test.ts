import { expect } from 'chai';
import { CreateTeam } from '../../../application/teams/create-team';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { PipelineRepository } from '../../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { StageRepository } from '../../../domain/projects/stage-repository';
import { forEachBackend } from '../../support/backends';

forEachBackend('Projects team setup', (env) => {
  it('gives a new team five stages, an internal project with a default pipeline, and the legacy global pipeline', async () => {
    const c = env().container;
    const { team } = await c.get(CreateTeam).execute({ name: 'Setup team' });
    const ctx = { teamId: team.id };
    const stages = await c.get<StageRepository>(PROJECT_TOKENS.StageRepository).listByTeam(ctx);
    expect(stages.map((s) => s.category)).to.deep.equal(['backlog', 'active', 'paused', 'completed', 'cancelled']);
    expect(stages.filter((s) => s.isInitial).map((s) => s.category)).to.deep.equal(['backlog']);

    const projects = c.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository);
    const internal = await projects.findInternal(ctx);
    expect(internal).to.include({ isInternal: true, archivedAt: null, name: 'Internal' });

    const pipelines = c.get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository);
    const def = await pipelines.findDefaultForProject(ctx, internal!.id);
    expect(def!.columns.map((col) => col.slug)).to.deep.equal(['novo', 'qualificado', 'proposta', 'ganho', 'perdido']);
    const global = await pipelines.findGlobal(ctx);
    expect(global!.projectId).to.equal(null);
    expect(global!.columns.map((col) => [col.slug, col.outcome])).to.deep.equal([
      ['lead', 'open'],
      ['qualificacao', 'open'],
      ['proposta', 'open'],
      ['negociacao', 'open'],
      ['ganho', 'won'],
      ['perdido', 'lost'],
    ]);
    expect((await pipelines.findById(ctx, global!.id))!.projectId).to.equal(null);
  });
});
