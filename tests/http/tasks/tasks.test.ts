import { expect } from 'chai';
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { backendNames } from '../../support/backends';
import { TestTeam, forEachHttpBackend } from '../../support/http';
import { fixtures } from './workspace-fixtures';

const UNKNOWN = '0190a0b0-0000-7000-8000-0000000000ff';
const A = '0190a0b0-0000-7000-8000-0000000000a1';
const B = '0190a0b0-0000-7000-8000-0000000000a2';
const C = '0190a0b0-0000-7000-8000-0000000000a3';

forEachHttpBackend(
  'Tasks API',
  (env) => {
    const fx = fixtures(env);
    const post = (team: TestTeam, body: object) => env().request.post('/api/v1/tasks').set(team.auth).send(body);
    const put = (team: TestTeam, id: string, body: object) => env().request.put(`/api/v1/tasks/${id}`).set(team.auth).send(body);
    const get = (team: TestTeam, id: string) => env().request.get(`/api/v1/tasks/${id}`).set(team.auth);
    const del = (team: TestTeam, id: string) => env().request.delete(`/api/v1/tasks/${id}`).set(team.auth);
    const list = (team: TestTeam, query = '') => env().request.get(`/api/v1/tasks${query}`).set(team.auth);
    const titles = async (team: TestTeam, query: string) => (await list(team, query)).body.data.map((t: { title: string }) => t.title);

    async function setup() {
      const team = await env().team();
      const project = await fx.project(team, 'Site');
      return { team, project };
    }

    it("creates a task in the project's default pipeline and first column, with the defaults", async () => {
      const { team, project } = await setup();
      const res = await post(team, { title: 'Write brief', project_id: project.id });
      expect(res.status).to.equal(201);
      const t = res.body.data;
      expect(t).to.include({
        title: 'Write brief',
        description: null,
        project_id: project.id,
        pipeline_id: project.pipelineId,
        column: 'todo',
        priority: 'none',
        assignee_id: null,
        reporter_id: null,
        due_date: null,
        estimated_hours: null,
        actual_hours: null,
        position: 0,
        checklist_markdown: null,
        completed_at: null,
        deleted_at: null,
      });
      expect(t.assignee_ids).to.deep.equal([]);
      expect(t.tags).to.deep.equal([]);
      expect(t.created_at).to.match(/Z$/);
      expect(Object.keys(t)).to.not.include.members(['team_id', 'teamId']);
    });

    it('takes the column as column or column_slug, and another pipeline of the project', async () => {
      const { team, project } = await setup();
      expect((await post(team, { title: 'a', project_id: project.id, column: 'doing' })).body.data.column).to.equal('doing');
      expect((await post(team, { title: 'b', project_id: project.id, column_slug: 'done' })).body.data.column).to.equal('done');
      const second = await fx.pipeline(team, project.id, ['inbox', 'review']);
      const t = (await post(team, { title: 'c', project_id: project.id, pipeline_id: second })).body.data;
      expect(t).to.include({ pipeline_id: second, column: 'inbox' });
    });

    it('puts the task in backlog when no column resolves', async () => {
      const team = await env().team();
      const bare = await fx.project(team, 'No board', null);
      const t = (await post(team, { title: 'a', project_id: bare.id })).body.data;
      expect(t).to.include({ pipeline_id: null, column: 'backlog' });
    });

    it('prefers assignee_ids and keeps assignee_id equal to the first; a lone assignee_id is the only assignee', async () => {
      const { team, project } = await setup();
      const both = (await post(team, { title: 'a', project_id: project.id, assignee_ids: [B, A], assignee_id: C })).body.data;
      expect(both.assignee_ids).to.deep.equal([B, A]);
      expect(both.assignee_id).to.equal(B);
      const legacy = (await post(team, { title: 'b', project_id: project.id, assignee_id: C })).body.data;
      expect(legacy.assignee_ids).to.deep.equal([C]);
      expect(legacy.assignee_id).to.equal(C);
    });

    it("answers 404 for a project or pipeline that is not the team's (or not the project's)", async () => {
      const { team, project } = await setup();
      const other = await env().team();
      const cases: [TestTeam, object, string][] = [
        [other, { title: 'a', project_id: project.id }, 'project_id'],
        [team, { title: 'a', project_id: UNKNOWN }, 'project_id'],
        [team, { title: 'a', project_id: project.id, pipeline_id: UNKNOWN }, 'pipeline_id'],
        [team, { title: 'a', project_id: project.id, pipeline_id: (await fx.project(team, 'Other')).pipelineId as string }, 'pipeline_id'],
      ];
      for (const [t, body, field] of cases) {
        const res = await post(t, body);
        expect(res.status, JSON.stringify(body)).to.equal(404);
        expect(res.body.error.code).to.equal('NOT_FOUND');
        expect(res.body.error.details.field).to.equal(field);
      }
    });

    it('answers 400 with details.field for missing or malformed fields', async () => {
      const { team, project } = await setup();
      const cases: [object, string][] = [
        [{ project_id: project.id }, 'title'],
        [{ title: 'a' }, 'project_id'],
        [{ title: '  ', project_id: project.id }, 'title'],
        [{ title: 'a', project_id: 'x' }, 'project_id'],
        [{ title: 'a', project_id: project.id, priority: 'critical' }, 'priority'],
        [{ title: 'a', project_id: project.id, assignee_ids: ['bob'] }, 'assignee_ids'],
        [{ title: 'a', project_id: project.id, due_date: 'soon' }, 'due_date'],
        [{ title: 'a', project_id: project.id, tags: [1] }, 'tags'],
        [{ title: 'a', project_id: project.id, estimated_hours: '2' }, 'estimated_hours'],
      ];
      for (const [body, field] of cases) {
        const res = await post(team, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, JSON.stringify(body)).to.equal(field);
      }
    });

    it('updates the fields sent; assignee_ids resets assignee_id; project_id is ignored', async () => {
      const { team, project } = await setup();
      const other = await fx.project(team, 'Other');
      const id = (await post(team, { title: 'a', project_id: project.id, assignee_ids: [A] })).body.data.id;
      const res = await put(team, id, {
        assignee_ids: [C, B],
        project_id: other.id,
        priority: 'urgent',
        position: 3,
        actual_hours: 1.5,
        completed_at: '2026-01-02T03:04:05Z',
        checklist_markdown: '- [x] done',
        tags: ['t'],
      });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({
        assignee_id: C,
        project_id: project.id,
        priority: 'urgent',
        position: 3,
        actual_hours: 1.5,
        completed_at: '2026-01-02T03:04:05.000Z',
        checklist_markdown: '- [x] done',
        title: 'a',
      });
      expect(res.body.data.assignee_ids).to.deep.equal([C, B]);
      const cleared = await put(team, id, { assignee_id: null, description: null, actual_hours: null });
      expect(cleared.body.data).to.include({ assignee_id: null, actual_hours: null });
      expect(cleared.body.data.assignee_ids).to.deep.equal([]);
    });

    it('moves a task between columns and pipelines of its project', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { title: 'a', project_id: project.id })).body.data.id;
      expect((await put(team, id, { column: 'done' })).body.data).to.include({ pipeline_id: project.pipelineId, column: 'done' });
      const second = await fx.pipeline(team, project.id, ['inbox', 'review']);
      expect((await put(team, id, { pipeline_id: second })).body.data).to.include({ pipeline_id: second, column: 'inbox' });
      expect((await put(team, id, { pipeline_id: project.pipelineId, column_slug: 'doing' })).body.data).to.include({ column: 'doing' });
      const foreign = (await fx.project(team, 'Foreign')).pipelineId as string;
      const res = await put(team, id, { pipeline_id: foreign });
      expect(res.status).to.equal(404);
      expect(res.body.error.details.field).to.equal('pipeline_id');
    });

    it('answers 400 for an update without an updatable field (project_id alone counts for nothing)', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { title: 'a', project_id: project.id })).body.data.id;
      for (const body of [{}, { project_id: project.id }]) {
        const res = await put(team, id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
    });

    it('soft deletes: returns { id, deleted_at }, then the task is 404 for read, update and delete, and gone from lists', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { title: 'a', project_id: project.id })).body.data.id;
      await post(team, { title: 'b', project_id: project.id });
      const res = await del(team, id);
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.data).sort()).to.deep.equal(['deleted_at', 'id']);
      expect(res.body.data.id).to.equal(id);
      expect(res.body.data.deleted_at).to.match(/Z$/);
      for (const r of [await get(team, id), await put(team, id, { title: 'x' }), await del(team, id)]) {
        expect(r.status).to.equal(404);
        expect(r.body.error.code).to.equal('NOT_FOUND');
      }
      expect(await titles(team, '')).to.deep.equal(['b']);
      expect((await list(team)).body.pagination.total).to.equal(1);
    });

    it("reads a task; unknown, malformed or another team's id is 404", async () => {
      const { team, project } = await setup();
      const id = (await post(team, { title: 'a', project_id: project.id })).body.data.id;
      expect((await get(team, id)).body.data.title).to.equal('a');
      const other = await env().team();
      for (const [t, path] of [
        [other, id],
        [team, UNKNOWN],
        [team, 'x'],
      ] as const) {
        expect((await get(t, path)).status).to.equal(404);
      }
    });

    it('restores a deleted task through the operator command `task restore`', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { title: 'a', project_id: project.id })).body.data.id;
      await del(team, id);
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
      const commands = operatorCommands(env().runtime.container, () => env().runtime);
      expect(await runCli(['task', 'restore', '--id', id, '--json'], commands, io)).to.equal(0);
      const printed = JSON.parse(out[0]);
      expect(printed).to.include({ id, title: 'a', deleted_at: null });
      expect((await get(team, id)).status).to.equal(200);
      expect(await runCli(['task', 'restore', '--id', UNKNOWN], commands, io)).to.equal(1);
      expect(err.join('\n')).to.match(/not found/i);
    });

    describe('list', () => {
      it('filters by project, pipeline, an assignee in the list, priority and column, and searches', async () => {
        const { team, project } = await setup();
        const other = await fx.project(team, 'Other');
        await post(team, { title: 'one', project_id: project.id, assignee_ids: [A, B], priority: 'high' });
        await post(team, { title: 'two', project_id: other.id, assignee_ids: [B], column: 'doing', description: 'ONE more' });
        await post(team, { title: 'three', project_id: project.id, priority: 'low', column: 'doing' });
        const sorted = async (q: string) => (await titles(team, q)).sort();
        expect(await sorted(`?project_id=${project.id}`)).to.deep.equal(['one', 'three']);
        expect(await sorted(`?pipeline_id=${other.pipelineId}`)).to.deep.equal(['two']);
        expect(await sorted(`?assignee_id=${A}`)).to.deep.equal(['one']);
        expect(await sorted(`?assignee_id=${B}`)).to.deep.equal(['one', 'two']);
        expect(await sorted('?priority=low')).to.deep.equal(['three']);
        expect(await sorted('?column=doing')).to.deep.equal(['three', 'two']);
        expect(await sorted('?search=one')).to.deep.equal(['one', 'two']);
      });

      it('refuses bad filters: malformed ids and priority 400, unknown project 404', async () => {
        const { team } = await setup();
        expect((await list(team, '?priority=critical')).status).to.equal(400);
        expect((await list(team, '?assignee_id=bob')).status).to.equal(400);
        expect((await list(team, '?project_id=x')).status).to.equal(400);
        const unknown = await list(team, `?project_id=${UNKNOWN}`);
        expect(unknown.status).to.equal(404);
        expect(unknown.body.error.details.field).to.equal('project_id');
      });

      it('sorts on the listed fields, priority by rank, and refuses an unlisted field with 400 naming sort', async () => {
        const { team, project } = await setup();
        for (const priority of ['medium', 'urgent', 'none', 'low', 'high'])
          await post(team, { title: priority, project_id: project.id, priority });
        expect(await titles(team, '?sort=priority')).to.deep.equal(['none', 'low', 'medium', 'high', 'urgent']);
        expect(await titles(team, '?sort=-priority')).to.deep.equal(['urgent', 'high', 'medium', 'low', 'none']);
        expect(await titles(team, '?sort=title&limit=2&page=2')).to.deep.equal(['medium', 'none']);
        expect(await titles(team, '')).to.deep.equal(['high', 'low', 'none', 'urgent', 'medium']);
        const res = await list(team, '?sort=name');
        expect(res.status).to.equal(400);
        expect(res.body.error.details.field).to.equal('sort');
      });
    });

    it('answers a created task with Location at its own path', async () => {
      const { team, project } = await setup();
      const res = await post(team, { title: 'Revisar orçamento', project_id: project.id });
      expect(res.status).to.equal(201);
      expect(res.headers.location).to.equal(`/api/v1/tasks/${res.body.data.id}`);
      const read = await env().request.get(res.headers.location).set(team.auth);
      expect(read.status).to.equal(200);
      expect(read.body.data).to.deep.equal(res.body.data);
    });
  },
  backendNames(),
);
