// POST /privacy/erasures: one person, spread the way people really get into the workspace
// (tests/support/person-spread.ts), anonymised in place. Afterwards no route answers them, no search finds
// them, and a dump of the whole database holds none of their values; another person of the team and another
// team holding the same CPF are untouched.
import { expect } from 'chai';
import { ERASED_NAME } from '../../../domain/privacy/redaction';
import { backendNames } from '../../support/backends';
import { countValues, dumpDatabase } from '../../support/database-dump';
import { TestTeam, forEachHttpBackend } from '../../support/http';
import { JOAO, MARIA, SpreadPerson, SpreadRecords, spreadPerson } from '../../support/person-spread';

type Json = any;

/** Every spelling of Maria a record or a copy may hold: as typed, normalised, in a form's URL encoding. */
const MARIA_VALUES = [
  MARIA.name,
  'Maria+Aparecida+Souza',
  MARIA.email,
  'maria.souza%40exemplo.com.br',
  MARIA.phone,
  '98765-4321',
  '5511987654321',
  '551187654321',
  '11987654321',
  '1187654321',
  MARIA.cpf,
  '12345678909',
];

/** The same CPF as Maria's, in another team, for someone else: that team's records are its own. */
const NAMESAKE: SpreadPerson = {
  name: 'Beatriz Nogueira Prado',
  email: 'beatriz.prado@exemplo.com.br',
  phone: '(31) 99123-4567',
  whatsapp: '553199123456',
  cpf: MARIA.cpf,
};

const COUNT_KINDS = [
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
  'import_rows',
  'idempotency_keys',
  'workflow_runs',
  'projects',
];

