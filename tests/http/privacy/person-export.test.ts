// POST /privacy/exports: one person's records, each in its resource's API shape, spread the way people
// really get into the workspace (tests/support/person-spread.ts).
import { expect } from 'chai';
import { backendNames, startRuntime } from '../../support/backends';
import { HttpEnv, forEachHttpBackend, httpEnvOf } from '../../support/http';
import { JOAO, MARIA, spreadPerson } from '../../support/person-spread';

const KINDS = [
  'clients',
  'leads',
  'identities',
  'deals',
  'whatsapp_contacts',
  'conversations',
  'messages',
  'inbound_deliveries',
  'activities',
  'events',
] as const;

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

forEachHttpBackend(
  'Privacy export',
  (env) => {
    const exportOf = (auth: Record<string, string>, body: object) => env().request.post('/api/v1/privacy/exports').set(auth).send(body);

    it("answers every record of the person, in each resource's shape, and none of another person", async () => {
      const team = await env().team();
      const maria = await spreadPerson(env(), team, MARIA);
      const joao = await spreadPerson(env(), team, JOAO);

      const res = await exportOf(team.auth, { cpf: MARIA.cpf, phone: ' (11) 98765-4321 ', email: ` ${MARIA.email.toUpperCase()} ` });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.headers['content-disposition']).to.match(/^attachment; filename="export-\d{4}-\d{2}-\d{2}\.json"$/);
      const data = res.body.data;
      expect(data.identifiers).to.deep.equal({
        email: MARIA.email,
        phone: '+5511987654321',
        phone_variants: ['5511987654321', '551187654321', '11987654321', '1187654321', '011987654321', '01187654321'],
        cpf: '12345678909',
        cnpj: null,
      });
      expect(Date.parse(data.generated_at)).to.be.closeTo(Date.now(), 60_000);

      expect(ids(data.clients)).to.deep.equal([maria.clientId]);
      expect(ids(data.leads)).to.deep.equal([maria.leadId]);
      expect(ids(data.identities)).to.deep.equal([maria.identityId]);
      expect(ids(data.deals)).to.deep.equal([maria.projectDealId, maria.globalDealId].sort());
      expect(ids(data.whatsapp_contacts)).to.deep.equal([maria.contactId]);
      expect(ids(data.conversations)).to.deep.equal([maria.conversationId]);
      expect(ids(data.messages)).to.deep.equal([maria.messageId]);
      expect(ids(data.inbound_deliveries)).to.deep.equal([maria.deliveryId]);
      expect(ids(data.activities)).to.deep.equal([maria.activityId]);

      // Each record as its own GET answers it.
      const get = async (path: string) => (await env().request.get(`/api/v1${path}`).set(team.auth).expect(200)).body.data;
      expect(data.clients[0]).to.deep.equal(await get(`/clients/${maria.clientId}`));
      expect(data.activities[0]).to.deep.equal(await get(`/activities/${maria.activityId}`));
      expect(data.whatsapp_contacts[0]).to.deep.equal(await get(`/whatsapp/contacts/${maria.contactId}`));
      const projectDeal = data.deals.find((d: { id: string }) => d.id === maria.projectDealId);
      expect(projectDeal).to.deep.equal(await get(`/deals/${maria.projectDealId}?project_id=${projectDeal.project_id}`));
      expect(data.leads[0]).to.deep.equal(projectDeal.lead);
      expect(data.messages[0].text).to.equal('Oi, vi o anúncio de vocês');
      expect(data.inbound_deliveries[0].raw_body).to.include(encodeURIComponent(MARIA.email));

      // The event log as GET /events shows it, about the person's records only.
      const events = (await env().request.get('/api/v1/events?limit=100').set(team.auth).expect(200)).body.data as { id: string }[];
      const byId = new Map(events.map((e) => [e.id, e]));
      expect(data.events.length).to.be.greaterThan(0);
      for (const e of data.events) expect(e).to.deep.equal(byId.get(e.id));
      const subjects = data.events.map((e: { data: { object: { id: string } } }) => e.data.object.id);
      expect(subjects).to.include.members([maria.clientId, maria.globalDealId, maria.activityId, maria.messageId]);
      for (const id of Object.values(joao)) expect(subjects).to.not.include(id);

      const text = JSON.stringify(data);
      for (const trace of [JOAO.name, JOAO.email, '529.982.247-25', '52998224725', JOAO.whatsapp]) expect(text).to.not.include(trace);
    });

    it('finds the person from the WhatsApp number alone, as the provider wrote it', async () => {
      const team = await env().team();
      const maria = await spreadPerson(env(), team, MARIA);
      const data = (await exportOf(team.auth, { phone: `+${MARIA.whatsapp}` }).expect(200)).body.data;
      expect(ids(data.whatsapp_contacts)).to.deep.equal([maria.contactId]);
      expect(ids(data.leads)).to.deep.equal([maria.leadId]);
      expect(ids(data.clients)).to.deep.equal([maria.clientId]);
      expect(ids(data.inbound_deliveries)).to.deep.equal([maria.deliveryId]);
    });

    it("never answers another team's records, even for the same CPF", async () => {
      const mine = await env().team();
      const theirs = await env().team();
      await spreadPerson(env(), theirs, MARIA);
      const data = (await exportOf(mine.auth, { cpf: MARIA.cpf, email: MARIA.email, phone: MARIA.phone }).expect(200)).body.data;
      for (const kind of KINDS) expect(data[kind], kind).to.deep.equal([]);
    });

    it('answers an unknown person with every list empty', async () => {
      const team = await env().team();
      await spreadPerson(env(), team, JOAO);
      const data = (await exportOf(team.auth, { email: 'ninguem@exemplo.com.br' }).expect(200)).body.data;
      for (const kind of KINDS) expect(data[kind], kind).to.deep.equal([]);
      expect(data.identifiers).to.deep.equal({ email: 'ninguem@exemplo.com.br', phone: null, phone_variants: [], cpf: null, cnpj: null });
    });

    it('refuses bad input with 400 naming the field', async () => {
      const team = await env().team();
      const refused = async (body: object) => {
        const res = await exportOf(team.auth, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.success).to.equal(false);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        return res.body.error;
      };
      const none = await refused({});
      expect(none.message).to.include('email, phone, cpf, cnpj');
      expect(none.details.fields).to.deep.equal(['email', 'phone', 'cpf', 'cnpj']);
      expect((await refused({ email: '', cpf: null })).details.fields).to.deep.equal(['email', 'phone', 'cpf', 'cnpj']);
      expect((await refused({ cpf: '123.456.789-00' })).details.field).to.equal('cpf');
      expect((await refused({ email: 'maria@' })).details.field).to.equal('email');
      expect((await refused({ phone: 'abc' })).details.field).to.equal('phone');
      expect((await refused({ cnpj: '11.222.333/0001-00' })).details.field).to.equal('cnpj');
      expect((await refused({ email: 42 })).details.field).to.equal('email');
      expect((await refused({ email: MARIA.email, name: 'Maria' })).message).to.include('additional properties');
    });

    it('asks for the API key', async () => {
      await exportOf({}, { cpf: MARIA.cpf }).expect(401);
    });
  },
  backendNames(),
);

