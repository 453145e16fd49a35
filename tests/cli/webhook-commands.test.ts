// What `workspace-admin webhook …` gives an operator to go on with: the URL to post to, either id of an
// endpoint wherever one is named, and an exit status that says whether a replay worked.
import { expect } from 'chai';
import { backendNames } from '../support/backends';
import { adminOn } from '../support/cli';
import { forEachHttpBackend } from '../support/http';
import { createProjectFixture } from '../http/webhooks/fixtures';

forEachHttpBackend(
  'workspace-admin webhook commands: URLs, ids and exit statuses',
  (env) => {
    const admin = adminOn(() => env().runtime);

    /** A team, a project, and an endpoint (create_lead, no secret) made with `webhook create`. */
    const setUp = async () => {
      const team = await env().team({ name: 'Agência Pé de Moleque' });
      const { projectId } = await createProjectFixture(env().runtime, team.teamId, 'Campanha São João');
      const argv = ['webhook', 'create', '--team', team.teamId, '--name', 'Formulário', '--action', 'create_lead', '--project', projectId];
      const created = await admin(...argv, '--no-secret', '--json');
      expect(created.code, created.err).to.equal(0);
      return { team, projectId, argv, endpoint: created.json as { id: string; endpoint_id: string; inbound_url: string } };
    };

    it('webhook create prints the inbound URL, which takes payloads; webhook list carries it too', async () => {
      const { team, endpoint, argv } = await setUp();
      const base = env().runtime.config.publicBaseUrl;
      expect(base).to.equal('http://127.0.0.1:3000');
      expect(endpoint.inbound_url).to.equal(`${base}/api/v1/webhooks/inbound/${endpoint.endpoint_id}`);
      await env()
        .request.post(new URL(endpoint.inbound_url).pathname)
        .send({ full_name: 'José da Conceição', phone: '(11) 98765-4321' })
        .expect(200);

      const human = await admin(...argv.slice(0, 5), 'Segundo formulário', ...argv.slice(6), '--no-secret');
      expect(human.code, human.err).to.equal(0);
      expect(human.out).to.match(/^inbound_url: http:\/\/127\.0\.0\.1:3000\/api\/v1\/webhooks\/inbound\/wh_[\w-]+$/m);

      const listed = await admin('webhook', 'list', '--team', team.teamId, '--json');
      const row = listed.json.data.find((e: { id: string }) => e.id === endpoint.id);
      expect(row).to.include({ endpoint_id: endpoint.endpoint_id, inbound_url: endpoint.inbound_url });
    });

    it('every --endpoint takes the administration id or the public endpoint_id, in any of its commands', async () => {
      const { endpoint } = await setUp();
      await env()
        .request.post(new URL(endpoint.inbound_url).pathname)
        .send({ full_name: 'Ana Lúcia', email: 'ana@example.com' })
        .expect(200);

      const byId = await admin('webhook', 'deliveries', '--endpoint', endpoint.id, '--json');
      const byEndpointId = await admin('webhook', 'deliveries', '--endpoint', endpoint.endpoint_id, '--json');
      expect(byId.code, byId.err).to.equal(0);
      expect(byEndpointId.code, byEndpointId.err).to.equal(0);
      expect(byEndpointId.json).to.deep.equal(byId.json);
      expect(byId.json.data).to.have.length(1);

      const updated = await admin('webhook', 'update', '--endpoint', endpoint.endpoint_id, '--name', 'Formulário do site', '--json');
      expect(updated.code, updated.err).to.equal(0);
      expect(updated.json).to.include({ id: endpoint.id, name: 'Formulário do site' });

      const token = await admin('webhook', 'verify-token', '--endpoint', endpoint.endpoint_id, '--token', 'token-do-meta', '--json');
      expect(token.code, token.err).to.equal(0);
      expect(token.json).to.deep.equal({ id: endpoint.id, endpoint_id: endpoint.endpoint_id, has_verify_token: true });
      // The administration id in capitals is the same id.
      const cleared = await admin('webhook', 'verify-token', '--endpoint', endpoint.id.toUpperCase(), '--clear', '--json');
      expect(cleared.json).to.include({ id: endpoint.id, has_verify_token: false });
    });

    it('refuses an --endpoint that is neither id, naming the option, and answers not found for one that names no endpoint', async () => {
      await setUp();
      for (const argv of [
        ['webhook', 'deliveries'],
        ['webhook', 'update', '--name', 'X'],
        ['webhook', 'verify-token', '--clear'],
      ]) {
        for (const bad of ['42', 'wh_', 'wh_com espaço', 'https://api.example.com/api/v1/webhooks/inbound/wh_abc']) {
          const r = await admin(...argv, '--endpoint', bad);
          expect(r, `${argv.join(' ')} ${bad}`).to.include({ code: 1, out: '' });
          expect(r.err).to.equal(
            `error: --endpoint must be an endpoint's id (a UUID) or its endpoint_id (wh_…), not ${JSON.stringify(bad)}`,
          );
        }
        for (const unknown of ['wh_naoExisteNenhumEndpointComEsteId', '0190a000-0000-7000-8000-00000000dead']) {
          const r = await admin(...argv, '--endpoint', unknown);
          expect(r, `${argv.join(' ')} ${unknown}`).to.include({ code: 1, out: '', err: 'error: Webhook endpoint not found' });
        }
      }
    });

    it('webhook replay exits 1, printing the delivery, when the replayed delivery fails again, and 0 when it succeeds', async () => {
      const { endpoint } = await setUp();
      // Neither a name, a phone nor an e-mail: the lead cannot be made, and the delivery fails.
      await env().request.post(new URL(endpoint.inbound_url).pathname).send({ observacao: 'sem contato' }).expect(200);
      const [failed] = (await admin('webhook', 'deliveries', '--endpoint', endpoint.endpoint_id, '--json')).json.data;
      expect(failed.status).to.equal('failed');

      const again = await admin('webhook', 'replay', '--id', failed.id, '--json');
      expect(again.code).to.equal(1);
      expect(again.err).to.equal('');
      expect(again.json).to.include({ id: failed.id, status: 'failed', attempts: 2 });
      const human = await admin('webhook', 'replay', '--id', failed.id);
      expect(human.code).to.equal(1);
      expect(human.out).to.match(/^status: failed$/m);

      // Mapped to a field the payload has, the same delivery makes its lead: exit status 0.
      await admin('webhook', 'update', '--endpoint', endpoint.id, '--mapping', '{"full_name":"observacao"}', '--json');
      const fixed = await admin('webhook', 'replay', '--id', failed.id, '--json');
      expect(fixed.code, fixed.err).to.equal(0);
      expect(fixed.json).to.include({ status: 'succeeded', entity_type: 'lead' });
    });
  },
  backendNames(),
);
