import { ProjectDealDetails } from '../../../../application/deals/project-deal-details';
import { LruMemos } from '../../../../adapters/system/lru-memo';
import { MonotonicStopwatch } from '../../../../adapters/system/monotonic-stopwatch';
import { expect } from 'chai';
import { DealScopeResolver } from '../../../../application/deals/deal-scope';
import { ListDeals } from '../../../../application/deals/list-deals';
import { ClientRepository } from '../../../../domain/clients/client-repository';
import { DealFilter, DealRepository } from '../../../../domain/deals/deal-repository';
import { LeadRepository } from '../../../../domain/projects/lead-repository';
import { PipelineRepository } from '../../../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../../../domain/projects/project-repository';
import { NotFound } from '../../../../domain/shared/errors';
import { OTHER_TEAM, TEAM } from './harness';

const PROJECT = '0190e000-0000-7000-8000-000000000001';
const PROJECT_PIPELINE = '0190e000-0000-7000-8000-000000000002';
const GLOBAL_PIPELINE = '0190e000-0000-7000-8000-000000000003';
const CLIENT = '0190e000-0000-7000-8000-000000000004';
const LEAD = '0190e000-0000-7000-8000-000000000005';

const projects = { findById: async (_t: unknown, id: string) => (id === PROJECT ? { id } : null) } as unknown as ProjectRepository;
const pipelines = {
  findById: async (_t: unknown, id: string) =>
    id === PROJECT_PIPELINE ? { id, projectId: PROJECT } : id === GLOBAL_PIPELINE ? { id, projectId: null } : null,
} as unknown as PipelineRepository;
const memos = new LruMemos(new MonotonicStopwatch());
const resolver = new DealScopeResolver(projects, pipelines, memos);

describe('DealScopeResolver', () => {
  it('picks the legacy global scope without project_id or pipeline_id', async () => {
    expect(await resolver.resolve(TEAM, {})).to.deep.equal({ scope: 'global' });
  });

  it('picks the project scope for a project of the team', async () => {
    expect(await resolver.resolve(TEAM, { projectId: PROJECT })).to.deep.equal({ scope: 'project', projectId: PROJECT });
    expect(await resolver.resolve(TEAM, { projectId: PROJECT, pipelineId: PROJECT_PIPELINE })).to.deep.equal({
      scope: 'project',
      projectId: PROJECT,
      pipelineId: PROJECT_PIPELINE,
    });
  });

  it('follows a pipeline to its project, or to the global scope for the legacy pipeline', async () => {
    expect(await resolver.resolve(TEAM, { pipelineId: PROJECT_PIPELINE })).to.deep.equal({
      scope: 'project',
      projectId: PROJECT,
      pipelineId: PROJECT_PIPELINE,
    });
    expect(await resolver.resolve(TEAM, { pipelineId: GLOBAL_PIPELINE })).to.deep.equal({ scope: 'global' });
  });

  it("reads a team's project once: projects are never deleted, so one found stays found; one not found is read again", async () => {
    const stored = new Map<string, Set<string>>([[TEAM.teamId, new Set([PROJECT])]]);
    const reads: string[] = [];
    const counting = {
      findById: async (team: { teamId: string }, id: string) => {
        reads.push(`${team.teamId === TEAM.teamId ? 'team' : 'other'} ${id}`);
        return stored.get(team.teamId)?.has(id) ? { id } : null;
      },
    } as unknown as ProjectRepository;
    const remembering = new DealScopeResolver(counting, pipelines, memos);
    for (let i = 0; i < 3; i++) await remembering.resolve(TEAM, { projectId: PROJECT });
    expect(reads).to.deep.equal([`team ${PROJECT}`]);
    // Another team asking for it is still answered 404, each time: what one team has found is its own.
    for (let i = 0; i < 2; i++) {
      const err = await remembering.resolve(OTHER_TEAM, { projectId: PROJECT }).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(NotFound);
    }
    expect(reads).to.have.length(3);
    // A project made after a 404 is found at once.
    stored.set(OTHER_TEAM.teamId, new Set([PROJECT]));
    expect(await remembering.resolve(OTHER_TEAM, { projectId: PROJECT })).to.deep.equal({ scope: 'project', projectId: PROJECT });
    expect(reads).to.have.length(4);
  });

  it('reads a project once for the requests that ask for it together, a failed read failing them all', async () => {
    let reads = 0;
    let answer!: (found: { id: string } | null) => void;
    let fail!: (err: Error) => void;
    const held = {
      findById: () => {
        reads++;
        return new Promise((resolve, reject) => ((answer = resolve), (fail = reject)));
      },
    } as unknown as ProjectRepository;
    const remembering = new DealScopeResolver(held, pipelines, memos);
    const failing = Promise.allSettled([1, 2, 3].map(() => remembering.resolve(TEAM, { projectId: PROJECT })));
    fail(new Error('connection lost'));
    expect((await failing).map((o) => o.status)).to.deep.equal(['rejected', 'rejected', 'rejected']);
    const together = Promise.all([1, 2, 3].map(() => remembering.resolve(TEAM, { projectId: PROJECT })));
    answer({ id: PROJECT });
    expect(await together).to.deep.equal([1, 2, 3].map(() => ({ scope: 'project', projectId: PROJECT })));
    expect(reads).to.equal(2);
    expect(await remembering.resolve(TEAM, { projectId: PROJECT })).to.deep.equal({ scope: 'project', projectId: PROJECT });
    expect(reads).to.equal(2);
  });

  it('answers 404 naming the field for an unknown project or pipeline, or a pipeline of another project', async () => {
    for (const [q, field] of [
      [{ projectId: CLIENT }, 'project_id'],
      [{ pipelineId: CLIENT }, 'pipeline_id'],
      [{ projectId: PROJECT, pipelineId: GLOBAL_PIPELINE }, 'pipeline_id'],
    ] as const) {
      const err = await resolver.resolve(TEAM, q).catch((e) => e);
      expect(err).to.be.instanceOf(NotFound);
      expect(err.details).to.deep.equal({ field });
    }
  });
});

