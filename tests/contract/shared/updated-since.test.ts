import { expect } from 'chai';
import { ACTIVITY_TOKENS } from '../../../bootstrap/contexts/activities';
import { CAMPAIGN_TOKENS } from '../../../bootstrap/contexts/campaigns';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { TASK_TOKENS } from '../../../bootstrap/contexts/tasks';
import { WEBHOOK_TOKENS } from '../../../bootstrap/contexts/webhooks';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { Runtime } from '../../../bootstrap/container';
import { ActivityRepository } from '../../../domain/activities/activity-repository';
import { CampaignRepository } from '../../../domain/campaigns/campaign-repository';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { EventDeliveryRepository } from '../../../domain/events/event-delivery-repository';
import { EventSubscriptionRepository } from '../../../domain/events/event-subscription-repository';
import { ContactIdentityRepository } from '../../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { StageRepository } from '../../../domain/projects/stage-repository';
import { ListQuery, Page } from '../../../domain/shared/list';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { TaskRepository } from '../../../domain/tasks/task-repository';
import { WebhookEndpointRepository } from '../../../domain/webhooks/webhook-endpoint-repository';
import { Contact } from '../../../domain/whatsapp/contact';
import { ContactRepository } from '../../../domain/whatsapp/contact-repository';
import { Conversation } from '../../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../../domain/whatsapp/conversation-repository';
import { Inbox } from '../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../domain/whatsapp/inbox-repository';
import { Message } from '../../../domain/whatsapp/message';
import { MessageRepository } from '../../../domain/whatsapp/message-repository';
import { BackendName, forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';
import { referencedRows } from '../../support/referenced-rows';
import { ActivityMother } from '../activities/activity-mother';
import { CampaignMother } from '../campaigns/campaign-mother';
import { DealRecordMother } from '../deals/deal-mother';
import { IdentityMother, LeadMother, ProjectMother, StageMother } from '../projects/mothers';
import { TaskMother } from '../tasks/task-mother';

// `updated_since` on every list, through its repository, on every backend: only the records whose
// `updated_at` is at or after the instant (>=, to the millisecond), with a total that counts them alone
// (the lists whose total is kept count their rows instead), combined with another filter and the search.

let seq = 0;
const id = () => `0190e000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;

/** The moment of the filter, and instants around it, as the domain writes them (`Date.toISOString`). */
const T = '2026-06-01T12:00:00.000Z';
const BEFORE = '2026-06-01T11:59:59.999Z';
const AFTER = '2026-06-01T12:00:00.001Z';
const CREATED = '2026-05-01T08:00:00.000Z';
/** The word a marked record's searched text holds, and no other. */
const WORD = 'Girassol';

/** What the test asks of a list beyond `updated_since`. */
interface Options {
  /** The list's other filter, set to what a marked record holds. */
  marked?: boolean;
  search?: string;
  limit?: number;
}

interface Subject {
  /** A record changed at `updatedAt`; a marked one holds the other filter's value and `WORD`. Its id. */
  insert(updatedAt: string, marked: boolean): Promise<string>;
  list(updatedSince: string | undefined, options: Options): Promise<{ ids: string[]; total: number }>;
}

interface ListCase {
  /** The list has another filter (`marked`) and a search. */
  filter: boolean;
  search: boolean;
  make(runtime: Runtime, teamId: string): Promise<Subject>;
}

const query = (o: Options): ListQuery<any> => ({
  page: 1,
  limit: o.limit ?? 20,
  sort: { field: 'created_at', descending: true },
  ...(o.search !== undefined ? { search: o.search } : {}),
});

const idsOf = <T>(page: Page<T>, idOf: (item: T) => string) => ({ ids: page.items.map(idOf), total: page.total });
const since = (s: string | undefined) => (s === undefined ? {} : { updatedSince: s });
const named = (marked: boolean, n: number) => (marked ? `${WORD} ${n}` : `Record ${n}`);

const CASES: Record<string, ListCase> = {
  'deals (global scope)': {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = referencedRows(runtime).deals(runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository));
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const d = DealRecordMother.global({
            teamId,
            title: named(marked, seq),
            status: marked ? 'ganho' : 'ativo',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(d);
          return d.id;
        },
        async list(s, o) {
          const filter = { scope: 'global' as const, ...(o.marked ? { status: 'ganho' } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (v) => v.deal.id);
        },
      };
    },
  },
  'deals (project scope)': {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = referencedRows(runtime).deals(runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository));
      const team = { teamId };
      const [projectId, pipelineId] = [id(), id()];
      return {
        async insert(updatedAt, marked) {
          const d = DealRecordMother.global({
            teamId,
            scope: 'project',
            projectId,
            pipelineId,
            title: named(marked, seq),
            status: marked ? 'ganho' : 'ativo',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(d);
          return d.id;
        },
        async list(s, o) {
          const filter = { scope: 'project' as const, projectId, ...(o.marked ? { status: 'ganho' } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (v) => v.deal.id);
        },
      };
    },
  },
  clients: {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const c = ClientMother.create({
            id: id(),
            teamId,
            name: named(marked, seq),
            type: marked ? 'PJ' : 'PF',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(c);
          return c.id;
        },
        async list(s, o) {
          const filter = { status: 'active' as const, ...(o.marked ? { type: 'PJ' as const } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (c) => c.id);
        },
      };
    },
  },
  'project leads': {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const identity = IdentityMother.create({ teamId });
      await runtime.container.get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository).insert(identity);
      const repo = referencedRows(runtime).leads(runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
      const team = { teamId };
      const projectId = id();
      return {
        async insert(updatedAt, marked) {
          const l = LeadMother.create({
            teamId,
            projectId,
            contactIdentityId: identity.id,
            fullName: named(marked, seq),
            isActive: !marked,
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(l);
          return l.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { isActive: false } : {}), ...since(s) };
          return idsOf(await repo.list(team, projectId, filter, query(o)), (l) => l.id);
        },
      };
    },
  },
  tasks: {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = referencedRows(runtime).tasks(runtime.container.get<TaskRepository>(TASK_TOKENS.TaskRepository));
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const t = TaskMother.create({
            teamId,
            title: named(marked, seq),
            priority: marked ? 'high' : 'low',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(t);
          return t.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { priority: 'high' as const } : {}), ...since(s) };
          return idsOf(await repo.listActive(team, filter, query(o)), (t) => t.id);
        },
      };
    },
  },
  projects: {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      // A project is listed with its stage, on every backend.
      const stage = StageMother.create({ teamId, id: id(), slug: `s${seq}` });
      await runtime.container.get<StageRepository>(PROJECT_TOKENS.StageRepository).insert(stage);
      const repo = referencedRows(runtime).projects(runtime.container.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository));
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const p = ProjectMother.create({
            id: id(),
            teamId,
            stageId: stage.id,
            name: named(marked, seq),
            slug: `p-${seq}`,
            priority: marked ? 'high' : 'low',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(p);
          return p.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { priority: 'high' as const } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (v) => v.id);
        },
      };
    },
  },
  campaigns: {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = referencedRows(runtime).campaigns(runtime.container.get<CampaignRepository>(CAMPAIGN_TOKENS.CampaignRepository));
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const c = CampaignMother.create({
            teamId,
            name: named(marked, seq),
            status: marked ? 'active' : 'draft',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(c);
          return c.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { status: 'active' } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (v) => v.campaign.id);
        },
      };
    },
  },
  activities: {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = referencedRows(runtime).activities(runtime.container.get<ActivityRepository>(ACTIVITY_TOKENS.ActivityRepository));
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const a = ActivityMother.create({
            teamId,
            title: named(marked, seq),
            type: marked ? 'call' : 'task',
            createdAt: CREATED,
            updatedAt,
          });
          await repo.insert(a);
          return a.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { type: 'call' as const } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (a) => a.id);
        },
      };
    },
  },
  'WhatsApp contacts': {
    filter: true,
    search: true,
    async make(runtime, teamId) {
      const repo = runtime.container.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository);
      const team = { teamId };
      let n = 0;
      return {
        async insert(updatedAt, marked) {
          const phone = PhoneNumber.parse(`55119${String(87650000 + ++n)}`);
          const created = Contact.create(
            id(),
            teamId,
            phone,
            { customName: named(marked, n), tags: marked ? ['vip'] : [] },
            new Date(CREATED),
          );
          const c = { ...created.snapshot(), updatedAt };
          await repo.insert(c);
          return c.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { tag: 'vip' } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (c) => c.id);
        },
      };
    },
  },
  'WhatsApp conversations': {
    filter: true,
    search: false,
    async make(runtime, teamId) {
      const c = runtime.container;
      const inboxes = c.get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository);
      const contacts = c.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository);
      const repo = c.get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository);
      const [plain, marked] = [id(), id()].map((i) =>
        Inbox.create(i, teamId, { name: 'Inbox', channel: 'sandbox' }, new Date(CREATED)).snapshot(),
      );
      for (const i of [plain, marked]) await inboxes.insert(i);
      const team = { teamId };
      let n = 0;
      return {
        async insert(updatedAt, isMarked) {
          const phone = PhoneNumber.parse(`55119${String(87660000 + ++n)}`);
          const contact = Contact.create(id(), teamId, phone, {}, new Date(CREATED)).snapshot();
          await contacts.insert(contact);
          const v = { ...Conversation.open(id(), teamId, isMarked ? marked : plain, contact.id, new Date(CREATED)).snapshot(), updatedAt };
          await repo.insert(v);
          return v.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { inboxId: marked.id } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (v) => v.id);
        },
      };
    },
  },
  'WhatsApp conversation messages': {
    filter: false,
    search: false,
    async make(runtime, teamId) {
      const c = runtime.container;
      const inbox = Inbox.create(id(), teamId, { name: 'Inbox', channel: 'sandbox' }, new Date(CREATED)).snapshot();
      await c.get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository).insert(inbox);
      const contact = Contact.create(id(), teamId, PhoneNumber.parse('5511987670000'), {}, new Date(CREATED)).snapshot();
      await c.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository).insert(contact);
      const conversation = Conversation.open(id(), teamId, inbox, contact.id, new Date(CREATED));
      await c.get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository).insert(conversation.snapshot());
      const repo = c.get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository);
      const team = { teamId };
      return {
        async insert(updatedAt) {
          const m = { ...Message.outbound(id(), teamId, conversation.snapshot(), 'Olá', new Date(CREATED)).snapshot(), updatedAt };
          await repo.insert(m);
          return m.id;
        },
        async list(s, o) {
          return idsOf(await repo.listByConversation(team, conversation.snapshot().id, since(s), query(o)), (m) => m.id);
        },
      };
    },
  },
  'webhook endpoints': {
    filter: true,
    search: false,
    async make(runtime, teamId) {
      const repo = referencedRows(runtime).webhookEndpoints(
        runtime.container.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository),
      );
      const team = { teamId };
      return {
        async insert(updatedAt, marked) {
          const n = ++seq;
          const e = {
            id: id(),
            teamId,
            endpointId: `wh_since_${n}_${Math.random().toString(36).slice(2)}`,
            name: named(marked, n),
            slug: `since-${n}`,
            isActive: !marked,
            actionType: 'create_deal' as const,
            actionConfig: { projectId: id(), pipelineId: id(), columnSlug: 'novo' },
            fieldMapping: {},
            authMode: 'secret' as const,
            secretHash: 'a'.repeat(64),
            signingSecret: null,
            idempotencyPath: null,
            verifyTokenHash: null,
            createdAt: CREATED,
            updatedAt,
          };
          await repo.insert(e);
          return e.id;
        },
        async list(s, o) {
          const filter = { ...(o.marked ? { isActive: false } : {}), ...since(s) };
          return idsOf(await repo.list(team, filter, query(o)), (e) => e.id);
        },
      };
    },
  },
  'event subscriptions': {
    filter: false,
    search: false,
    async make(runtime, teamId) {
      const repo = runtime.container.get<EventSubscriptionRepository>(EVENT_TOKENS.EventSubscriptionRepository);
      const team = { teamId };
      return {
        async insert(updatedAt) {
          const s = {
            id: id(),
            teamId,
            url: `https://hooks.example.com/${seq}`,
            events: ['deal.*'],
            description: null,
            isActive: true,
            secretSealed: 'sealed:current',
            previousSecretSealed: null,
            previousSecretExpiresAt: null,
            disabledReason: null,
            disabledAt: null,
            failingSince: null,
            createdAt: CREATED,
            updatedAt,
          };
          await repo.insert(s);
          return s.id;
        },
        async list(s, o) {
          return idsOf(await repo.list(team, since(s), query(o)), (x) => x.id);
        },
      };
    },
  },
  'event deliveries': {
    filter: true,
    search: false,
    async make(runtime, teamId) {
      const repo = runtime.container.get<EventDeliveryRepository>(EVENT_TOKENS.EventDeliveryRepository);
      const team = { teamId };
      const subscriptionId = id();
      return {
        async insert(updatedAt, marked) {
          const d = {
            id: id(),
            teamId,
            subscriptionId,
            eventId: id(),
            eventType: 'deal.created',
            status: marked ? ('failed' as const) : ('succeeded' as const),
            attempts: 1,
            nextAttemptAt: null,
            lastAttemptAt: CREATED,
            lastStatusCode: marked ? 500 : 200,
            lastError: null,
            createdAt: CREATED,
            updatedAt,
          };
          await repo.addMissing([d]);
          return d.id;
        },
        async list(s, o) {
          const page = await repo.list(team, subscriptionId, {
            ...(o.marked ? { status: 'failed' as const } : {}),
            ...since(s),
            page: 1,
            limit: o.limit ?? 20,
          });
          return idsOf(page, (v) => v.delivery.id);
        },
      };
    },
  },
};

