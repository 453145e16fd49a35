// Campaign goals and lists are free-form JSON, kept as sent. A value nested thousands of levels deep
// overflowed the call stack when the campaign was copied (a 500 found by the generated requests); such
// nesting is refused as a 400 on the field, and a reasonable depth is kept as sent. (Any body deeper than
// 64 levels is refused before, see tests/http/shared/well-formed-input.test.ts.)
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

/** JSON text of `depth` arrays (or objects) around 1. */
const nested = (depth: number, open: '[' | '{') =>
  open === '[' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

forEachHttpBackend(
  'Free-form campaign JSON depth',
  (env) => {
    it('refuses goals, content pillars or target platforms nested deeper than 32 levels with 400 on the field', async () => {
      const team = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Natal' }).expect(201)).body.data.id;
      const campaign = (
        await env().request.post('/api/v1/campaigns').set(team.auth).send({ name: 'Natal', project_id: project }).expect(201)
      ).body.data.id;
      // Deeper than the 64 levels any request body may have, the body is refused before the campaign sees it.
      for (const depth of [33, 60]) {
        for (const open of ['[', '{'] as const) {
          const cases: [string, string, string][] = [
            ['post', '/api/v1/campaigns', `{"name":"c","project_id":"${project}","goals":${nested(depth, open)}}`],
            ['put', `/api/v1/campaigns/${campaign}`, `{"goals":${nested(depth, open)}}`],
            ['post', '/api/v1/campaigns', `{"name":"c","project_id":"${project}","content_pillars":[${nested(depth - 1, open)}]}`],
            ['put', `/api/v1/campaigns/${campaign}`, `{"target_platforms":[${nested(depth - 1, open)}]}`],
          ];
          for (const [method, path, body] of cases) {
            const res = await (env().request as any)[method](path).set(team.auth).set('Content-Type', 'application/json').send(body);
            const field = /"(goals|content_pillars|target_platforms)"/.exec(body)![1];
            const label = `${method} ${path} ${field} ${open} ${depth}`;
            expect(res.status, `${label}: ${JSON.stringify(res.body)}`).to.equal(400);
            expect(res.body.error.details.field, label).to.equal(field);
            expect(res.body.error.message, label).to.equal(`${field} must not be nested more than 32 levels deep`);
          }
        }
      }
      const kept = await env().request.get(`/api/v1/campaigns/${campaign}`).set(team.auth);
      expect(kept.body.data.goals).to.deep.equal({});
    });

    it('keeps goals nested 32 levels deep as sent', async () => {
      const team = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Natal' }).expect(201)).body.data.id;
      const goals = JSON.parse(nested(32, '{'));
      const res = await env()
        .request.post('/api/v1/campaigns')
        .set(team.auth)
        .send({ name: 'c', project_id: project, goals, content_pillars: [JSON.parse(nested(31, '['))] });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const read = await env().request.get(`/api/v1/campaigns/${res.body.data.id}`).set(team.auth);
      expect(read.body.data.goals).to.deep.equal(goals);
    });
  },
  backendNames(),
);
