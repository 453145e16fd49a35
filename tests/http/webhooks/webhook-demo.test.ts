import { expect } from 'chai';
import { createDemoTeam } from '../../../bootstrap/demo';
import { forEachHttpBackend } from '../../support/http';

forEachHttpBackend('Webhooks in the demo team', (env) => {
  it('has an open lead-form endpoint that already turned one payload into a project deal', async () => {
    const { apiKey } = await createDemoTeam(env().runtime);
    const auth = { Authorization: `Bearer ${apiKey.key}` };
    const [endpoint] = (await env().request.get('/api/v1/webhooks').set(auth)).body.data;
    expect(endpoint).to.include({ name: 'Formulário do site', requires_secret: false, action_type: 'create_deal' });
    const deals = await env().request.get(`/api/v1/deals?project_id=${endpoint.action_config.project_id}`).set(auth);
    expect(deals.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['Mariana Costa']);
    expect(deals.body.data[0].utm_term).to.equal('loja virtual');
    const posted = await env()
      .request.post(`/api/v1/webhooks/inbound/${endpoint.endpoint_id}`)
      .send({ nome: 'Teste', email: 't@example.com' });
    expect(posted.body).to.include({ success: true, entity_type: 'deal' });
  });
});
