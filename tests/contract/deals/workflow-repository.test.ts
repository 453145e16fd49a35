import { expect } from 'chai';
import { IdGenerator } from '../../../application/shared/id-generator';
import { CreateTeam } from '../../../application/teams/create-team';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../bootstrap/tokens';
import { WorkflowData, workflowRun } from '../../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../../domain/deals/workflow-repository';
import { KEYSET_DEFAULT_LIMIT } from '../../../domain/shared/keyset';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';

forEachBackend('WorkflowRepository contract: list and delete', (env) => {
  const repos = () => ({
    workflows: env().container.get<WorkflowRepository>(DEAL_TOKENS.WorkflowRepository),
    runs: env().container.get<WorkflowRunRepository>(DEAL_TOKENS.WorkflowRunRepository),
  });
  const newTeam = async (name: string): Promise<TeamContext> => ({
    teamId: (await env().container.get(CreateTeam).execute({ name })).team.id,
  });
  /** A workflow of `team` made at `at` (an ISO time), inserted as `workflow create` inserts it. */
  const workflow = async (team: TeamContext, at: string, over: Partial<WorkflowData> = {}): Promise<WorkflowData> => {
    const data: WorkflowData = {
      id: env().container.get<IdGenerator>(TOKENS.IdGenerator).next(),
      teamId: team.teamId,
      event: 'deal_created',
      action: 'create_activity',
      config: { title: 'Ligar para o cliente', type: 'call' },
      isActive: true,
      createdAt: at,
      updatedAt: at,
      ...over,
    };
    await repos().workflows.insert(data);
    return data;
  };
  const all = async (team: TeamContext, limit = KEYSET_DEFAULT_LIMIT): Promise<WorkflowData[]> => {
    const items: WorkflowData[] = [];
    let after = null;
    for (;;) {
      const page = await repos().workflows.list(team, { limit, after });
      items.push(...page.items);
      if (!page.next) return items;
      after = page.next;
    }
  };

  it("lists the team's workflows newest first (created_at, then id), page by page, inactive ones included, no other team's", async () => {
    const team = await newTeam('Agência Ipê');
    const other = await newTeam('Outra Agência');
    const a = await workflow(team, '2026-11-20T10:00:00.000Z');
    const b = await workflow(team, '2026-11-21T10:00:00.000Z', { event: 'deal_stage_changed', action: 'create_task', isActive: false });
    const c = await workflow(team, '2026-11-21T10:00:00.000Z', { config: { title: 'Enviar proposta' } });
    await workflow(other, '2026-11-22T10:00:00.000Z');
    const sameTime = [b, c].sort((x, y) => (x.id > y.id ? -1 : 1));
    expect((await all(team)).map((w) => w.id)).to.deep.equal([...sameTime.map((w) => w.id), a.id]);
    expect((await all(team, 1)).map((w) => w.id)).to.deep.equal([...sameTime.map((w) => w.id), a.id]);
    expect((await all(team)).find((w) => w.id === b.id)).to.deep.equal(b);
  });

  it('deletes a workflow of the team once: then it is not found, listed nor run, and its runs stay listed', async () => {
    const team = await newTeam('Agência Jacarandá');
    const other = await newTeam('Agência Vizinha');
    const kept = await workflow(team, '2026-11-20T10:00:00.000Z');
    const gone = await workflow(team, '2026-11-21T10:00:00.000Z');
    const ids = env().container.get<IdGenerator>(TOKENS.IdGenerator);
    const run = workflowRun(ids.next(), gone, { id: ids.next(), type: 'deal_created', dealId: ids.next() }, { error: null }, new Date());
    expect(await repos().runs.record(run)).to.equal(true);

    expect(await repos().workflows.delete(other, gone.id, '2026-11-22T10:00:00.000Z'), "another team's").to.equal(false);
    expect(await repos().workflows.findById(team, gone.id)).to.deep.equal(gone);
    expect(await repos().workflows.delete(team, gone.id, '2026-11-22T10:00:00.000Z')).to.equal(true);
    expect(await repos().workflows.delete(team, gone.id, '2026-11-23T10:00:00.000Z'), 'twice').to.equal(false);
    expect(await repos().workflows.delete(team, ids.next(), '2026-11-23T10:00:00.000Z'), 'unknown').to.equal(false);

    expect(await repos().workflows.findById(team, gone.id)).to.equal(null);
    expect((await all(team)).map((w) => w.id)).to.deep.equal([kept.id]);
    expect((await repos().workflows.listForEvent(team, 'deal_created')).map((w) => w.id)).to.deep.equal([kept.id]);
    const runs = await repos().runs.list(team, { limit: 10, after: null });
    expect(runs.items.map((r) => [r.id, r.workflowId])).to.deep.equal([[run.id, gone.id]]);
  });
});
