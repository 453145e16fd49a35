// `workspace-admin workflow list` and `workflow delete`, run in-process against each backend.
import { expect } from 'chai';
import { backendNames } from '../support/backends';
import { adminOn } from '../support/cli';
import { forEachHttpBackend } from '../support/http';

forEachHttpBackend(
  'workspace-admin workflow list and delete',
  (env) => {
    const admin = adminOn(() => env().runtime);
    const create = async (teamId: string, event: string, action: string, config: object) => {
      const r = await admin(
        'workflow',
        'create',
        '--team',
        teamId,
        '--event',
        event,
        '--action',
        action,
        '--config',
        JSON.stringify(config),
        '--json',
      );
      expect(r.code, r.err).to.equal(0);
      return r.json as { id: string };
    };

    it("lists the team's workflows newest first, as JSON and as a table", async () => {
      const team = await env().team({ name: 'Agência Sabiá' });
      const other = await env().team();
      const first = await create(team.teamId, 'deal_created', 'create_activity', { title: 'Ligar para o cliente', type: 'call' });
      const second = await create(team.teamId, 'deal_stage_changed', 'create_task', { title: 'Revisar proposta', priority: 'high' });
      await create(other.teamId, 'deal_created', 'create_activity', { title: 'Não é desta equipe' });

      const listed = await admin('workflow', 'list', '--team', team.teamId, '--json');
      expect(listed.code, listed.err).to.equal(0);
      expect(listed.json.next_cursor).to.equal(null);
      expect(listed.json.data.map((w: { id: string }) => w.id)).to.deep.equal([second.id, first.id]);
      expect(listed.json.data[0]).to.deep.include({
        team_id: team.teamId,
        event: 'deal_stage_changed',
        action: 'create_task',
        config: { title: 'Revisar proposta', priority: 'high' },
        is_active: true,
      });
      const paged = await admin('workflow', 'list', '--team', team.teamId, '--limit', '1', '--json');
      expect(paged.json.data.map((w: { id: string }) => w.id)).to.deep.equal([second.id]);
      expect(paged.json.next_cursor).to.be.a('string');

      const table = (await admin('workflow', 'list', '--team', team.teamId)).out.split('\n');
      expect(table[0]).to.match(/^id\s+event\s+action\s+is_active\s+created_at\s+config$/);
      expect(table[1]).to.contain(second.id).and.contain('{"title":"Revisar proposta","priority":"high"}');
      expect(table).to.have.length(3);

      const unknownTeam = await admin('workflow', 'list', '--team', '0190a000-0000-7000-8000-00000000dead');
      expect(unknownTeam).to.include({ code: 1, out: '', err: 'error: team not found' });
    });

    it('deletes a workflow: it is no longer listed nor run, and the runs it made stay listed', async () => {
      const team = await env().team({ name: 'Agência Tucano' });
      const workflow = await create(team.teamId, 'deal_created', 'create_activity', { title: 'Primeiro contato' });
      await env().request.post('/api/v1/deals').set(team.auth).send({ title: 'Loja da Dona Conceição' }).expect(201);
      expect((await admin('workflow', 'dispatch', '--json')).code).to.equal(0);
      const runsBefore = (await admin('workflow', 'runs', '--team', team.teamId, '--json')).json.data;
      expect(runsBefore.map((r: { workflow_id: string }) => r.workflow_id)).to.deep.equal([workflow.id]);

      const deleted = await admin('workflow', 'delete', '--team', team.teamId, '--id', workflow.id, '--json');
      expect(deleted.code, deleted.err).to.equal(0);
      expect(deleted.json).to.deep.equal({ id: workflow.id, deleted: true });
      expect((await admin('workflow', 'list', '--team', team.teamId, '--json')).json.data).to.deep.equal([]);
      expect((await admin('workflow', 'runs', '--team', team.teamId, '--json')).json.data).to.deep.equal(runsBefore);

      // A deal made after the deletion runs nothing.
      await env().request.post('/api/v1/deals').set(team.auth).send({ title: 'Padaria Pão de Açúcar' }).expect(201);
      await admin('workflow', 'dispatch', '--json');
      expect((await admin('workflow', 'runs', '--team', team.teamId, '--json')).json.data).to.deep.equal(runsBefore);

      const again = await admin('workflow', 'delete', '--team', team.teamId, '--id', workflow.id);
      expect(again).to.include({ code: 1, out: '', err: 'error: Workflow not found' });
    });

    it("refuses another team's workflow, an unknown one and an unknown team, and deletes nothing", async () => {
      const team = await env().team();
      const other = await env().team();
      const theirs = await create(other.teamId, 'deal_created', 'create_activity', { title: 'Deles' });
      for (const [teamId, id, message] of [
        [team.teamId, theirs.id, 'error: Workflow not found'],
        [team.teamId, '0190a000-0000-7000-8000-00000000beef', 'error: Workflow not found'],
        ['0190a000-0000-7000-8000-00000000dead', theirs.id, 'error: team not found'],
      ]) {
        expect(await admin('workflow', 'delete', '--team', teamId, '--id', id), `${teamId} ${id}`).to.include({
          code: 1,
          out: '',
          err: message,
        });
      }
      expect((await admin('workflow', 'delete', '--team', team.teamId, '--id', 'nope')).err).to.equal(
        'error: --id must be a UUID, not "nope"',
      );
      const theirList = (await admin('workflow', 'list', '--team', other.teamId, '--json')).json.data;
      expect(theirList.map((w: { id: string }) => w.id)).to.deep.equal([theirs.id]);
    });
  },
  backendNames(),
);
