import { expect } from 'chai';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { forEachHttpBackend } from '../../support/http';

forEachHttpBackend('WhatsApp operations in the OpenAPI document', (env) => {
  it("points a created contact's Location at the contact; a reused one is 200 without Location", async () => {
    const team = await env().team();
    const created = await env().request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '(11) 98765-4321' }).expect(201);
    expect(created.headers.location).to.equal(`/api/v1/whatsapp/contacts/${created.body.data.id}`);
    const read = await env().request.get(created.headers.location).set(team.auth).expect(200);
    expect(read.body.data.id).to.equal(created.body.data.id);

    const again = await env().request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '5511987654321' }).expect(200);
    expect(again.body.data).to.include({ id: created.body.data.id, reused: true });
    expect(again.headers.location).to.equal(undefined);
  });

  it("points a sent message's Location at its conversation's messages, where it is read back", async () => {
    const team = await env().team();
    const inbox = await env().runtime.container.get(CreateInbox).execute(team, { name: 'Sandbox', channel: 'sandbox' });
    const sent = await env()
      .request.post('/api/v1/whatsapp/messages')
      .set(team.auth)
      .send({ inbox_id: inbox.id, phone: '11912345678', content: 'oi' })
      .expect(201);
    expect(sent.headers.location).to.equal(`/api/v1/whatsapp/conversations/${sent.body.data.conversation_id}/messages`);
    const list = await env().request.get(sent.headers.location).set(team.auth).expect(200);
    expect(list.body.data.map((m: { id: string }) => m.id)).to.deep.equal([sent.body.data.id]);
  });

  it('declares every WhatsApp route: keyed ones with their answers, the Cloud API webhook public and text for the handshake', async () => {
    const doc = (await env().request.get('/api/v1/openapi.json').expect(200)).body;
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    const ids = [
      ['/whatsapp/contacts', 'get', 'listWhatsAppContacts'],
      ['/whatsapp/contacts', 'post', 'createWhatsAppContact'],
      ['/whatsapp/contacts/{id}', 'get', 'getWhatsAppContact'],
      ['/whatsapp/contacts/{id}', 'put', 'updateWhatsAppContact'],
      ['/whatsapp/contacts/{id}', 'delete', 'deleteWhatsAppContact'],
      ['/whatsapp/messages', 'post', 'sendWhatsAppMessage'],
      ['/whatsapp/conversations', 'get', 'listWhatsAppConversations'],
      ['/whatsapp/conversations/{id}', 'get', 'getWhatsAppConversation'],
      ['/whatsapp/conversations/{id}/messages', 'get', 'listWhatsAppConversationMessages'],
      ['/whatsapp/inboxes', 'get', 'listWhatsAppInboxes'],
    ];
    for (const [path, method, id] of ids) {
      expect(op(path, method)?.operationId, `${method} ${path}`).to.equal(id);
      expect(op(path, method).security).to.deep.equal([{ apiKey: [] }]);
    }

    const create = op('/whatsapp/contacts', 'post');
    expect(create.responses).to.include.keys('200', '201');
    expect(doc.components.schemas.CreatedWhatsAppContact.properties.reused).to.deep.include({ const: true });
    expect(doc.components.schemas.CreatedWhatsAppContact.required).to.not.include('reused');
    expect(Object.keys(op('/whatsapp/messages', 'post').responses)).to.include.members(['201', '400', '404', '409', '500', '502']);

    const verify = op('/whatsapp/cloud/webhook', 'get');
    expect(verify.security).to.deep.equal([]);
    expect(verify.responses['200'].content).to.have.keys('text/plain');
    expect(Object.keys(verify.responses)).to.include.members(['400', '401', '429']);
    const events = op('/whatsapp/cloud/webhook', 'post');
    expect(events.security).to.deep.equal([]);
    expect(events).to.not.have.property('requestBody');
    expect(events.parameters.map((p: { name: string }) => p.name)).to.include('X-Hub-Signature-256');
    expect(doc.components.schemas.WhatsAppCloudEvents.required).to.deep.equal(['messages', 'statuses', 'errors', 'ignored']);
  });
});
