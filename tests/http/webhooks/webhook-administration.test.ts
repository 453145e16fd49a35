import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createProjectFixture } from './fixtures';

const UNKNOWN = '0190a000-0000-7000-8000-000000000000';

forEachHttpBackend(
  'Webhook administration API',
  (env) => {
    const setUp = async () => {
      const team = await env().team();
      const project = await createProjectFixture(env().runtime, team.teamId);
      return { ...team, ...project };
    };

    const create = async (auth: Record<string, string>, body: object) => env().request.post('/api/v1/webhooks').set(auth).send(body);

    it('creates an endpoint with 201, a public endpoint_id distinct from its id, and a one-time secret_token', async () => {
      const { auth, projectId, pipeline } = await setUp();
      const res = await create(auth, { name: 'Formulário do site', project_id: projectId, field_mapping: { full_name: 'nome' } });
      expect(res.status).to.equal(201);
      const w = res.body.data;
      expect(w).to.include({ name: 'Formulário do site', slug: 'formulario-do-site', is_active: true, action_type: 'create_deal' });
      expect(w.secret_token).to.match(/^whsec_[A-Za-z0-9_-]{40,}$/);
      expect(w.endpoint_id).to.be.a('string').and.not.equal(w.id);
      expect(w.endpoint_id).to.not.include(w.id);
      expect(w.target_pipeline_id).to.equal(pipeline.id);
      expect(w.target_column_id).to.equal('novo');
      expect(w.field_mapping).to.deep.equal({ full_name: 'nome' });
      expect(w.action_config).to.deep.equal({ project_id: projectId, pipeline_id: pipeline.id, column: 'novo' });

      const read = await env().request.get(`/api/v1/webhooks/${w.id}`).set(auth);
      expect(read.status).to.equal(200);
      const list = await env().request.get('/api/v1/webhooks').set(auth);
      for (const body of [read.body.data, list.body.data[0]]) {
        expect(body.id).to.equal(w.id);
        expect(body).to.not.have.any.keys('secret_token', 'secret', 'secret_hash', 'secretHash', 'team_id');
        expect(JSON.stringify(body)).to.not.include(w.secret_token);
      }
    });

    it("creates an endpoint from a name alone, per the legacy description: create_deal into the internal project's first open column", async () => {
      const team = await env().team();
      const projects = (await env().request.get('/api/v1/projects?limit=100').set(team.auth)).body.data;
      const internal = projects.find((p: { is_internal: boolean }) => p.is_internal);
      const res = await create(team.auth, { name: 'Formulário' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const w = res.body.data;
      expect(w).to.include({
        name: 'Formulário',
        slug: 'formulario',
        is_active: true,
        action_type: 'create_deal',
        target_column_id: 'novo',
      });
      expect(w.action_config).to.include({ project_id: internal.id, column: 'novo' });
      expect(w.secret_token).to.match(/^whsec_/);

      const url = `/api/v1/webhooks/inbound/${w.endpoint_id}`;
      expect((await env().request.get(url)).body).to.deep.equal({ status: 'active' });
      expect((await env().request.post(url).set('X-Webhook-Secret', 'whsec_wrong').send({ name: 'Ana' })).status).to.equal(401);
      expect((await env().request.post(url).send({ name: 'Ana' })).status).to.equal(401);
      const accepted = await env()
        .request.post(url)
        .set('X-Webhook-Secret', w.secret_token)
        .send({ name: 'Ana Lúcia', email: 'ana@example.com.br' });
      expect(accepted.body, JSON.stringify(accepted.body)).to.include({
        received: true,
        success: true,
        action: 'create_deal',
        entity_type: 'deal',
      });
      const deal = await env().request.get(`/api/v1/deals/${accepted.body.entity_id}?project_id=${internal.id}`).set(team.auth);
      expect(deal.body.data).to.include({ project_id: internal.id, phase: 'novo', title: 'Ana Lúcia' });

      const listed = await env().request.get('/api/v1/webhooks').set(team.auth);
      expect(listed.body.data.map((e: { id: string }) => e.id)).to.deep.equal([w.id]);
      expect(JSON.stringify(listed.body)).to.not.include(w.secret_token);
      expect(JSON.stringify((await env().request.get(`/api/v1/webhooks/${w.id}`).set(team.auth)).body)).to.not.include(w.secret_token);
    });

    it('takes the project from a project pipeline and checks that the column is open', async () => {
      const { auth, projectId, pipeline } = await setUp();
      const byPipeline = await create(auth, { name: 'A', target_pipeline_id: pipeline.id, target_column_id: 'proposta' });
      expect(byPipeline.status).to.equal(201);
      expect(byPipeline.body.data.action_config).to.deep.equal({ project_id: projectId, pipeline_id: pipeline.id, column: 'proposta' });
      for (const column of ['ganho', 'perdido', 'nope']) {
        const refused = await create(auth, { name: 'B', project_id: projectId, target_column_id: column });
        expect(refused.status, column).to.equal(400);
        expect(refused.body.error).to.include({ code: 'VALIDATION_ERROR' });
        expect(refused.body.error.details.field).to.equal('target_column_id');
      }
    });

    it('answers 400 with details.field for a bad body and 404 for an unknown or other-team project or pipeline', async () => {
      const { auth, projectId, pipeline } = await setUp();
      const other = await setUp();
      const bad: [object, string][] = [
        [{ project_id: projectId }, 'name'],
        [{ name: ' ', project_id: projectId }, 'name'],
        [{ name: 'X', project_id: 'nope' }, 'project_id'],
        [{ name: 'X', project_id: projectId, is_active: 'yes' }, 'is_active'],
        [{ name: 'X', project_id: projectId, field_mapping: [] }, 'field_mapping'],
        [{ name: 'X', project_id: projectId, field_mapping: { password: 'a' } }, 'field_mapping'],
        [{ name: 'X', project_id: projectId, action_type: 'send_email' }, 'action_type'],
      ];
      for (const [body, field] of bad) {
        const res = await create(auth, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, JSON.stringify(body)).to.equal(field);
      }
      const missing: [object, string][] = [
        [{ name: 'X', project_id: UNKNOWN }, 'project_id'],
        [{ name: 'X', project_id: other.projectId }, 'project_id'],
        [{ name: 'X', target_pipeline_id: other.pipeline.id }, 'target_pipeline_id'],
        [{ name: 'X', project_id: projectId, target_pipeline_id: UNKNOWN }, 'target_pipeline_id'],
      ];
      for (const [body, field] of missing) {
        const res = await create(auth, body);
        expect(res.status, JSON.stringify(body)).to.equal(404);
        expect(res.body.error.code).to.equal('NOT_FOUND');
        expect(res.body.error.details.field).to.equal(field);
      }
      expect((await create(auth, { name: 'ok', project_id: projectId, target_pipeline_id: pipeline.id })).status).to.equal(201);
    });

    it('makes slugs unique in the team and refuses a taken slug that is sent', async () => {
      const { auth, projectId } = await setUp();
      const slugs = [];
      for (let i = 0; i < 3; i++) slugs.push((await create(auth, { name: 'Site Form', project_id: projectId })).body.data.slug);
      expect(slugs).to.deep.equal(['site-form', 'site-form-2', 'site-form-3']);
      const dup = await create(auth, { name: 'Other', slug: 'Site Form', project_id: projectId });
      expect(dup.status).to.equal(422);
      expect(dup.body.error.code).to.equal('DUPLICATE_ENTRY');
    });

    it('gives concurrent creations with one name distinct slugs', async () => {
      const { auth, projectId } = await setUp();
      const all = await Promise.all(Array.from({ length: 4 }, () => create(auth, { name: 'Race', project_id: projectId })));
      expect(all.map((r) => r.status)).to.deep.equal([201, 201, 201, 201]);
      expect(all.map((r) => r.body.data.slug).sort()).to.deep.equal(['race', 'race-2', 'race-3', 'race-4']);
    });

    it('creates a create_lead endpoint without pipeline, and refuses one with a target pipeline', async () => {
      const { auth, projectId, pipeline } = await setUp();
      const res = await create(auth, { name: 'Leads', action_type: 'create_lead', project_id: projectId });
      expect(res.status).to.equal(201);
      expect(res.body.data).to.include({ action_type: 'create_lead', target_pipeline_id: null, target_column_id: null });
      const refused = await create(auth, {
        name: 'Leads',
        action_type: 'create_lead',
        project_id: projectId,
        target_pipeline_id: pipeline.id,
      });
      expect(refused.status).to.equal(400);
    });

    it("lists the team's endpoints with the active filter, sorted and paginated", async () => {
      const { auth, projectId } = await setUp();
      const other = await setUp();
      await create(other.auth, { name: 'Not mine', project_id: other.projectId });
      const ids: Record<string, string> = {};
      for (const [name, active] of [
        ['bravo', true],
        ['Alpha', false],
        ['charlie', true],
      ] as const) {
        ids[name] = (await create(auth, { name, project_id: projectId, is_active: active })).body.data.id;
      }
      const all = await env().request.get('/api/v1/webhooks').set(auth);
      expect(all.body.pagination).to.deep.equal({ page: 1, limit: 20, total: 3, pages: 1 });
      expect(all.body.data.map((w: { name: string }) => w.name)).to.deep.equal(['charlie', 'Alpha', 'bravo']);
      const active = await env().request.get('/api/v1/webhooks?active=true&sort=name').set(auth);
      expect(active.body.data.map((w: { name: string }) => w.name)).to.deep.equal(['bravo', 'charlie']);
      const inactive = await env().request.get('/api/v1/webhooks?active=false').set(auth);
      expect(inactive.body.data.map((w: { id: string }) => w.id)).to.deep.equal([ids.Alpha]);
      const page2 = await env().request.get('/api/v1/webhooks?sort=-name&limit=2&page=2').set(auth);
      expect(page2.body.data.map((w: { name: string }) => w.name)).to.deep.equal(['Alpha']);
      expect(page2.body.pagination).to.deep.equal({ page: 2, limit: 2, total: 3, pages: 2 });
      for (const [q, field] of [
        ['active=maybe', 'active'],
        ['sort=slug', 'sort'],
        ['limit=101', 'limit'],
        ['page=0', 'page'],
      ]) {
        const res = await env().request.get(`/api/v1/webhooks?${q}`).set(auth);
        expect(res.status, q).to.equal(400);
        expect(res.body.error.details.field).to.equal(field);
      }
    });

    it('updates name, is_active, field_mapping and idempotency_path, ignoring the action and legacy fields, and needs one of them', async () => {
      const { auth, projectId } = await setUp();
      const w = (await create(auth, { name: 'A', project_id: projectId, field_mapping: { email: 'mail' } })).body.data;
      expect(w.idempotency_path).to.equal(null);
      const res = await env()
        .request.put(`/api/v1/webhooks/${w.id}`)
        .set(auth)
        .send({
          name: 'Renamed',
          is_active: false,
          field_mapping: { email: 'other', full_name: ['first', 'last'] },
          idempotency_path: 'event.id',
          target_column_id: 'ganho',
          action_type: 'create_lead',
        });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({
        name: 'Renamed',
        is_active: false,
        slug: w.slug,
        target_column_id: 'novo',
        action_type: 'create_deal',
        idempotency_path: 'event.id',
      });
      expect(res.body.data.field_mapping).to.deep.equal({ email: 'other', full_name: ['first', 'last'] });
      expect(res.body.data.updated_at >= w.updated_at).to.equal(true);
      const cleared = await env().request.put(`/api/v1/webhooks/${w.id}`).set(auth).send({ field_mapping: {}, idempotency_path: null });
      expect(cleared.status).to.equal(200);
      expect(cleared.body.data).to.include({ idempotency_path: null });
      expect(cleared.body.data.field_mapping).to.deep.equal({});
      for (const body of [{}, { target_column_id: 'ganho' }]) {
        const empty = await env().request.put(`/api/v1/webhooks/${w.id}`).set(auth).send(body);
        expect(empty.status).to.equal(400);
        expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
      }
      const badType = await env().request.put(`/api/v1/webhooks/${w.id}`).set(auth).send({ is_active: 'no' });
      expect(badType.status).to.equal(400);
      expect(badType.body.error.details.field).to.equal('is_active');
      expect((await env().request.get(`/api/v1/webhooks/${w.id}`).set(auth)).body.data.name).to.equal('Renamed');
    });

    it('refuses a bad mapping or idempotency path with 400 naming it, on POST and PUT, and changes nothing', async () => {
      const { auth, projectId } = await setUp();
      const w = (await create(auth, { name: 'A', project_id: projectId, field_mapping: { email: 'mail' } })).body.data;
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ field_mapping: { email: 'answers[0' } }, 'field_mapping', /field_mapping\.email.*answers\[0/],
        [{ field_mapping: { email: 'a..b' } }, 'field_mapping', /a\.\.b/],
        [{ field_mapping: { full_name: ['first', 3] } }, 'field_mapping', /field_mapping\.full_name\[1\] must be a string/],
        [{ field_mapping: { password: 'x' } }, 'field_mapping', /password/],
        [{ idempotency_path: 'entry[0' }, 'idempotency_path', /idempotency_path.*entry\[0/],
        [{ idempotency_path: ' ' }, 'idempotency_path', /idempotency_path/],
        [{ idempotency_path: 7 }, 'idempotency_path', /idempotency_path/],
      ];
      for (const [body, field, message] of cases) {
        const posted = await create(auth, { name: 'B', project_id: projectId, ...body });
        expect(posted.status, JSON.stringify(body)).to.equal(400);
        expect(posted.body.error.code).to.equal('VALIDATION_ERROR');
        expect(posted.body.error.details.field, JSON.stringify(body)).to.equal(field);
        expect(posted.body.error.message).to.match(message);
        const put = await env().request.put(`/api/v1/webhooks/${w.id}`).set(auth).send(body);
        expect(put.status, JSON.stringify(body)).to.equal(400);
        expect(put.body.error.details.field).to.equal(field);
      }
      const read = (await env().request.get(`/api/v1/webhooks/${w.id}`).set(auth)).body.data;
      expect(read.field_mapping).to.deep.equal({ email: 'mail' });
      expect(read.idempotency_path).to.equal(null);
      expect((await env().request.get('/api/v1/webhooks').set(auth)).body.pagination.total).to.equal(1);
      const ok = await create(auth, {
        name: 'C',
        project_id: projectId,
        idempotency_path: 'entry.0.changes.0.value.leadgen_id',
        field_mapping: { full_name: 'field_data[name=full_name].values.0' },
      });
      expect(ok.status).to.equal(201);
      expect(ok.body.data).to.include({ idempotency_path: 'entry.0.changes.0.value.leadgen_id', has_verify_token: false });
    });

    // Paths built to make a backtracking parser run for hours: the refusal and the acceptance are immediate.
    it('answers at once a path of quotes and backslash runs: 400 naming it, or kept as sent', async () => {
      const { auth, projectId } = await setUp();
      const slashes = '\\'.repeat(180);
      const cases: [Record<string, unknown>, string][] = [
        [{ field_mapping: { email: `["${slashes}` } }, 'field_mapping'],
        [{ field_mapping: { full_name: ['first', `a['${slashes}x`] } }, 'field_mapping'],
        [{ idempotency_path: `["${'\\\\"'.repeat(60)}` }, 'idempotency_path'],
      ];
      for (const [body, field] of cases) {
        const posted = await create(auth, { name: 'B', project_id: projectId, ...body });
        expect(posted.status, JSON.stringify(body)).to.equal(400);
        expect(posted.body.error.code).to.equal('VALIDATION_ERROR');
        expect(posted.body.error.details.field).to.equal(field);
      }
      const path = `items["${slashes}"=x].v`;
      const ok = await create(auth, { name: 'C', project_id: projectId, field_mapping: { email: path }, idempotency_path: path });
      expect(ok.status).to.equal(201);
      expect(ok.body.data).to.include({ idempotency_path: path });
      expect(ok.body.data.field_mapping).to.deep.equal({ email: path });
    });

    it('deletes permanently with { id, deleted: true }, after which the endpoint is gone everywhere', async () => {
      const { auth, projectId } = await setUp();
      const w = (await create(auth, { name: 'A', project_id: projectId })).body.data;
      const res = await env().request.delete(`/api/v1/webhooks/${w.id}`).set(auth);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ success: true, data: { id: w.id, deleted: true } });
      expect((await env().request.get(`/api/v1/webhooks/${w.id}`).set(auth)).status).to.equal(404);
      expect((await env().request.delete(`/api/v1/webhooks/${w.id}`).set(auth)).status).to.equal(404);
      expect((await env().request.get(`/api/v1/webhooks/inbound/${w.endpoint_id}`)).status).to.equal(404);
    });

    it('answers 404 for unknown, malformed and other-team ids, and 401 without a key', async () => {
      const { auth, projectId } = await setUp();
      const other = await setUp();
      const w = (await create(auth, { name: 'A', project_id: projectId })).body.data;
      for (const [id, a] of [
        [w.id, other.auth],
        [UNKNOWN, auth],
        ['not-a-uuid', auth],
        [w.endpoint_id, auth],
      ] as const) {
        for (const res of [
          await env().request.get(`/api/v1/webhooks/${id}`).set(a),
          await env().request.put(`/api/v1/webhooks/${id}`).set(a).send({ name: 'X' }),
          await env().request.delete(`/api/v1/webhooks/${id}`).set(a),
        ]) {
          expect(res.status).to.equal(404);
          expect(res.body.error.code).to.equal('NOT_FOUND');
        }
      }
      expect((await env().request.get(`/api/v1/webhooks/${w.id}`).set(auth)).body.data.name).to.equal('A');
      expect((await env().request.get('/api/v1/webhooks')).status).to.equal(401);
      expect((await env().request.post('/api/v1/webhooks').send({ name: 'x' })).status).to.equal(401);
    });
  },
  backendNames(),
);
