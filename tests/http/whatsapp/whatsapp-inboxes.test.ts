// GET /whatsapp/inboxes: the team's inboxes as an integrator needs them to send, never their credentials.
import { expect } from 'chai';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { Inbox } from '../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../domain/whatsapp/inbox-repository';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

const SECRETS = ['EAAG-token-da-padaria-123', 'chave-evolution-secreta-456', '106540352242922'];

forEachHttpBackend(
  'WhatsApp inboxes',
  (env) => {
    const create = (team: { teamId: string }, setup: Parameters<CreateInbox['execute']>[1]) =>
      env().runtime.container.get(CreateInbox).execute(team, setup);

    it("lists the team's inboxes with their channel and session state, and none of their credentials", async () => {
      const t = await env().team();
      const cloud = await create(t, {
        name: 'Vendas São Paulo',
        channel: 'cloud_api',
        phoneNumberId: `${SECRETS[2]}${Date.now()}`,
        accessToken: SECRETS[0],
      });
      const evo = await create(t, {
        name: 'Atendimento',
        channel: 'evolution',
        baseUrl: 'https://evolution.example.com',
        instance: 'padaria',
        apiKey: SECRETS[1],
      });
      const inboxes = env().runtime.container.get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository);
      const reported = Inbox.restore((await inboxes.findById(t, evo.id))!);
      reported.reportConnection('close', new Date('2026-11-20T10:00:00.000Z'), new Date('2026-11-20T10:00:01.000Z'));
      expect(await inboxes.updateConnection(t, reported.snapshot())).to.equal(true);

      const res = await env().request.get('/api/v1/whatsapp/inboxes?sort=name').set(t.auth).expect(200);
      expect(res.body.pagination).to.deep.equal({ page: 1, limit: 20, total: 2, pages: 1 });
      expect(res.body.data.map((i: { id: string }) => i.id)).to.deep.equal([evo.id, cloud.id]);
      expect(res.body.data[0]).to.deep.equal({
        id: evo.id,
        name: 'Atendimento',
        channel: 'evolution',
        is_active: true,
        phone_number_id: null,
        connection_state: 'close',
        connection_state_at: '2026-11-20T10:00:00.000Z',
        created_at: evo.createdAt,
        updated_at: '2026-11-20T10:00:01.000Z',
      });
      expect(res.body.data[1]).to.include({ name: 'Vendas São Paulo', channel: 'cloud_api', connection_state: null });
      const text = JSON.stringify(res.body);
      for (const secret of SECRETS.slice(0, 2)) expect(text).to.not.include(secret);
      expect(text).to.not.match(/credential|token|api_key|secret|padaria|evolution\.example/i);
    });

    it("pages, and never shows another team's inboxes", async () => {
      const t = await env().team();
      const other = await env().team({ name: 'Outra Agência' });
      for (const name of ['Suporte', 'Vendas', 'Cobrança']) await create(t, { name, channel: 'sandbox' });
      const theirs = await create(other, { name: 'Deles', channel: 'sandbox' });
      const page = await env().request.get('/api/v1/whatsapp/inboxes?limit=2&page=2&sort=name').set(t.auth).expect(200);
      expect(page.body.pagination).to.deep.equal({ page: 2, limit: 2, total: 3, pages: 2 });
      expect(page.body.data.map((i: { name: string }) => i.name)).to.deep.equal(['Vendas']);
      const all = await env().request.get('/api/v1/whatsapp/inboxes?limit=100').set(t.auth).expect(200);
      expect(all.body.data.map((i: { id: string }) => i.id)).to.not.include(theirs.id);
      expect(all.body.data).to.have.length(3);
      const tooMany = await env().request.get('/api/v1/whatsapp/inboxes?limit=101').set(t.auth);
      expect(tooMany.status).to.equal(400);
      expect(tooMany.body.error.details.field).to.equal('limit');
    });
  },
  backendNames(),
);