describe('ListDeals', () => {
  const world = () => {
    const seen: DealFilter[] = [];
    const deals = {
      list: async (_t: unknown, f: DealFilter) => {
        seen.push(f);
        return { items: [], total: 0 };
      },
    } as unknown as DealRepository;
    const clients = { findById: async (_t: unknown, id: string) => (id === CLIENT ? { id } : null) } as unknown as ClientRepository;
    const leads = { findById: async (_t: unknown, id: string) => (id === LEAD ? { id } : null) } as unknown as LeadRepository;
    const q = { page: 1, limit: 20, sort: { field: 'created_at' as const, descending: true } };
    const details = { attach: async (_t: unknown, views: unknown[]) => views } as unknown as ProjectDealDetails;
    return { seen, q, list: new ListDeals(deals, resolver, clients, leads, details) };
  };

  it('reads client_id and lead_id as one filter, by the scope', async () => {
    const w = world();
    await w.list.execute(TEAM, { leadId: CLIENT, query: w.q });
    await w.list.execute(TEAM, { clientId: LEAD, projectId: PROJECT, query: w.q });
    expect(w.seen[0]).to.include({ scope: 'global', clientId: CLIENT });
    expect(w.seen[0].leadId).to.equal(undefined);
    expect(w.seen[1]).to.include({ scope: 'project', projectId: PROJECT, leadId: LEAD });
    expect(w.seen[1].clientId).to.equal(undefined);
  });

  it('answers 404 for a client or lead the team does not have', async () => {
    const w = world();
    const global = await w.list.execute(TEAM, { clientId: LEAD, query: w.q }).catch((e) => e);
    expect(global).to.be.instanceOf(NotFound);
    expect(global.details).to.deep.equal({ field: 'client_id' });
    const project = await w.list.execute(TEAM, { leadId: CLIENT, projectId: PROJECT, query: w.q }).catch((e) => e);
    expect(project.details).to.deep.equal({ field: 'lead_id' });
  });

  it('hands the value and date bounds to the repository as the edge read them, without reading them again', async () => {
    const w = world();
    await w.list.execute(TEAM, { minValue: 10, maxValue: 20.5, from: '2026-01-01', to: '2026-01-31', query: w.q });
    expect(w.seen[0]).to.include({ scope: 'global', minValue: 10, maxValue: 20.5, from: '2026-01-01', to: '2026-01-31' });
  });
});