for (const backend of backendNames()) {
  describe(`Privacy export past PRIVACY_EXPORT_MAX_RECORDS [${backend}]`, function () {
    let runtime: Awaited<ReturnType<typeof startRuntime>> | undefined;
    let env: HttpEnv;
    before(async function () {
      this.timeout(60000);
      runtime = await startRuntime(backend, { privacy: { exportMaxRecords: 2 } });
      env = httpEnvOf(runtime);
    });
    after(async () => runtime?.dispose());

    it('refuses a person with more records of one kind than the cap with 422 TOO_MANY_RECORDS, naming the kind', async () => {
      const team = await env.team();
      await spreadPerson(env, team, MARIA);
      const exportOf = (body: object) => env.request.post('/api/v1/privacy/exports').set(team.auth).send(body);
      expect((await exportOf({ email: 'ninguem@exemplo.com.br' })).status).to.equal(200);

      const res = await exportOf({ cpf: MARIA.cpf, phone: MARIA.phone });
      expect(res.status, JSON.stringify(res.body)).to.equal(422);
      expect(res.body.success).to.equal(false);
      expect(res.body.error.code).to.equal('TOO_MANY_RECORDS');
      expect(res.body.error.details).to.deep.equal({ kind: 'events', limit: 2 });
      expect(res.headers['content-disposition']).to.equal(undefined);
    });
  });
}