const sorted = (ids: string[]) => [...ids].sort();

forEachBackend('updated_since on every list', (env, backend: BackendName) => {
  for (const [name, list] of Object.entries(CASES)) {
    describe(name, () => {
      let subject: Subject;
      let r: { old: string; oldMarked: string; atT: string; afterMarked: string };
      beforeEach(async () => {
        subject = await list.make(env(), id());
        r = {
          old: await subject.insert(BEFORE, false),
          oldMarked: await subject.insert(BEFORE, true),
          atT: await subject.insert(T, false),
          afterMarked: await subject.insert(AFTER, true),
        };
      });

      it(`lists exactly the records changed at or after the instant, with their total [${backend}]`, async () => {
        const all = await subject.list(undefined, {});
        expect(sorted(all.ids)).to.deep.equal(sorted(Object.values(r)));
        expect(all.total).to.equal(4);
        const changed = await subject.list(T, {});
        expect(sorted(changed.ids)).to.deep.equal(sorted([r.atT, r.afterMarked]));
        expect(changed.total).to.equal(2);
        // One page of one: the total is still of every match, not of the page.
        const first = await subject.list(T, { limit: 1 });
        expect(first.ids).to.have.length(1);
        expect(first.total).to.equal(2);
        expect(await subject.list('2026-06-02T00:00:00.000Z', {})).to.deep.equal({ ids: [], total: 0 });
      });

      it(`keeps a record changed at the very instant (>=), and not one a millisecond earlier [${backend}]`, async () => {
        expect(await subject.list(AFTER, {})).to.deep.equal({ ids: [r.afterMarked], total: 1 });
        const atBoundary = await subject.list(T, {});
        expect(atBoundary.ids).to.include(r.atT);
        expect(atBoundary.ids).to.not.include(r.old);
        expect((await subject.list(BEFORE, {})).total).to.equal(4);
      });

      if (list.filter) {
        it(`combines with the list's other filter [${backend}]`, async () => {
          expect(sorted((await subject.list(undefined, { marked: true })).ids)).to.deep.equal(sorted([r.oldMarked, r.afterMarked]));
          expect(await subject.list(T, { marked: true })).to.deep.equal({ ids: [r.afterMarked], total: 1 });
        });
      }

      if (list.search) {
        it(`combines with the search [${backend}]`, async () => {
          expect((await subject.list(undefined, { search: WORD })).total).to.equal(2);
          expect(await subject.list(T, { search: WORD })).to.deep.equal({ ids: [r.afterMarked], total: 1 });
          expect(await subject.list(T, { search: WORD, marked: true })).to.deep.equal({ ids: [r.afterMarked], total: 1 });
        });
      }
    });
  }
});
