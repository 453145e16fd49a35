import { expect } from 'chai';
import { forEachHttpBackend } from '../../support/http';

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';

forEachHttpBackend('Clients API', (env) => {
  it('creates a PF client with defaults and returns the full shape', async () => {
    const { auth } = await env().team();
    const res = await env()
      .request.post('/api/v1/clients')
      .set(auth)
      .send({ name: 'Maria', type: 'PF', cpf: CPF, address: { city: 'Recife' } });
    expect(res.status).to.equal(201);
    expect(res.body.success).to.equal(true);
    const c = res.body.data;
    expect(c).to.include({ name: 'Maria', type: 'PF', cpf: '52998224725', status: 'active', email: null, cnpj: null, birth_date: null });
    expect(c.tags).to.deep.equal([]);
    expect(c.address).to.deep.equal({
      street: null,
      number: null,
      complement: null,
      neighborhood: null,
      city: 'Recife',
      state: null,
      zip_code: null,
      country: null,
    });
    expect(c.created_at).to.match(/Z$/);
    expect(Object.keys(c)).to.not.include.members(['team_id', 'teamId', 'deactivatedAt']);
  });

  it('answers 400 with details.field for a missing name or type, a bad type or a bad document', async () => {
    const { auth } = await env().team();
    const cases: [object, string][] = [
      [{ type: 'PF' }, 'name'],
      [{ name: 'X' }, 'type'],
      [{ name: 'X', type: 'XX' }, 'type'],
      [{ name: 'X', type: 'PF', cpf: '123.456.789-00' }, 'cpf'],
      [{ name: 'X', type: 'PJ', cnpj: '11.222.333/0001-00' }, 'cnpj'],
      [{ name: 'X', type: 'PF', tags: 'vip' }, 'tags'],
      [{ name: 'X', type: 'PF', birth_date: '17/05/1990' }, 'birth_date'],
    ];
    for (const [body, field] of cases) {
      const res = await env().request.post('/api/v1/clients').set(auth).send(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error).to.include({ code: 'VALIDATION_ERROR' });
      expect(res.body.error.details.field).to.equal(field);
    }
  });

  it('answers 422 DUPLICATE_ENTRY for a CPF or CNPJ already in the team, even inactive, but not across teams', async () => {
    const a = await env().team();
    const b = await env().team();
    const first = await env().request.post('/api/v1/clients').set(a.auth).send({ name: 'A', type: 'PF', cpf: CPF });
    await env().request.delete(`/api/v1/clients/${first.body.data.id}`).set(a.auth);
    const dup = await env().request.post('/api/v1/clients').set(a.auth).send({ name: 'B', type: 'PF', cpf: '52998224725' });
    expect(dup.status).to.equal(422);
    expect(dup.body.error.code).to.equal('DUPLICATE_ENTRY');
    const other = await env().request.post('/api/v1/clients').set(b.auth).send({ name: 'B', type: 'PF', cpf: CPF });
    expect(other.status).to.equal(201);
    await env().request.post('/api/v1/clients').set(a.auth).send({ name: 'Co', type: 'PJ', cnpj: CNPJ }).expect(201);
    const dupCnpj = await env().request.post('/api/v1/clients').set(a.auth).send({ name: 'Co2', type: 'PJ', cnpj: '11222333000181' });
    expect(dupCnpj.status).to.equal(422);
  });

  it('answers 403 PLAN_LIMIT_REACHED at the quota of active clients, and frees a place on deactivation', async () => {
    const { auth } = await env().team({ clientQuota: 1 });
    const first = await env().request.post('/api/v1/clients').set(auth).send({ name: 'A', type: 'PF' }).expect(201);
    const refused = await env().request.post('/api/v1/clients').set(auth).send({ name: 'B', type: 'PF' });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.code).to.equal('PLAN_LIMIT_REACHED');
    await env().request.delete(`/api/v1/clients/${first.body.data.id}`).set(auth).expect(200);
    await env().request.post('/api/v1/clients').set(auth).send({ name: 'B', type: 'PF' }).expect(201);
  });

  it('reads a client, and answers 404 for unknown, malformed and other-team ids', async () => {
    const a = await env().team();
    const b = await env().team();
    const created = await env().request.post('/api/v1/clients').set(a.auth).send({ name: 'A', type: 'PF' });
    const id = created.body.data.id;
    expect((await env().request.get(`/api/v1/clients/${id}`).set(a.auth)).body.data.name).to.equal('A');
    expect((await env().request.get(`/api/v1/clients/${id.toUpperCase()}`).set(a.auth)).body.data.name).to.equal('A');
    for (const [path, auth] of [
      [id, b.auth],
      ['0190a000-0000-7000-8000-000000000000', a.auth],
      ['not-a-uuid', a.auth],
    ] as const) {
      const res = await env().request.get(`/api/v1/clients/${path}`).set(auth);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(
        { success: false, error: { code: 'NOT_FOUND', message: 'Client not found' } }.error.code === res.body.error.code ? res.body : null,
      );
    }
    expect((await env().request.put(`/api/v1/clients/${id}`).set(b.auth).send({ name: 'X' })).status).to.equal(404);
    expect((await env().request.delete(`/api/v1/clients/${id}`).set(b.auth)).status).to.equal(404);
    expect((await env().request.get(`/api/v1/clients/${id}`).set(a.auth)).body.data).to.include({ name: 'A', status: 'active' });
  });

  it('updates only the fields sent, address subfields independently', async () => {
    const { auth } = await env().team();
    const created = await env()
      .request.post('/api/v1/clients')
      .set(auth)
      .send({ name: 'A', type: 'PF', email: 'a@x.com', address: { street: 'Rua 1', city: 'Recife' } });
    const id = created.body.data.id;
    const res = await env()
      .request.put(`/api/v1/clients/${id}`)
      .set(auth)
      .send({ phone: '8199999', address: { city: 'Olinda' } });
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ name: 'A', email: 'a@x.com', phone: '8199999' });
    expect(res.body.data.address).to.include({ street: 'Rua 1', city: 'Olinda' });
  });

  it('answers 400 to an update with no accepted field', async () => {
    const { auth } = await env().team();
    const id = (await env().request.post('/api/v1/clients').set(auth).send({ name: 'A', type: 'PF' })).body.data.id;
    for (const body of [{}, { status: 'inactive', type: 'PJ', unknown: 1 }]) {
      const res = await env().request.put(`/api/v1/clients/${id}`).set(auth).send(body);
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    }
  });

  it('deactivates on DELETE, keeps the record, and lists it only with status=inactive', async () => {
    const { auth } = await env().team();
    const id = (await env().request.post('/api/v1/clients').set(auth).send({ name: 'A', type: 'PF' })).body.data.id;
    const del = await env().request.delete(`/api/v1/clients/${id}`).set(auth);
    expect(del.status).to.equal(200);
    expect(del.body.data).to.include({ id, status: 'inactive' });
    expect(del.body.data.deactivated_at).to.match(/Z$/);
    expect((await env().request.get('/api/v1/clients').set(auth)).body.pagination.total).to.equal(0);
    const inactive = await env().request.get('/api/v1/clients?status=inactive').set(auth);
    expect(inactive.body.data.map((c: { id: string }) => c.id)).to.deep.equal([id]);
    expect((await env().request.get(`/api/v1/clients/${id}`).set(auth)).body.data.status).to.equal('inactive');
  });

  it('lists with filters, search, sort and pagination', async () => {
    const { auth } = await env().team();
    for (const body of [
      { name: 'Carlos', type: 'PF', email: 'c@x.com' },
      { name: 'ana', type: 'PF', cpf: CPF },
      { name: 'Beta Ltda', type: 'PJ', cnpj: CNPJ },
    ])
      await env().request.post('/api/v1/clients').set(auth).send(body).expect(201);
    const pf = await env().request.get('/api/v1/clients?type=PF&sort=full_name').set(auth);
    expect(pf.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['ana', 'Carlos']);
    expect(pf.body.pagination).to.deep.equal({ page: 1, limit: 20, total: 2, pages: 1 });
    const paged = await env().request.get('/api/v1/clients?limit=2&page=2&sort=-full_name').set(auth);
    expect(paged.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['ana']);
    expect(paged.body.pagination).to.deep.equal({ page: 2, limit: 2, total: 3, pages: 2 });
    expect((await env().request.get('/api/v1/clients?search=11.222').set(auth)).body.data[0].name).to.equal('Beta Ltda');
    expect((await env().request.get('/api/v1/clients?search=C@X').set(auth)).body.data[0].name).to.equal('Carlos');
    const byDefault = await env().request.get('/api/v1/clients').set(auth);
    expect(byDefault.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['Beta Ltda', 'ana', 'Carlos']);
  });

  it('answers 400 for sort=name, an unknown sort, a bad limit or page, and a bad type filter', async () => {
    const { auth } = await env().team();
    for (const [qs, field] of [
      ['sort=name', 'sort'],
      ['sort=-phone', 'sort'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
      ['page=99999999999999999999', 'page'],
      ['page=900719925474099', 'page'],
      ['limit=abc', 'limit'],
      ['type=XX', 'type'],
      ['status=gone', 'status'],
    ]) {
      const res = await env().request.get(`/api/v1/clients?${qs}`).set(auth);
      expect(res.status, qs).to.equal(400);
      expect(res.body.error.details.field, qs).to.equal(field);
    }
    expect((await env().request.get('/api/v1/clients?sort=-is_active&limit=100').set(auth)).status).to.equal(200);
  });
});
