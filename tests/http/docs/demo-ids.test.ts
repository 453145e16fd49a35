import { expect } from 'chai';
import { DEMO_IDS } from '../../../adapters/http/shared/demo-ids';
import { createDemoTeam } from '../../../bootstrap/demo';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

const D = DEMO_IDS;

/** What each documented id names in a fresh demo: the path that reads it, and fields of what it answers. */
const RECORDS: [string, Record<string, unknown>][] = [
  [`/projects/${D.project}`, { name: 'Lançamento Loja Online', is_internal: false }],
  [`/projects/${D.internalProject}`, { is_internal: true }],
  [`/clients/${D.client}`, { name: 'Maria Silva', cpf: '52998224725' }],
  [`/clients/${D.companyClient}`, { name: 'Padaria Pão Quente Ltda', cnpj: '11222333000181' }],
  [`/deals/${D.deal}`, { title: 'Redesign do site institucional', phase: 'lead' }],
  [`/deals/${D.proposalDeal}`, { title: 'Gestão de redes sociais', phase: 'proposta' }],
  [`/tasks/${D.task}`, { title: 'Revisar o briefing do site', project_id: D.internalProject }],
  [`/campaigns/${D.campaign}`, { name: 'Lançamento de verão' }],
  [`/activities/${D.activity}`, { title: 'Reunião de alinhamento' }],
  [`/whatsapp/contacts/${D.whatsappContact}`, { custom_name: 'Maria Silva' }],
  [`/whatsapp/contacts/${D.newWhatsappContact}`, { custom_name: 'Pedro Almeida' }],
  [`/whatsapp/conversations/${D.whatsappConversation}`, { inbox_id: D.whatsappInbox, contact_id: D.whatsappContact }],
  [`/whatsapp/messages/${D.whatsappMessage}`, { conversation_id: D.whatsappConversation }],
  [`/webhooks/${D.webhookEndpoint}`, { name: 'Formulário do site', endpoint_id: D.webhookEndpointPublicId }],
];

forEachHttpBackend(
  'The demo team on a database without it',
  (env) => {
    it('gets the documented ids, the same on every backend', async () => {
      const { team, apiKey } = await createDemoTeam(env().runtime);
      expect(team.id).to.equal(D.team);
      const auth = { Authorization: `Bearer ${apiKey.key}` };
      for (const [path, fields] of RECORDS) {
        const res = await env().request.get(`/api/v1${path}`).set(auth);
        expect(res.status, path).to.equal(200);
        expect(res.body.data, path).to.include(fields);
      }
      const pipelines = await env().request.get(`/api/v1/projects/${D.project}/pipelines`).set(auth);
      expect(pipelines.body.data.map((p: { id: string }) => p.id)).to.deep.equal([D.projectPipeline]);
      const deals = await env().request.get(`/api/v1/deals?project_id=${D.project}`).set(auth);
      expect(deals.body.data).to.have.length(1);
      expect(deals.body.data[0]).to.include({
        id: D.projectDeal,
        title: 'Mariana Costa',
        pipeline_id: D.projectPipeline,
        lead_id: D.formLead,
      });
      const leads = await env().request.get(`/api/v1/projects/${D.project}/leads`).set(auth);
      expect(leads.body.data.map((l: { id: string; full_name: string }) => [l.id, l.full_name])).to.have.deep.members([
        [D.lead, 'João Pereira'],
        [D.formLead, 'Mariana Costa'],
      ]);
    });

    it('keeps its key random, and gives a second demo and whatever comes after random ids', async () => {
      const second = await createDemoTeam(env().runtime);
      expect(second.team.id).to.not.equal(D.team);
      expect(second.apiKey.key).to.match(/^wsk_[A-Za-z0-9_-]{43}$/);
      const auth = { Authorization: `Bearer ${second.apiKey.key}` };
      const fixed = Object.values(D) as string[];
      const projects = (await env().request.get('/api/v1/projects').set(auth)).body.data as { id: string }[];
      const [endpoint] = (await env().request.get('/api/v1/webhooks').set(auth)).body.data as { id: string; endpoint_id: string }[];
      expect([...projects.map((p) => p.id), endpoint.id, endpoint.endpoint_id].filter((id) => fixed.includes(id))).to.deep.equal([]);
      const later = await env().team();
      expect(fixed).to.not.include(later.teamId);
      expect(later.teamId.slice(0, 8)).to.not.equal(D.team.slice(0, 8));
    });
  },
  backendNames(),
);
