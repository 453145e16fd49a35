// What an update may change is said three ways to a client: the body schema of its PUT in the document,
// the fields it applies, and the 400 that asks for one of them when a body has none. They are one list.
import { expect } from 'chai';
import { forEachHttpBackend } from '../../support/http';

/** The 400 of each PUT for a body with no field it takes, in the order clients read today. */
const ASKED: Record<string, string> = {
  updateClient:
    'name, display_name, email, phone, mobile_phone, whatsapp, rg, gender, marital_status, nationality, legal_name, trade_name, ' +
    'state_registration, municipal_registration, source, notes, cpf, cnpj, birth_date, tags, address',
  updateProject:
    'name, slug, description, color, briefing, start_date, due_date, completed_at, squad_id, client_id, stage_id, status, priority',
  updateDeal:
    'title, description, value, phase, priority, status, probability, expected_close_date, responsible_id, source, client_id, tags, ' +
    'is_starred, loss_reason',
  updateTask:
    'title, description, pipeline_id, column, column_slug, priority, assignee_ids, assignee_id, reporter_id, due_date, estimated_hours, ' +
    'tags, checklist_markdown, completed_at, actual_hours, position',
  updateCampaign: 'name, description, status, start_date, end_date, content_pillars, target_platforms, goals',
  updateActivity:
    'title, type, description, occurred_at, duration_minutes, is_completed, due_date, priority, tags, client_id, deal_id, contract_id, ' +
    'assigned_to',
  updateProjectDeal:
    'title, description, value, currency, priority, probability, expected_close_date, responsible_id, source, tags, is_starred, ' +
    'custom_fields, attribution, metadata',
  updateWhatsAppContact: 'custom_name, notes, tags, client_id',
  updateWebhookEndpoint: 'name, is_active, field_mapping, idempotency_path, auth_mode, signing_secret',
  updateEventSubscription: 'url, events, description, is_active',
};

forEachHttpBackend('Updatable fields', (env) => {
  it('asks for one of exactly the fields each PUT documents, and names them in a stable order', async () => {
    const team = await env().team();
    const post = async (path: string, body: object) =>
      (await env().request.post(`/api/v1${path}`).set(team.auth).send(body).expect(201)).body.data.id as string;
    const project = await post('/projects', { name: 'Campos' });
    const projectDeal = await post(`/projects/${project}/deals`, { title: 'Site', lead: { full_name: 'Ana' } });
    const ids: Record<string, string> = {
      clients: await post('/clients', { type: 'PF', name: 'Ana' }),
      projects: project,
      deals: await post('/deals', { title: 'Site' }),
      tasks: await post('/tasks', { title: 'Revisar', project_id: project }),
      campaigns: await post('/campaigns', { name: 'Natal', project_id: project }),
      activities: await post('/activities', { title: 'Ligar' }),
      whatsapp: await post('/whatsapp/contacts', { phone: '(31) 98765-4321' }),
      webhooks: await post('/webhooks', { name: 'Site' }),
      'event-subscriptions': await post('/event-subscriptions', { url: 'https://93.184.216.34/hook', events: ['*'] }),
    };
    const doc = (await env().request.get('/api/v1/openapi.json').expect(200)).body;
    const puts = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) => (item.put ? [{ path, op: item.put }] : []));
    expect(puts.map((p) => p.op.operationId)).to.have.members(Object.keys(ASKED));
    for (const { path, op } of puts) {
      const url = `/api/v1${path.replace('{id}', ids[path.split('/')[1]]).replace('{dealId}', projectDeal)}`;
      const res = await env().request.put(url).set(team.auth).send({ ignored: true });
      expect(res.status, `${op.operationId}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.error.message, op.operationId).to.equal(`Send at least one of: ${ASKED[op.operationId]}`);
      const documented = Object.keys(op.requestBody.content['application/json'].schema.properties);
      expect(ASKED[op.operationId].split(', '), op.operationId).to.have.members(documented);
    }
  });
});
