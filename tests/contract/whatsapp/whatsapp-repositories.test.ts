import { expect } from 'chai';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { MemoryStore } from '../../../adapters/persistence/memory/shared/memory-store';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { TOKENS } from '../../../bootstrap/tokens';
import { ListQuery } from '../../../domain/shared/list';
import { Conflict, Duplicate } from '../../../domain/shared/errors';
import { Contact, ContactData } from '../../../domain/whatsapp/contact';
import { ContactRepository } from '../../../domain/whatsapp/contact-repository';
import { Conversation, ConversationData } from '../../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../../domain/whatsapp/conversation-repository';
import { Inbox, InboxData } from '../../../domain/whatsapp/inbox';
import { InboxRepository, InboxSummary } from '../../../domain/whatsapp/inbox-repository';
import { InboundContent, Message, inboundText } from '../../../domain/whatsapp/message';
import { InboxErrorRepository } from '../../../domain/whatsapp/inbox-error-repository';
import { MessageRepository } from '../../../domain/whatsapp/message-repository';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { checkNewestFirst } from '../../support/keyset';

let seq = 0;
const uuid = () => `0190b000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2026, 1, 1, 0, 0, n));
const AD = {
  sourceUrl: 'https://fb.me/3cr4Wqqkv',
  sourceId: '120226305854810726',
  sourceType: 'ad',
  headline: 'Chat with us',
  body: 'Corpo do anúncio',
  mediaType: 'image',
  imageUrl: 'https://scontent.xx.fbcdn.net/v/t45.1.jpg',
  videoUrl: null,
  thumbnailUrl: null,
  ctwaClid: 'Aff-n8ZTODiE79d22KtAwQ',
};
const q = (over: Partial<ListQuery<any>> = {}): ListQuery<any> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});

forEachBackend('WhatsApp repositories contract', (env, backend) => {
  let contacts: ContactRepository;
  let inboxes: InboxRepository;
  let conversations: ConversationRepository;
  let messages: MessageRepository;
  let inboxErrors: InboxErrorRepository;
  let team: { teamId: string };
  const other = { teamId: '0190b000-0000-7000-8000-ffffffffffff' };

  const contact = async (
    phone: string,
    changes: Parameters<typeof Contact.create>[3] = {},
    n = ++seq,
    pushName: string | null = null,
  ): Promise<ContactData> => {
    const c = Contact.create(uuid(), team.teamId, PhoneNumber.parse(phone), changes, at(n), pushName).snapshot();
    await contacts.insert(c);
    return c;
  };
  const inbox = async (channel = 'sandbox', extra: object = {}): Promise<InboxData> => {
    const i = Inbox.create(uuid(), team.teamId, { name: 'Inbox', channel, ...extra }, at(1)).snapshot();
    await inboxes.insert(i);
    return i;
  };
  const conversation = async (i: InboxData, c: ContactData, n = 2): Promise<ConversationData> => {
    const v = Conversation.open(uuid(), team.teamId, i, c.id, at(n)).snapshot();
    await conversations.insert(v);
    return v;
  };

  beforeEach(() => {
    const c = env().container;
    contacts = referencedRows(env()).whatsappContacts(c.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository));
    inboxes = c.get(WHATSAPP_TOKENS.InboxRepository);
    conversations = c.get(WHATSAPP_TOKENS.ConversationRepository);
    messages = c.get(WHATSAPP_TOKENS.MessageRepository);
    inboxErrors = c.get(WHATSAPP_TOKENS.InboxErrorRepository);
    team = { teamId: uuid() };
  });

  describe('ContactRepository', () => {
    it('round-trips every field and finds a contact by either 9th-digit spelling', async () => {
      const c = await contact('551187654321', { customName: 'Ana', notes: 'n', tags: ['vip', 'b'], clientId: uuid() }, 1, 'Ana S');
      expect(await contacts.findById(team, c.id)).to.deep.equal(c);
      expect(await contacts.findByPhoneKey(team, PhoneNumber.parse('5511987654321').canonical)).to.deep.equal(c);
      expect(await contacts.findById(other, c.id)).to.equal(null);
      expect(await contacts.findByPhoneKey(other, c.phoneKey)).to.equal(null);
    });

    it('refuses a second contact for the same person in a team, not across teams', async () => {
      await contact('5511987654321');
      const twin = Contact.create(uuid(), team.teamId, PhoneNumber.parse('551187654321'), {}, at(3)).snapshot();
      let error: unknown;
      try {
        await contacts.insert(twin);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Duplicate);
      const elsewhere = Contact.create(uuid(), other.teamId, PhoneNumber.parse('551187654321'), {}, at(3)).snapshot();
      await contacts.insert(elsewhere);
      await contacts.delete(other, elsewhere.id);
    });

    it('updates and deletes', async () => {
      const c = await contact('11987654321');
      const entity = Contact.restore(c);
      entity.update({ customName: 'Bia', tags: ['x'] }, at(50));
      await contacts.update(entity.snapshot());
      expect(await contacts.findById(team, c.id)).to.deep.equal(entity.snapshot());
      await contacts.delete(other, c.id);
      expect(await contacts.findById(team, c.id)).to.not.equal(null);
      await contacts.delete(team, c.id);
      expect(await contacts.findById(team, c.id)).to.equal(null);
    });

    it('refuses to delete a contact that has conversations', async () => {
      const c = await contact('11987654321');
      await conversation(await inbox(), c);
      let error: unknown;
      try {
        await contacts.delete(team, c.id);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Conflict);
      expect(await contacts.findById(team, c.id)).to.not.equal(null);
    });

    it('filters by exact tag (case-sensitive) and client, searches phone and names', async () => {
      const client = uuid();
      const a = await contact('11987650001', { customName: 'Joana', tags: ['vip'] }, 10);
      const b = await contact('11987650002', { tags: ['VIP', 'vipper'], clientId: client }, 11, 'Carlos');
      await contact('+1 415 555 2671', { tags: ['x"y'] }, 12);
      const ids = async (filter: object, query = q()) => (await contacts.list(team, filter, query)).items.map((c) => c.id);
      expect(await ids({ tag: 'vip' })).to.deep.equal([a.id]);
      expect(await ids({ tag: 'VIP' })).to.deep.equal([b.id]);
      expect(await ids({ tag: 'x"y' })).to.have.length(1);
      expect(await ids({ clientId: client })).to.deep.equal([b.id]);
      expect(await ids({}, q({ search: 'joa' }))).to.deep.equal([a.id]);
      expect(await ids({}, q({ search: 'CARL' }))).to.deep.equal([b.id]);
      expect(await ids({}, q({ search: '4155' }))).to.have.length(1);
      expect(await ids({}, q({ search: '%' }))).to.deep.equal([]);
      expect((await contacts.list(other, {}, q())).total).to.equal(0);
    });

    it('searches folded names, and finds an updated contact by its new name, never by its old', async () => {
      const c = await contact('11987650031', { customName: 'Conceição' }, 30, 'JOSÉ');
      const ids = async (search: string) => (await contacts.list(team, {}, q({ search }))).items.map((x) => x.id);
      expect(await ids('conceicao')).to.deep.equal([c.id]);
      expect(await ids('jose')).to.deep.equal([c.id]);
      await contacts.update({ ...c, customName: 'Estêvão', pushName: null });
      expect(await ids('conceicao')).to.deep.equal([]);
      expect(await ids('jose')).to.deep.equal([]);
      expect(await ids('ESTEVAO')).to.deep.equal([c.id]);
    });

    it('sorts by name with nulls last in both directions, paginated with an exact total', async () => {
      const x = await contact('11987650011', { customName: 'bruno' }, 20);
      const y = await contact('11987650012', { customName: 'Ana' }, 21);
      const z = await contact('11987650013', {}, 22);
      const asc = await contacts.list(team, {}, q({ sort: { field: 'custom_name', descending: false }, limit: 2 }));
      expect(asc.total).to.equal(3);
      expect(asc.items.map((c) => c.id)).to.deep.equal([y.id, x.id]);
      const desc = await contacts.list(team, {}, q({ sort: { field: 'custom_name', descending: true } }));
      expect(desc.items.map((c) => c.id)).to.deep.equal([x.id, y.id, z.id]);
      const byPhone = await contacts.list(team, {}, q({ sort: { field: 'phone', descending: true }, page: 2, limit: 2 }));
      expect(byPhone.items.map((c) => c.id)).to.deep.equal([x.id]);
    });
  });

  describe('InboxErrorRepository', () => {
    it("keeps errors per inbox and lists the team's newest first, up to a limit", async () => {
      const i1 = await inbox('cloud_api', { phoneNumberId: `pn-${uuid()}`, accessToken: 't' });
      const i2 = await inbox('cloud_api', { phoneNumberId: `pn-${uuid()}`, accessToken: 't' });
      const error = (inboxId: string, n: number) => ({
        id: uuid(),
        teamId: team.teamId,
        inboxId,
        code: '130429',
        title: 'Rate limit hit',
        detail: `detail ${n}`,
        createdAt: at(n).toISOString(),
      });
      const a = error(i1.id, 1);
      const b = error(i2.id, 2);
      const c = { ...error(i1.id, 3), code: null, title: null, detail: null };
      for (const e of [a, c, b]) await inboxErrors.insert(e);
      expect(await inboxErrors.list(team, {}, 10)).to.deep.equal([c, b, a]);
      expect(await inboxErrors.list(team, { inboxId: i1.id }, 10)).to.deep.equal([c, a]);
      expect(await inboxErrors.list(team, {}, 1)).to.deep.equal([c]);
      expect(await inboxErrors.list(other, {}, 10)).to.deep.equal([]);
    });
  });

  describe('InboxRepository', () => {
    it('round-trips an inbox with its credentials and finds a Cloud API inbox by phone number id across teams', async () => {
      const i = await inbox('cloud_api', { phoneNumberId: `pn-${uuid()}`, accessToken: 'secret' });
      expect(await inboxes.findById(team, i.id)).to.deep.equal(i);
      expect(await inboxes.findById(other, i.id)).to.equal(null);
      const phoneNumberId = i.credentials.channel === 'cloud_api' ? i.credentials.phoneNumberId : '';
      expect(await inboxes.findByPhoneNumberId(phoneNumberId)).to.deep.equal(i);
      expect(await inboxes.findByPhoneNumberId('nobody')).to.equal(null);
      const evo = await inbox('evolution', { baseUrl: 'https://evo.example.com', instance: 'a', apiKey: 'k' });
      expect(await inboxes.findById(team, evo.id)).to.deep.equal(evo);
    });

    it('finds an inbox by its id whatever its team, and keeps the connection state reported for it', async () => {
      const evo = await inbox('evolution', { baseUrl: 'https://evo.example.com', instance: 'loja', apiKey: 'k' });
      expect(await inboxes.findByIdAcrossTeams(evo.id)).to.deep.equal(evo);
      expect(await inboxes.findByIdAcrossTeams(uuid())).to.equal(null);
      expect(evo).to.include({ connectionState: null, connectionStateAt: null });

      const reported = Inbox.restore(evo);
      expect(reported.reportConnection('open', at(30), at(31))).to.deep.equal({ previous: null });
      expect(await inboxes.updateConnection(team, reported.snapshot())).to.equal(true);
      // Another team's id names no inbox of this one: nothing is written.
      expect(await inboxes.updateConnection(other, { ...reported.snapshot(), connectionState: 'close' })).to.equal(false);
      // A report older than the one stored (read before a concurrent delivery wrote it) is not written.
      const stale = { ...reported.snapshot(), connectionState: 'connecting' as const, connectionStateAt: at(29).toISOString() };
      expect(await inboxes.updateConnection(team, stale)).to.equal(false);
      const read = await inboxes.findByIdAcrossTeams(evo.id);
      expect(read).to.deep.equal({
        ...evo,
        connectionState: 'open',
        connectionStateAt: at(30).toISOString(),
        updatedAt: at(31).toISOString(),
      });
      expect(await inboxes.findById(team, evo.id)).to.deep.equal(read);
      const [summary] = (await inboxes.listSummaries(team, { limit: 10, after: null })).items.filter((s) => s.id === evo.id);
      expect(summary).to.include({ connectionState: 'open', connectionStateAt: at(30).toISOString() });
    });

    it('counts the active inboxes, across teams, whose session was last reported not open', async () => {
      const before = await inboxes.countDisconnected();
      const evo = Inbox.restore(await inbox('evolution', { baseUrl: 'https://evo.example.com', instance: 'a', apiKey: 'k' }));
      await inbox('evolution', { baseUrl: 'https://evo.example.com', instance: 'never-reported', apiKey: 'k' });
      expect(await inboxes.countDisconnected()).to.equal(before);
      evo.reportConnection('close', at(40), at(40));
      await inboxes.updateConnection(team, evo.snapshot());
      expect(await inboxes.countDisconnected()).to.equal(before + 1);
      evo.reportConnection('open', at(41), at(41));
      await inboxes.updateConnection(team, evo.snapshot());
      expect(await inboxes.countDisconnected()).to.equal(before);
    });

    /** The inbox as the backend holds it: the SQL row, or the memory record. */
    const stored = async (id: string): Promise<Record<string, unknown>> =>
      backend === 'memory'
        ? env().container.get<MemoryStore>(TOKENS.MemoryStore).table<Record<string, unknown>>('whatsapp_inboxes').get(id)!
        : env().container.get<KnexDatabase>(TOKENS.KnexDatabase).db('whatsapp_inboxes').where({ id }).first();

    it('stores access tokens and API keys sealed, never in clear, and reads them back', async () => {
      const token = `EAAG-clear-token-${uuid()}`;
      const apiKey = `evo-clear-key-${uuid()}`;
      const cloud = await inbox('cloud_api', { phoneNumberId: `pn-${uuid()}`, accessToken: token });
      const evo = await inbox('evolution', { baseUrl: 'https://evo.example.com', instance: 'a', apiKey });
      for (const [i, secret] of [
        [cloud, token],
        [evo, apiKey],
      ] as const) {
        const record = await stored(i.id);
        expect(record.credentials, i.channel).to.match(/^v1:/);
        expect(JSON.stringify(record), i.channel).to.not.contain(secret);
        expect(await inboxes.findById(team, i.id)).to.deep.equal(i);
      }
      const phoneNumberId = cloud.credentials.channel === 'cloud_api' ? cloud.credentials.phoneNumberId : '';
      expect(await inboxes.findByPhoneNumberId(phoneNumberId)).to.deep.equal(cloud);
    });

    it("pages the team's inboxes newest first as summaries, the phone number id but no credentials", async () => {
      await inbox('sandbox');
      const setups = [
        () => ({ channel: 'cloud_api', phoneNumberId: `pn-${uuid()}`, accessToken: 'EAAG-listed' }),
        () => ({ channel: 'evolution', baseUrl: 'https://evo.example.com', instance: 'a', apiKey: 'evo-listed' }),
        () => ({ channel: 'sandbox' }),
      ];
      const listed = { teamId: uuid() };
      let n = 0;
      await checkNewestFirst(
        async (createdAt, id): Promise<InboxSummary> => {
          const setup: { channel: string; phoneNumberId?: string } = setups[n++ % setups.length]();
          const i = {
            ...Inbox.create(id, listed.teamId, { name: `Inbox ${n}`, ...setup }, at(1)).snapshot(),
            createdAt,
            isActive: n !== 2,
          };
          await inboxes.insert(i);
          return {
            id,
            teamId: listed.teamId,
            name: i.name,
            channel: i.channel,
            isActive: i.isActive,
            phoneNumberId: setup.channel === 'cloud_api' ? setup.phoneNumberId! : null,
            connectionState: null,
            connectionStateAt: null,
            createdAt,
            updatedAt: i.updatedAt,
          };
        },
        (q) => inboxes.listSummaries(listed, q),
        (i) => ({ at: i.createdAt, id: i.id }),
      );
    });

    it('lists summaries without opening the credentials', async () => {
      const i = await inbox('cloud_api', { phoneNumberId: `pn-${uuid()}`, accessToken: 'EAAG-unopened' });
      if (backend === 'memory') {
        const table = env().container.get<MemoryStore>(TOKENS.MemoryStore).table<Record<string, unknown>>('whatsapp_inboxes');
        table.set(i.id, { ...table.get(i.id)!, credentials: 'v1:not-sealed-with-this-key' });
      } else {
        await env()
          .container.get<KnexDatabase>(TOKENS.KnexDatabase)
          .db('whatsapp_inboxes')
          .where({ id: i.id })
          .update({ credentials: 'v1:not-sealed-with-this-key' });
      }
      let error: unknown;
      try {
        await inboxes.findById(team, i.id);
      } catch (e) {
        error = e;
      }
      expect(error, 'the credentials no longer open').to.be.instanceOf(Error);
      const { items } = await inboxes.listSummaries(team, { limit: 10, after: null });
      expect(items.map((x) => x.id)).to.deep.equal([i.id]);
      expect(JSON.stringify(items)).to.not.match(/EAAG|credentials|v1:/);
      const page = await inboxes.list(team, {}, { page: 1, limit: 10, sort: { field: 'created_at', descending: true } });
      expect(page.items.map((x) => x.id)).to.deep.equal([i.id]);
      expect(JSON.stringify(page.items)).to.not.match(/EAAG|credentials|v1:/);
    });

    it("lists a team's inboxes a page at a time, sorted by name in any case, and only since updated_since", async () => {
      const listed = { teamId: uuid() };
      const names = ['vendas', 'Atendimento', 'Suporte técnico'];
      for (const [k, name] of names.entries()) {
        await inboxes.insert({ ...Inbox.create(uuid(), listed.teamId, { name, channel: 'sandbox' }, at(k + 1)).snapshot() });
      }
      await inboxes.insert(Inbox.create(uuid(), uuid(), { name: 'Outra equipe', channel: 'sandbox' }, at(1)).snapshot());
      const byName = await inboxes.list(listed, {}, { page: 1, limit: 2, sort: { field: 'name', descending: false } });
      expect(byName.total).to.equal(3);
      expect(byName.items.map((i) => i.name)).to.deep.equal(['Atendimento', 'Suporte técnico']);
      const second = await inboxes.list(listed, {}, { page: 2, limit: 2, sort: { field: 'name', descending: false } });
      expect(second.items.map((i) => i.name)).to.deep.equal(['vendas']);
      expect(second.items[0]).to.include({ channel: 'sandbox', isActive: true, updatedAt: at(1).toISOString() });
      const since = await inboxes.list(
        listed,
        { updatedSince: at(2).toISOString() },
        { page: 1, limit: 10, sort: { field: 'created_at', descending: true } },
      );
      expect(since.items.map((i) => i.name)).to.deep.equal(['Suporte técnico', 'Atendimento']);
    });

    if (backend !== 'memory') {
      it('reads credentials written in clear before they were sealed', async () => {
        const legacy = Inbox.create(
          uuid(),
          team.teamId,
          { name: 'Old', channel: 'cloud_api', phoneNumberId: `pn-${uuid()}`, accessToken: 'EAAG-old' },
          at(1),
        ).snapshot();
        const phoneNumberId = legacy.credentials.channel === 'cloud_api' ? legacy.credentials.phoneNumberId : '';
        await env()
          .container.get<KnexDatabase>(TOKENS.KnexDatabase)
          .db('whatsapp_inboxes')
          .insert({
            team_id: legacy.teamId,
            id: legacy.id,
            name: legacy.name,
            channel: legacy.channel,
            is_active: true,
            phone_number_id: phoneNumberId,
            credentials: JSON.stringify(legacy.credentials),
            created_at: legacy.createdAt,
            updated_at: legacy.updatedAt,
          });
        expect(await inboxes.findById(team, legacy.id)).to.deep.equal(legacy);
        expect(await inboxes.findByPhoneNumberId(phoneNumberId)).to.deep.equal(legacy);
      });
    }
  });

  describe('ConversationRepository', () => {
    it('keeps one conversation per inbox and contact and round-trips the window', async () => {
      const i = await inbox();
      const c = await contact('11987654321');
      const v = await conversation(i, c);
      expect(await conversations.findByInboxAndContact(team, i.id, c.id)).to.deep.equal(v);
      expect(await conversations.existsForContact(team, c.id)).to.equal(true);
      expect(await conversations.existsForContact(other, c.id)).to.equal(false);
      let error: unknown;
      try {
        await conversation(i, c);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Duplicate);

      const entity = Conversation.restore(v);
      entity.receiveInbound(at(100), at(101));
      await conversations.update(entity.snapshot());
      expect(await conversations.findById(team, v.id)).to.deep.equal(entity.snapshot());
      expect(await conversations.findById(other, v.id)).to.equal(null);
    });

    it('round-trips the ad the conversation came from', async () => {
      const v = Conversation.restore(await conversation(await inbox(), await contact('11987654321')));
      v.noteReferral(AD, at(9));
      await conversations.update(v.snapshot());
      expect(await conversations.findById(team, v.id)).to.deep.equal(v.snapshot());
      expect((await conversations.findById(team, v.id))?.source).to.deep.equal(AD);
    });

    it('lists by inbox, contact and updated_since, sorted and paginated with an exact total', async () => {
      const i1 = await inbox();
      const i2 = await inbox();
      const ana = await contact('11987650101');
      const bia = await contact('11987650102');
      const a = await conversation(i1, ana, 10);
      const b = await conversation(i1, bia, 11);
      const c = await conversation(i2, ana, 12);
      const touched = Conversation.restore(a);
      touched.receiveInbound(at(40), at(40));
      await conversations.update(touched.snapshot());
      const ids = async (filter: object, query = q()) => (await conversations.list(team, filter, query)).items.map((x) => x.id);

      expect(await ids({})).to.deep.equal([c.id, b.id, a.id]);
      expect(await ids({ inboxId: i1.id })).to.deep.equal([b.id, a.id]);
      expect(await ids({ contactId: ana.id })).to.deep.equal([c.id, a.id]);
      expect(await ids({ inboxId: i2.id, contactId: bia.id })).to.deep.equal([]);
      expect(await ids({ updatedSince: at(12).toISOString() })).to.deep.equal([c.id, a.id]);
      expect(await ids({ updatedSince: at(13).toISOString() })).to.deep.equal([a.id]);
      expect(await ids({}, q({ sort: { field: 'updated_at', descending: true } }))).to.deep.equal([a.id, c.id, b.id]);
      // never written: nulls last in both directions
      expect(await ids({}, q({ sort: { field: 'last_inbound_at', descending: false } }))).to.deep.equal([a.id, b.id, c.id]);
      expect(await ids({}, q({ sort: { field: 'last_inbound_at', descending: true } }))).to.deep.equal([a.id, c.id, b.id]);
      const page = await conversations.list(team, {}, q({ page: 2, limit: 2 }));
      expect(page.total).to.equal(3);
      expect(page.items.map((x) => x.id)).to.deep.equal([a.id]);
      expect((await conversations.list(other, {}, q())).total).to.equal(0);
    });
  });

  describe('MessageRepository', () => {
    it('round-trips an inbound message of any type with everything it carries', async () => {
      const i = await inbox();
      const v = Conversation.restore(await conversation(i, await contact('11987654321')));
      const content: InboundContent = {
        type: 'interactive',
        text: 'Sim, confirmo (confirm-yes)',
        media: null,
        context: { id: 'wamid.OUT1', from: '15550783881' },
        referral: AD,
        error: null,
        raw: {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'confirm-yes', title: 'Sim, confirmo' } },
          emoji: '👍',
        },
      };
      const m = Message.inbound(uuid(), team.teamId, v, content, 'wamid.int', at(5), at(6));
      await messages.insert(m.snapshot());
      expect(await messages.findById(team, m.id)).to.deep.equal(m.snapshot());

      const doc: InboundContent = {
        type: 'document',
        text: '[document] contrato.pdf',
        context: null,
        referral: null,
        raw: { type: 'document' },
        media: {
          id: '1003383421387256',
          mimeType: 'application/pdf',
          sha256: 'pHv1Tl/Ej1a1fHLJ0tbpbqXY0cRh1mbzeAbcqmaGcXs=',
          filename: 'contrato.pdf',
          url: 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1003383421387256',
        },
        error: { code: '131051', title: 'Message type unknown', detail: null },
      };
      const d = Message.inbound(uuid(), team.teamId, v, doc, 'wamid.doc', at(7), at(7));
      await messages.insert(d.snapshot());
      expect(await messages.findByProviderMessageId(team, i.id, 'wamid.doc')).to.deep.equal(d.snapshot());
    });

    it("lists the messages of one conversation newest first, paginated, and only the team's", async () => {
      const i = await inbox();
      const v = Conversation.restore(await conversation(i, await contact('11987654321')));
      const w = Conversation.restore(await conversation(i, await contact('11987654322')));
      const first = Message.inbound(uuid(), team.teamId, v, inboundText('1'), 'wamid.l1', at(10), at(10)).snapshot();
      const second = Message.outbound(uuid(), team.teamId, v, '2', at(11)).snapshot();
      const third = Message.inbound(uuid(), team.teamId, v, inboundText('3'), 'wamid.l3', at(12), at(12)).snapshot();
      for (const m of [third, first, second]) await messages.insert(m);
      await messages.insert(Message.inbound(uuid(), team.teamId, w, inboundText('elsewhere'), 'wamid.l4', at(13), at(13)).snapshot());

      const newest = await messages.listByConversation(team, v.id, {}, q({ limit: 2 }));
      expect(newest.total).to.equal(3);
      expect(newest.items).to.deep.equal([third, second]);
      const oldest = await messages.listByConversation(
        team,
        v.id,
        {},
        q({ sort: { field: 'created_at', descending: false }, page: 2, limit: 2 }),
      );
      expect(oldest.items.map((m) => m.content)).to.deep.equal(['3']);
      expect((await messages.listByConversation(other, v.id, {}, q())).total).to.equal(0);
    });

    it('round-trips a message, settles it, and finds it by provider id in its inbox', async () => {
      const i = await inbox();
      const v = Conversation.restore(await conversation(i, await contact('11987654321')));
      const m = Message.outbound(uuid(), team.teamId, v, 'Olá', at(5));
      await messages.insert(m.snapshot());
      expect(await messages.findById(team, m.id)).to.deep.equal(m.snapshot());
      m.accept('wamid.X1', at(6));
      await messages.update(m.snapshot());
      expect(await messages.findByProviderMessageId(team, i.id, 'wamid.X1')).to.deep.equal(m.snapshot());
      expect(await messages.findByProviderMessageId(other, i.id, 'wamid.X1')).to.equal(null);
      m.applyDeliveryStatus('failed', { code: '131026', title: 'Undeliverable', detail: null }, at(7));
      await messages.update(m.snapshot());
      const settled = await messages.findById(team, m.id);
      expect(settled).to.deep.equal(m.snapshot());
      expect(settled?.statusTimes).to.deep.equal({
        sentAt: at(6).toISOString(),
        deliveredAt: null,
        readAt: null,
        failedAt: at(7).toISOString(),
      });
    });

    it('round-trips what an outbound template or media message was sent with', async () => {
      const i = await inbox();
      const v = Conversation.restore(await conversation(i, await contact('11987654321')));
      const sent = Message.outbound(uuid(), team.teamId, v, 'Olá', at(5)).snapshot();
      const template = {
        name: 'boas_vindas',
        language: 'pt_BR',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'João Araújo' }] }],
      };
      const media = {
        id: null,
        mimeType: 'application/pdf',
        sha256: null,
        filename: 'Proposta Março.pdf',
        url: 'https://cdn.example.com/p.pdf?x=1&y=2',
      };
      for (const data of [
        { ...sent, id: uuid(), type: 'template', template },
        { ...sent, id: uuid(), type: 'document', media },
      ]) {
        await messages.insert(data);
        expect(await messages.findById(team, data.id)).to.deep.equal(data);
      }
    });

    it('records a provider message id once per inbox', async () => {
      const i = await inbox();
      const v = Conversation.restore(await conversation(i, await contact('11987654321')));
      await messages.insert(Message.inbound(uuid(), team.teamId, v, inboundText('oi'), 'wamid.in', at(5), at(5)).snapshot());
      let error: unknown;
      try {
        await messages.insert(Message.inbound(uuid(), team.teamId, v, inboundText('oi'), 'wamid.in', at(5), at(5)).snapshot());
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Duplicate);
      // pending messages have no provider id yet, and there may be many
      await messages.insert(Message.outbound(uuid(), team.teamId, v, 'a', at(6)).snapshot());
      await messages.insert(Message.outbound(uuid(), team.teamId, v, 'b', at(6)).snapshot());
    });
  });
});
