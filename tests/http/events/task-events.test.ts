import { expect } from 'chai';
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { fixtures } from '../tasks/workspace-fixtures';
import { eventsAbout, expectEvent, teamEvents } from './event-log';

forEachHttpBackend(
  'Task events',
  (env) => {
    const fx = fixtures(env);
    const restore = (id: string) =>
      runCli(
        ['task', 'restore', '--id', id, '--json'],
        operatorCommands(env().runtime.container, () => env().runtime),
        {
          out: () => undefined,
          err: () => undefined,
        },
      );

    it('logs task.created and task.updated (with the previous values of what changed), each as GET /tasks/:id answers', async () => {
      const team = await env().team();
      const project = await fx.project(team, 'Site');
      const created = await env()
        .request.post('/api/v1/tasks')
        .set(team.auth)
        .send({ title: 'Brief', project_id: project.id, priority: 'high', tags: ['site'] })
        .expect(201);
      const id = created.body.data.id;
      const first = (await env().request.get(`/api/v1/tasks/${id}`).set(team.auth).expect(200)).body.data;
      await env()
        .request.put(`/api/v1/tasks/${id}`)
        .set(team.auth)
        .send({ title: 'Brief v2', column: 'doing', priority: 'high' })
        .expect(200);
      const second = (await env().request.get(`/api/v1/tasks/${id}`).set(team.auth).expect(200)).body.data;
      const events = await eventsAbout(env(), team.teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['task.created', 'task.updated']);
      expectEvent(events[0], 'task.created', first);
      expectEvent(events[1], 'task.updated', second, { title: 'Brief', column: 'todo' });
    });

    it("logs task.deleted with the task as it was, and the operator's restore as task.updated, once", async () => {
      const team = await env().team();
      const project = await fx.project(team, 'Site');
      const id = (await env().request.post('/api/v1/tasks').set(team.auth).send({ title: 'Brief', project_id: project.id }).expect(201))
        .body.data.id;
      const before = (await env().request.get(`/api/v1/tasks/${id}`).set(team.auth).expect(200)).body.data;
      await env().request.delete(`/api/v1/tasks/${id}`).set(team.auth).expect(200);
      let events = await eventsAbout(env(), team.teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['task.created', 'task.deleted']);
      expectEvent(events[1], 'task.deleted', before);

      expect(await restore(id)).to.equal(0);
      expect(await restore(id)).to.equal(0);
      const after = (await env().request.get(`/api/v1/tasks/${id}`).set(team.auth).expect(200)).body.data;
      events = await eventsAbout(env(), team.teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['task.created', 'task.deleted', 'task.updated']);
      expectEvent(events[2], 'task.updated', after, { deleted_at: events[1].createdAt });
    });

    it('logs nothing for a change refused inside its transaction (a pipeline of another project)', async () => {
      const team = await env().team();
      const project = await fx.project(team, 'Site');
      const other = await fx.project(team, 'Other');
      const id = (await env().request.post('/api/v1/tasks').set(team.auth).send({ title: 'Brief', project_id: project.id }).expect(201))
        .body.data.id;
      const count = (await teamEvents(env(), team.teamId)).length;
      const refused = await env().request.put(`/api/v1/tasks/${id}`).set(team.auth).send({ title: 'New', pipeline_id: other.pipelineId });
      expect(refused.status).to.be.oneOf([404, 422]);
      expect(await teamEvents(env(), team.teamId)).to.have.length(count);
    });
  },
  backendNames(),
);
