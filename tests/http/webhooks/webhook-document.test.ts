import { expect } from 'chai';
import { forEachHttpBackend } from '../../support/http';

forEachHttpBackend('Webhook operations in the OpenAPI document', (env) => {
  it("points a created endpoint's Location at it, and shows the secret only in the 201", async () => {
    const team = await env().team();
    const created = await env().request.post('/api/v1/webhooks').set(team.auth).send({ name: 'Site' }).expect(201);
    expect(created.body.data.secret_token).to.be.a('string');
    expect(created.headers.location).to.equal(`/api/v1/webhooks/${created.body.data.id}`);
    const read = await env().request.get(created.headers.location).set(team.auth).expect(200);
    expect(read.body.data).to.not.have.property('secret_token');
    expect(read.body.data.endpoint_id).to.equal(created.body.data.endpoint_id);
  });

  it('declares the administration behind the key and the public receiver with its own answers', async () => {
    const doc = (await env().request.get('/api/v1/openapi.json').expect(200)).body;
    for (const [path, method, id] of [
      ['/webhooks', 'get', 'listWebhookEndpoints'],
      ['/webhooks', 'post', 'createWebhookEndpoint'],
      ['/webhooks/{id}', 'get', 'getWebhookEndpoint'],
      ['/webhooks/{id}', 'put', 'updateWebhookEndpoint'],
      ['/webhooks/{id}', 'delete', 'deleteWebhookEndpoint'],
    ]) {
      expect(doc.paths[path]?.[method]?.operationId, `${method} ${path}`).to.equal(id);
      expect(doc.paths[path][method].security).to.deep.equal([{ apiKey: [] }]);
    }
    expect(doc.components.schemas.CreatedWebhookEndpoint.required).to.include('secret_token');
    expect(doc.components.schemas.WebhookEndpoint.properties).to.not.have.property('secret_token');

    const inbound = doc.paths['/webhooks/inbound/{endpointId}'];
    expect(inbound.get.operationId).to.equal('getInboundEndpointStatus');
    expect(inbound.get.security).to.deep.equal([]);
    expect(inbound.get.responses['200'].content).to.have.keys('application/json', 'text/plain');
    expect(inbound.get.parameters[0]).to.deep.include({ name: 'endpointId', in: 'path', schema: { type: 'string' } });

    const receive = inbound.post;
    expect(receive.operationId).to.equal('receiveInboundWebhook');
    expect(receive.security).to.deep.equal([]);
    // The body is read as sent, in any content type: nothing is validated against a schema. Its example is
    // what the demo team's endpoint maps.
    expect(receive.requestBody.required).to.equal(false);
    expect(receive.requestBody.content['application/json']).to.have.keys('example');
    expect(receive.description).to.include('application/x-www-form-urlencoded');
    expect(Object.keys(receive.responses)).to.include.members(['200', '400', '401', '404', '413', '429']);
    // The receiver's 200 is its own shape, not the envelope.
    const answer = receive.responses['200'].content['application/json'].schema;
    expect(answer.oneOf.map((s: { required: string[] }) => s.required)).to.deep.equal([
      ['received', 'success', 'action', 'entity_id', 'entity_type', 'entity_ids', 'warnings'],
      ['received', 'error'],
    ]);
    expect(receive.parameters.map((p: { name: string }) => p.name)).to.include.members([
      'X-Webhook-Secret',
      'webhook-id',
      'Idempotency-Key',
    ]);
  });
});
