// One person spread through every place the workspace keeps people, the way they really get there: a
// client record with a CPF (POST /clients), a form lead posted by a real form tool to an inbound endpoint
// (a project lead, its identity and a project deal), the same phone writing on WhatsApp without its ninth
// digit through the Evolution webhook (a contact, a conversation, a message), a global deal naming the
// client and an activity on it. Privacy suites (export, erasure) start from here and check what they find.
import { CreateInbox } from '../../application/whatsapp/create-inbox';
import { WEBHOOK_TOKENS } from '../../bootstrap/contexts/webhooks';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { createProjectFixture } from '../http/webhooks/fixtures';
import { evolutionBody, upsertData } from './evolution-payloads';
import { HttpEnv, TestTeam } from './http';
import { PROVIDER_FIXTURES } from './provider-payloads';

export interface SpreadPerson {
  name: string;
  email: string;
  /** As a person types it in a form: area code, ninth digit, punctuation. */
  phone: string;
  /** The same number as WhatsApp knows it: digits with 55, without the ninth digit. */
  whatsapp: string;
  /** Formatted, as a person writes it. */
  cpf: string;
}

export const MARIA: SpreadPerson = {
  name: 'Maria Aparecida Souza',
  email: 'maria.souza@exemplo.com.br',
  phone: '(11) 98765-4321',
  whatsapp: '551187654321',
  cpf: '123.456.789-09',
};

export const JOAO: SpreadPerson = {
  name: 'João Carlos Lima',
  email: 'joao.lima@exemplo.com.br',
  phone: '(21) 99876-5432',
  whatsapp: '552199876543',
  cpf: '529.982.247-25',
};

/** The ids of every record the spread made, by kind. */
export interface SpreadRecords {
  clientId: string;
  /** The project lead the form made, its identity, and the project deal it opened. */
  leadId: string;
  identityId: string;
  projectDealId: string;
  /** The global deal naming the client. */
  globalDealId: string;
  activityId: string;
  deliveryId: string;
  endpointId: string;
  inboxId: string;
  contactId: string;
  conversationId: string;
  messageId: string;
}

// The form tool: Elementor Pro with "Advanced Data", posted as PHP's http_build_query writes it.
const ELEMENTOR = PROVIDER_FIXTURES.find((f) => f.provider.startsWith('Elementor Pro forms, Webhook action with'))!;
const ELEMENTOR_PERSON = { name: 'Gabriel Martins Rocha', email: 'gabriel.rocha@exemplo.com.br', phone: '011 98765 4321' };
const phpEncode = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
/** The Elementor body with the fixture's person replaced by `person`. */
const formBodyOf = (person: SpreadPerson): string =>
  (['name', 'email', 'phone'] as const).reduce(
    (body, field) => body.split(phpEncode(ELEMENTOR_PERSON[field])).join(phpEncode(person[field])),
    ELEMENTOR.body,
  );

const EVOLUTION_KEY = 'F3C1A2B4D5E6478899AABBCCDDEEFF00';
let messages = 0;

const ok = <T = any>(res: { status: number; body: any }, want: number, what: string): T => {
  if (res.status !== want) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data ?? res.body;
};

/** Spreads `person` through `team`'s records; each call makes its own project, endpoint and inbox. */
export async function spreadPerson(env: HttpEnv, team: TestTeam, person: SpreadPerson): Promise<SpreadRecords> {
  const api = (path: string) => `/api/v1${path}`;
  const post = (path: string, body: object) => env.request.post(api(path)).set(team.auth).send(body);

  const client = ok(
    await post('/clients', { type: 'PF', name: person.name, cpf: person.cpf, email: person.email, phone: person.phone }),
    201,
    'POST /clients',
  );

  const project = await createProjectFixture(env.runtime, team.teamId, `Site ${person.name}`);
  const endpoint = ok(
    await post('/webhooks', { name: 'Contato Site', project_id: project.projectId, field_mapping: ELEMENTOR.mapping }),
    201,
    'POST /webhooks',
  );
  const received = await env.request
    .post(api(`/webhooks/inbound/${endpoint.endpoint_id}`))
    .set('X-Webhook-Secret', endpoint.secret_token)
    .set('Content-Type', ELEMENTOR.contentType)
    .serialize((b: unknown) => b as string)
    .send(formBodyOf(person));
  const inbound = ok(received, 200, 'POST /webhooks/inbound');
  if (inbound.success !== true || inbound.entity_type !== 'deal') throw new Error(`inbound: ${JSON.stringify(inbound)}`);
  const projectDeal = ok(
    await env.request.get(api(`/deals/${inbound.entity_id}?project_id=${project.projectId}`)).set(team.auth),
    200,
    'GET /deals/:id',
  );
  const deliveries = env.runtime.container.get<InboundDeliveryRepository>(WEBHOOK_TOKENS.InboundDeliveryRepository);
  const [delivery] = (await deliveries.listByWebhook(team, endpoint.id, { limit: 1, after: null })).items;

  const inbox = await env.runtime.container.get(CreateInbox).execute(team, {
    name: 'WhatsApp loja',
    channel: 'evolution',
    baseUrl: 'https://evo.example.com',
    instance: 'loja',
    apiKey: EVOLUTION_KEY,
  });
  const providerId = `3EB0SPREAD${String(++messages).padStart(8, '0')}`;
  const text = { conversation: 'Oi, vi o anúncio de vocês' };
  const upsert = upsertData(providerId, 'conversation', text, {
    key: { remoteJid: `${person.whatsapp}@s.whatsapp.net`, fromMe: false, id: providerId },
    pushName: person.name.split(' ')[0],
  });
  ok(
    await env.request
      .post(api(`/whatsapp/evolution/${inbox.id}/webhook`))
      .set('content-type', 'application/json')
      .send(evolutionBody('messages.upsert', upsert, EVOLUTION_KEY)),
    200,
    'POST /whatsapp/evolution/:id/webhook',
  );
  const conversations = ok<any[]>(
    await env.request.get(api(`/whatsapp/conversations?inbox_id=${inbox.id}`)).set(team.auth),
    200,
    'GET /whatsapp/conversations',
  );
  const conversation = conversations[0];
  const [message] = ok<any[]>(
    await env.request.get(api(`/whatsapp/conversations/${conversation.id}/messages`)).set(team.auth),
    200,
    'GET /whatsapp/conversations/:id/messages',
  );

  const globalDeal = ok(await post('/deals', { title: `Proposta ${person.name}`, client_id: client.id }), 201, 'POST /deals');
  const activity = ok(
    await post('/activities', { title: `Ligação para ${person.name}`, type: 'call', client_id: client.id }),
    201,
    'POST /activities',
  );

  return {
    clientId: client.id,
    leadId: projectDeal.lead_id,
    identityId: projectDeal.lead.contact_identity_id,
    projectDealId: projectDeal.id,
    globalDealId: globalDeal.id,
    activityId: activity.id,
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    inboxId: inbox.id,
    contactId: conversation.contact_id,
    conversationId: conversation.id,
    messageId: message.id,
  };
}
