import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, TestTeam } from '../../support/http';
import { admin } from './project-cli';

const UNKNOWN = '0190b000-0000-7000-8000-ffffffffffff';

forEachHttpBackend(
  'Project leads API',
  (env) => {
    const project = async (t: TestTeam, name = 'Leads project') =>
      (await env().request.post('/api/v1/projects').set(t.auth).send({ name })).body.data.id as string;
    const post = (t: TestTeam, projectId: string, body: unknown) =>
      env()
        .request.post(`/api/v1/projects/${projectId}/leads`)
        .set(t.auth)
        .send(body as object);
    const list = (t: TestTeam, projectId: string, query = '') =>
      env().request.get(`/api/v1/projects/${projectId}/leads${query}`).set(t.auth);

    it('creates a contact only, with the full lead shape, the phone as +55 and digits, and ignores other fields', async () => {
      const t = await env().team();
      const p = await project(t);
      const res = await post(t, p, {
        full_name: ' Ana Souza ',
        email: 'ana@example.com',
        phone: '(11) 98765-4321',
        tags: ['vip'],
        notes: 'n',
        customer_source: 'site',
        custom_fields: { plan: 'gold' },
        is_active: false,
        utm_source: 'x',
        team_id: UNKNOWN,
      });
      expect(res.status).to.equal(201);
      const l = res.body.data;
      expect(l).to.include({
        project_id: p,
        full_name: 'Ana Souza',
        name: 'Ana Souza',
        email: 'ana@example.com',
        phone: '+5511987654321',
        notes: 'n',
        customer_source: 'site',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        attribution: null,
        is_active: true,
        company_id: null,
        company: null,
        company_name: null,
        created_by: null,
      });
      expect(l.tags).to.deep.equal(['vip']);
      expect(l.custom_fields).to.deep.equal({});
      expect(l.metadata).to.deep.equal({});
      expect(l.public_id).to.match(/^[0-9a-z]{10}$/);
      expect(l.identity).to.include({
        id: l.contact_identity_id,
        display_name: 'Ana Souza',
        primary_phone: '+5511987654321',
        primary_email: 'ana@example.com',
      });
      expect(l.identity.custom_fields).to.deep.equal({});
      expect(Object.keys(l.identity).sort()).to.deep.equal([
        'created_at',
        'custom_fields',
        'display_name',
        'id',
        'primary_email',
        'primary_phone',
        'updated_at',
      ]);
      expect(l).to.not.have.any.keys('phone_key', 'email_key', 'phoneKey', 'emailKey', 'team_id');
    });

    it('validates the body before looking up the project: 400 with details.field even for an unknown project', async () => {
      const t = await env().team();
      const p = await project(t);
      const cases: [unknown, string | undefined][] = [
        [{}, 'full_name'],
        [{ full_name: '' }, 'full_name'],
        [{ full_name: '   ' }, 'full_name'],
        [{ full_name: 'A', email: 'nope' }, 'email'],
        [{ full_name: 'A', tags: 'vip' }, 'tags'],
        [{ full_name: 'A', tags: [1] }, 'tags'],
        [{ full_name: 'A', notes: 5 }, 'notes'],
        [{ full_name: 5 }, 'full_name'],
        [{ full_name: 'A', phone: 'call me' }, 'phone'],
        [{ full_name: 'A', company_id: 'x' }, 'company_id'],
      ];
      for (const [body, field] of cases) {
        for (const id of [p, UNKNOWN]) {
          const res = await post(t, id, body);
          expect(res.status, JSON.stringify(body)).to.equal(400);
          expect(res.body.error.code).to.equal('VALIDATION_ERROR');
          expect(res.body.error.details?.field, JSON.stringify(body)).to.equal(field);
        }
      }
      const notJson = await env()
        .request.post(`/api/v1/projects/${UNKNOWN}/leads`)
        .set(t.auth)
        .set('Content-Type', 'application/json')
        .send('{"full_name":');
      expect(notJson.status).to.equal(400);
      expect(notJson.body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('checks the body before the project: a bad body is 400 even on a malformed project id', async () => {
      const t = await env().team();
      for (const id of [UNKNOWN, 'nope']) {
        const res = await post(t, id, { full_name: 5 });
        expect(res.status, id).to.equal(400);
        expect(res.body.error.details.field).to.equal('full_name');
      }
    });

    it("answers 404 for an unknown, malformed or another team's project", async () => {
      const t = await env().team();
      const other = await project(await env().team());
      for (const id of [UNKNOWN, 'nope', other]) {
        const res = await post(t, id, { full_name: 'A' });
        expect(res.status).to.equal(404);
        expect(res.body.error.code).to.equal('NOT_FOUND');
        expect((await list(t, id)).status).to.equal(404);
      }
    });

    it('refuses duplicates by phone, then email, naming the existing contact; the same name alone is not one', async () => {
      const t = await env().team();
      const p = await project(t);
      const first = (await post(t, p, { full_name: 'Ana', phone: '11987654321', email: 'ana@x.com' })).body.data;
      const byPhone = await post(t, p, { full_name: 'Other', phone: '+55 (11) 98765-4321', email: 'other@x.com' });
      expect(byPhone.status).to.equal(422);
      expect(byPhone.body.error.code).to.equal('DUPLICATE_ENTRY');
      expect(byPhone.body.error.details).to.deep.equal({ existing_contact_id: first.id, matched_by: 'phone', archived: false });
      const byEmail = await post(t, p, { full_name: 'Other', email: 'ANA@x.com' });
      expect(byEmail.status).to.equal(422);
      expect(byEmail.body.error.details).to.include({ existing_contact_id: first.id, matched_by: 'email' });
      expect((await post(t, p, { full_name: 'Ana', phone: '11 91111-2222', email: 'ana2@x.com' })).status).to.equal(201);
      expect((await post(t, await project(t, 'other'), { full_name: 'Ana', phone: '11987654321' })).status).to.equal(201);
    });

    it('keeps one lead when the same phone arrives twice at once', async () => {
      const t = await env().team();
      const p = await project(t);
      const all = await Promise.all([1, 2, 3].map((n) => post(t, p, { full_name: `Same ${n}`, phone: '11 98888-7777' })));
      expect(all.map((r) => r.status).sort()).to.deep.equal([201, 422, 422]);
      const created = all.find((r) => r.status === 201)!.body.data;
      for (const r of all.filter((x) => x.status === 422)) {
        expect(r.body.error.details).to.deep.equal({ existing_contact_id: created.id, matched_by: 'phone', archived: false });
      }
      expect((await list(t, p)).body.pagination.total).to.equal(1);
    });

    it('reports an inactive duplicate as archived', async () => {
      const t = await env().team();
      const p = await project(t);
      const first = (await post(t, p, { full_name: 'Ana', email: 'ana@x.com' })).body.data;
      const off = await admin(env(), 'lead', 'deactivate', '--id', first.id);
      expect(off.code).to.equal(0);
      expect(off.json).to.include({ id: first.id, is_active: false });
      const dup = await post(t, p, { full_name: 'Ana', email: 'ana@x.com' });
      expect(dup.body.error.details).to.deep.equal({ existing_contact_id: first.id, matched_by: 'email', archived: true });
      expect((await admin(env(), 'lead', 'deactivate', '--id', UNKNOWN)).code).to.equal(1);
    });

    it("shares one identity per person across the team's projects", async () => {
      const t = await env().team();
      const a = (await post(t, await project(t, 'a'), { full_name: 'Ana', phone: '11987654321' })).body.data;
      const b = (await post(t, await project(t, 'b'), { full_name: 'Ana S', phone: '+5511987654321', email: 'ana@x.com' })).body.data;
      const c = (await post(t, await project(t, 'c'), { full_name: 'Ana', email: 'ana@x.com' })).body.data;
      expect(b.contact_identity_id).to.equal(a.contact_identity_id);
      expect(c.contact_identity_id).to.equal(a.contact_identity_id);
      expect(c.identity.primary_email).to.equal('ana@x.com');
      const t2 = await env().team();
      const other = (await post(t2, await project(t2), { full_name: 'Ana', phone: '11987654321' })).body.data;
      expect(other.contact_identity_id).to.not.equal(a.contact_identity_id);
    });

    it('links an active company of the project; otherwise 422 on company_id', async () => {
      const t = await env().team();
      const p = await project(t);
      const company = await admin(env(), 'company', 'create', '--project', p, '--name', 'Acme');
      expect(company.code).to.equal(0);
      expect(company.json).to.deep.equal({ id: company.json.id, name: 'Acme', project_id: p, is_active: true });
      const lead = await post(t, p, { full_name: 'A', company_id: company.json.id });
      expect(lead.status).to.equal(201);
      expect(lead.body.data).to.deep.include({
        company_id: company.json.id,
        company: { id: company.json.id, name: 'Acme' },
        company_name: 'Acme',
      });
      const otherProject = (await admin(env(), 'company', 'create', '--project', await project(t, 'other'), '--name', 'Other')).json.id;
      const inactive = (await admin(env(), 'company', 'create', '--project', p, '--name', 'Gone')).json.id;
      const off = await admin(env(), 'company', 'deactivate', '--id', inactive);
      expect(off.json).to.include({ id: inactive, is_active: false });
      for (const id of [UNKNOWN, otherProject, inactive]) {
        const res = await post(t, p, { full_name: 'B', company_id: id });
        expect(res.status).to.equal(422);
        expect(res.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'company_id' });
      }
    });

    it('refuses a lead on an archived project with 409 PROJECT_ARCHIVED, and keeps its leads readable', async () => {
      const t = await env().team();
      const p = await project(t);
      await post(t, p, { full_name: 'Before' });
      expect((await admin(env(), 'project', 'archive', '--id', p)).code).to.equal(0);
      const res = await post(t, p, { full_name: 'After' });
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('PROJECT_ARCHIVED');
      expect((await list(t, p)).body.data.map((l: { full_name: string }) => l.full_name)).to.deep.equal(['Before']);
      expect((await admin(env(), 'company', 'create', '--project', p, '--name', 'X')).code).to.equal(1);
    });

    it("lists a project's leads newest first with pagination, filtered by is_active, company_id and search", async () => {
      const t = await env().team();
      const p = await project(t);
      const company = (await admin(env(), 'company', 'create', '--project', p, '--name', 'Acme')).json.id;
      await post(t, p, { full_name: 'Carla Dias', email: 'carla@x.com' });
      const bruno = (await post(t, p, { full_name: 'Bruno', phone: '21 99999-0000', company_id: company })).body.data;
      await post(t, p, { full_name: 'Ana', email: 'ana@dias.com' });
      await post(t, await project(t, 'other'), { full_name: 'Elsewhere' });
      await admin(env(), 'lead', 'deactivate', '--id', bruno.id);
      const names = async (q: string) => (await list(t, p, q)).body.data.map((l: { full_name: string }) => l.full_name);
      expect(await names('')).to.deep.equal(['Ana', 'Bruno', 'Carla Dias']);
      expect(await names('?is_active=false')).to.deep.equal(['Bruno']);
      expect(await names('?is_active=true')).to.deep.equal(['Ana', 'Carla Dias']);
      expect(await names(`?company_id=${company}`)).to.deep.equal(['Bruno']);
      // A query id in any letter case is the same id, on every backend, as every other query id.
      expect(await names(`?company_id=${company.toUpperCase()}`)).to.deep.equal(['Bruno']);
      expect(await names('?search=dias')).to.deep.equal(['Ana', 'Carla Dias']);
      expect(await names('?search=99999')).to.deep.equal(['Bruno']);
      const page = await list(t, p, '?limit=2&page=2');
      expect(page.body.pagination).to.deep.equal({ page: 2, limit: 2, total: 3, pages: 2 });
      expect(page.body.data.map((l: { full_name: string }) => l.full_name)).to.deep.equal(['Carla Dias']);
    });

    it('answers 422 for a bad is_active or company_id query, 400 for a bad limit', async () => {
      const t = await env().team();
      const p = await project(t);
      for (const [q, field] of [
        ['?is_active=yes', 'is_active'],
        ['?is_active=1', 'is_active'],
        ['?company_id=abc', 'company_id'],
      ]) {
        const res = await list(t, p, q);
        expect(res.status, q).to.equal(422);
        expect(res.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': field });
      }
      expect((await list(t, p, '?limit=0')).status).to.equal(400);
      const unknown = await list(t, p, '?company_id=0190b000-0000-7000-8000-ffffffffffff');
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error.details).to.deep.include({ field: 'company_id' });
    });

    it("points the Location of a created lead to the project's lead list, where it is read (there is no single-lead route)", async () => {
      const t = await env().team();
      const p = await project(t);
      const res = await post(t, p, { full_name: 'João Conceição', phone: '(11) 98765-4321' });
      expect(res.status).to.equal(201);
      expect(res.headers.location).to.equal(`/api/v1/projects/${p}/leads`);
      const listed = await env().request.get(res.headers.location).set(t.auth);
      expect(listed.status).to.equal(200);
      expect(listed.body.data.map((l: { id: string }) => l.id)).to.deep.equal([res.body.data.id]);
      expect(listed.body.data[0]).to.deep.equal(res.body.data);
    });
  },
  backendNames(),
);