forEachHttpBackend(
  'Privacy erasure',
  (env, backend) => {
    const api = (path: string) => `/api/v1${path}`;
    const erase = (team: TestTeam, body: object) => env().request.post(api('/privacy/erasures')).set(team.auth).send(body);
    const get = async (team: TestTeam, path: string): Promise<Json> => {
      const res = await env().request.get(api(path)).set(team.auth);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
      return res.body;
    };

    /** What the routes answer about a spread person's records, read one by one. */
    const readBack = async (team: TestTeam, r: SpreadRecords, projectId: string): Promise<Json> => ({
      client: (await get(team, `/clients/${r.clientId}`)).data,
      globalDeal: (await get(team, `/deals/${r.globalDealId}`)).data,
      projectDeal: (await get(team, `/deals/${r.projectDealId}?project_id=${projectId}`)).data,
      leads: (await get(team, `/projects/${projectId}/leads`)).data,
      activity: (await get(team, `/activities/${r.activityId}`)).data,
      contact: (await get(team, `/whatsapp/contacts/${r.contactId}`)).data,
      conversation: (await get(team, `/whatsapp/conversations/${r.conversationId}`)).data,
      messages: (await get(team, `/whatsapp/conversations/${r.conversationId}/messages`)).data,
    });
    /** The project the spread made for the person's form (named after them). */
    const projectOf = async (team: TestTeam, person: SpreadPerson): Promise<string> => {
      const found = (await get(team, `/projects?search=${encodeURIComponent(`Site ${person.name}`)}`)).data;
      expect(found, person.name).to.have.length(1);
      return found[0].id as string;
    };

    /** Every answer's text must not hold any of Maria's values, in any case. */
    const expectNoMaria = (what: string, body: unknown) => {
      const text = JSON.stringify(body).toLowerCase();
      for (const v of MARIA_VALUES) expect(text, `${what} holds ${v}`).not.to.include(v.toLowerCase());
    };

    it('anonymises the person everywhere, and leaves the other person and the other team as they were', async function () {
      this.timeout(120_000);
      const otherTeam = await env().team({ name: 'Other team' });
      const namesake = await spreadPerson(env(), otherTeam, NAMESAKE);
      const namesakeProject = await projectOf(otherTeam, NAMESAKE);
      // Where the other team holds the same CPF, before anything happens in this team.
      const baseline = countValues(await dumpDatabase(env().runtime, backend), MARIA_VALUES);
      expect(Object.keys(baseline).join('\n'), 'the dump sees the other team').to.include('"12345678909" in');
      const namesakeBefore = await readBack(otherTeam, namesake, namesakeProject);

      const team = await env().team();
      const maria = await spreadPerson(env(), team, MARIA);
      const joao = await spreadPerson(env(), team, JOAO);
      const mariaProject = await projectOf(team, MARIA);
      const joaoProject = await projectOf(team, JOAO);
      const joaoBefore = await readBack(team, joao, joaoProject);
      const spread = Object.keys(countValues(await dumpDatabase(env().runtime, backend), MARIA_VALUES)).join('\n');
      for (const v of [MARIA.name, MARIA.email, '551187654321', '5511987654321'])
        expect(spread, `the dump sees ${v}`).to.include(JSON.stringify(v));

      const res = await erase(team, {
        cpf: MARIA.cpf,
        phone: MARIA.phone,
        email: MARIA.email,
        reason: `Pedido da titular por ${MARIA.email} (LGPD art. 18, VI)`,
      }).set('X-Request-Id', 'erasure-req-1');
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const entry = res.body.data;
      expect(res.headers.location).to.equal(`/api/v1/privacy/erasures/${entry.id}`);
      // A reason that names the person is kept without them.
      expect(entry).to.include({ reason: 'Pedido da titular por [removido] (LGPD art. 18, VI)', request_id: 'erasure-req-1' });
      expect(entry.actor).to.match(/^api_key:[0-9a-f-]{36}$/);
      expect(Object.keys(entry.counts)).to.deep.equal(COUNT_KINDS);
      expect(entry.counts).to.deep.include({
        clients: 1,
        leads: 1,
        identities: 1,
        deals: 2,
        whatsapp_contacts: 1,
        conversations: 1,
        messages: 1,
        inbound_deliveries: 1,
        activities: 1,
        projects: 1,
      });
      expect(entry.counts.events).to.be.greaterThan(5);
      expectNoMaria('the answer', res.body);

      // Each record is still there, under its id, with the business's values, and names no one.
      const after = await readBack(team, maria, mariaProject);
      expect(after.client).to.include({ id: maria.clientId, name: ERASED_NAME, cpf: null, email: null, phone: null, type: 'PF' });
      expect(after.globalDeal).to.include({ id: maria.globalDealId, title: `Proposta ${ERASED_NAME}` });
      expect(after.projectDeal).to.include({
        id: maria.projectDealId,
        contact_name: ERASED_NAME,
        contact_email: null,
        contact_phone: null,
      });
      expect(after.activity).to.include({ id: maria.activityId, title: `Ligação para ${ERASED_NAME}`, client_id: maria.clientId });
      expect(after.contact).to.include({ id: maria.contactId, phone: '', push_name: null });
      expect(after.messages.map((m: Json) => m.id)).to.deep.equal([maria.messageId]);
      expect(after.messages[0].text).to.equal(`[removed: personal data erasure ${entry.id}]`);
      for (const [what, body] of Object.entries(after)) expectNoMaria(what, body);

      // No search finds them, no list shows them.
      const searches = ['Maria Aparecida', 'maria.souza', '87654321', '12345678909', '123.456.789-09', '(11) 98765-4321'];
      for (const s of searches) {
        const q = `search=${encodeURIComponent(s)}`;
        for (const path of [
          `/clients?${q}`,
          `/deals?${q}`,
          `/projects?${q}`,
          `/projects/${mariaProject}/leads?${q}`,
          `/activities?${q}`,
          `/whatsapp/contacts?${q}`,
        ]) {
          const body = await get(team, path);
          expect(body.data, `${path}`).to.deep.equal([]);
        }
      }
      for (const path of [
        '/clients',
        '/deals',
        '/projects',
        `/projects/${mariaProject}/leads`,
        '/activities',
        '/whatsapp/contacts',
        '/whatsapp/conversations',
      ]) {
        expectNoMaria(path, await get(team, `${path}?limit=100`));
      }
      for (let cursor: string | undefined, pages = 0; pages < 20; pages++) {
        const page = await get(team, `/events?limit=100${cursor ? `&starting_after=${cursor}` : ''}`);
        expectNoMaria('/events', page);
        if (!page.has_more) break;
        cursor = page.data[page.data.length - 1].id;
      }
      const exported = (
        await env()
          .request.post(api('/privacy/exports'))
          .set(team.auth)
          .send({ cpf: MARIA.cpf, phone: MARIA.phone, email: MARIA.email })
          .expect(200)
      ).body.data;
      for (const kind of ['clients', 'leads', 'identities', 'deals', 'whatsapp_contacts', 'messages', 'inbound_deliveries', 'activities']) {
        expect(exported[kind], kind).to.deep.equal([]);
      }

      // The event of the erasure is its log entry.
      const events = (await get(team, '/events?type=privacy.erasure.completed')).data;
      expect(events.map((e: Json) => e.data.object)).to.deep.equal([entry]);

      // The other person of the team, and the other team, are as they were.
      expect(await readBack(team, joao, joaoProject)).to.deep.equal(joaoBefore);
      expect(await readBack(otherTeam, namesake, namesakeProject)).to.deep.equal(namesakeBefore);

      // Nothing of Maria is left in the whole database but what the other team holds of its own person.
      expect(countValues(await dumpDatabase(env().runtime, backend), MARIA_VALUES)).to.deep.equal(baseline);

      // A second erasure finds nothing.
      const again = await erase(team, { cpf: MARIA.cpf, phone: MARIA.phone, email: MARIA.email, reason: 'De novo' }).expect(201);
      expect(
        Object.values(again.body.data.counts).every((n) => n === 0),
        JSON.stringify(again.body.data.counts),
      ).to.equal(true);

      // The privacy log, newest first; another team's entry is not found.
      const log = await get(team, '/privacy/erasures');
      expect(log.data.map((e: Json) => e.id)).to.deep.equal([again.body.data.id, entry.id]);
      expect((await get(team, `/privacy/erasures/${entry.id}`)).data).to.deep.equal(entry);
      await env()
        .request.get(api(`/privacy/erasures/${entry.id}`))
        .set(otherTeam.auth)
        .expect(404);
    });

    it('refuses a request without an identifier, with an invalid one, or without a reason, naming the field', async () => {
      const team = await env().team();
      const refused = async (body: object, field: string | null) => {
        const res = await erase(team, body);
        expect(res.status, JSON.stringify(res.body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        if (field) expect(res.body.error.details.field).to.equal(field);
        return res.body.error;
      };
      expect((await refused({ reason: 'pedido' }, null)).details.fields).to.deep.equal(['email', 'phone', 'cpf', 'cnpj']);
      await refused({ cpf: '123.456.789-00', reason: 'pedido' }, 'cpf');
      await refused({ cpf: MARIA.cpf }, 'reason');
      await refused({ cpf: MARIA.cpf, reason: '   ' }, 'reason');
      await refused({ cpf: MARIA.cpf, reason: 'x'.repeat(201) }, 'reason');
      await refused({ email: 'not an address', reason: 'pedido' }, 'email');
      expect((await get(team, '/privacy/erasures')).data).to.deep.equal([]);
    });

    it('needs an API key', async () => {
      await env().request.post(api('/privacy/erasures')).send({ cpf: MARIA.cpf, reason: 'x' }).expect(401);
      await env().request.get(api('/privacy/erasures')).expect(401);
    });
  },
  backendNames(),
);
