// SQLite serves a search of three characters or more from an FTS5 trigram index beside each searched table:
// the plan narrows to the rows the index finds and reaches them by rowid, never scanning the team's rows,
// and the index follows every write of the base rows, plain SQL ones included (the benchmark seed's).
import { expect } from 'chai';
import { Knex } from 'knex';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';
import { CLIENT_TOKENS } from '../../../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../../../bootstrap/contexts/deals';
import { PROJECT_TOKENS } from '../../../../../bootstrap/contexts/projects';
import { TASK_TOKENS } from '../../../../../bootstrap/contexts/tasks';
import { WHATSAPP_TOKENS } from '../../../../../bootstrap/contexts/whatsapp';
import { TOKENS } from '../../../../../bootstrap/tokens';
import { UnitOfWork } from '../../../../../application/shared/unit-of-work';
import { ClientRepository } from '../../../../../domain/clients/client-repository';
import { DealRepository } from '../../../../../domain/deals/deal-repository';
import { ContactIdentityRepository } from '../../../../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../../../../domain/projects/lead-repository';
import { ListQuery } from '../../../../../domain/shared/list';
import { PhoneNumber } from '../../../../../domain/shared/phone-number';
import { searchTextOf } from '../../../../../domain/shared/search-text';
import { TaskRepository } from '../../../../../domain/tasks/task-repository';
import { Contact } from '../../../../../domain/whatsapp/contact';
import { ContactRepository } from '../../../../../domain/whatsapp/contact-repository';
import { startRuntime } from '../../../../support/backends';
import { referencedRows } from '../../../../support/referenced-rows';
import { ClientMother } from '../../../../support/mothers';
import { DealRecordMother } from '../../../../contract/deals/deal-mother';
import { IdentityMother, LeadMother } from '../../../../contract/projects/mothers';
import { TaskMother } from '../../../../contract/tasks/task-mother';

const TEAM = { teamId: '0190d100-0000-7000-8000-000000000001' };
const PROJECT = '0190d100-0000-7000-8000-000000000002';
const q = (search: string): ListQuery<any> => ({ page: 1, limit: 20, sort: { field: 'created_at', descending: true }, search });

describe('SQLite search index (FTS5 trigram)', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let knex: Knex;

  before(async () => {
    runtime = await startRuntime('sqlite');
    knex = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;
    // Enough rows of the team that a scan would be a real choice for the planner.
    const deals = runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
    for (let i = 0; i < 200; i++) await deals.insert(DealRecordMother.global({ teamId: TEAM.teamId, title: `Implantação ${i}` }));
  });
  after(async () => runtime.dispose());

  /** The statements a call sends, each with its query plan. */
  async function plansOf(call: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
    const sent: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
    const listen = (data: { sql: string; bindings?: Knex.RawBinding[] }) => {
      sent.push({ sql: data.sql, bindings: data.bindings ?? [] });
    };
    knex.on('query', listen);
    try {
      await call();
    } finally {
      knex.off('query', listen);
    }
    const searches = sent.filter((s) => s.sql.includes('search_text'));
    expect(searches, 'the call searches').to.not.be.empty;
    return Promise.all(
      searches.map(async ({ sql, bindings }) => {
        const rows: { detail: string }[] = await knex.raw(`explain query plan ${sql}`, bindings);
        return { sql, plan: rows.map((r) => r.detail).join('\n') };
      }),
    );
  }

  const LISTS: Record<string, { ref: string; list: (search: string) => Promise<unknown> }> = {
    deals: {
      ref: 'd',
      list: (s) => runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository).list(TEAM, { scope: 'global' }, q(s)),
    },
    clients: {
      ref: 'clients',
      list: (s) => runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository).list(TEAM, { status: 'active' }, q(s)),
    },
    'project leads': {
      ref: 'l',
      list: (s) => runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository).list(TEAM, PROJECT, {}, q(s)),
    },
    tasks: { ref: 'tasks', list: (s) => runtime.container.get<TaskRepository>(TASK_TOKENS.TaskRepository).listActive(TEAM, {}, q(s)) },
    'WhatsApp contacts': {
      ref: 'whatsapp_contacts',
      list: (s) => runtime.container.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository).list(TEAM, {}, q(s)),
    },
  };

  for (const [name, { ref, list }] of Object.entries(LISTS)) {
    it(`narrows a search of ${name} of three characters or more through the FTS index and reads the rows by rowid`, async () => {
      // A CPF or phone typed with punctuation brings the key form too: both go through the index.
      for (const search of ['Implantação', '529.982', '(11) 98765', '" OR NOT "']) {
        // Every deal here holds `Implantação`: its page walks the sort order instead (below); its total does not.
        const plans = (await plansOf(() => list(search))).filter(({ sql }) => name !== 'deals' || sql.includes('count('));
        for (const { sql, plan } of plans) {
          expect(plan, `${sql}\n${plan}`).to.include('VIRTUAL TABLE INDEX');
          expect(plan, `${sql}\n${plan}`).to.match(new RegExp(`SEARCH ${ref} USING INTEGER PRIMARY KEY \\(rowid=\\?\\)`));
          expect(plan, `${sql}\n${plan}`).to.not.match(new RegExp(`SCAN ${ref}\\b`));
        }
      }
    });

    it(`keeps the plain scan of ${name} for a query of one or two characters, which no trigram holds`, async () => {
      for (const search of ['im', 'ã', '🎉']) {
        for (const { sql, plan } of await plansOf(() => list(search))) expect(plan, `${sql}\n${plan}`).to.not.include('VIRTUAL TABLE');
      }
    });
  }

  describe('a page of deals', () => {
    const page = (search: string, n: number) => ({ ...q(search), page: n, limit: 20 });
    const deals = () => runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
    const pagePlan = async (search: string, n: number) =>
      (await plansOf(() => deals().list(TEAM, { scope: 'global' }, page(search, n)))).find(({ sql }) => !sql.includes('count('))!.plan;

    it("of a word most deals hold walks the sort order's index, and of a rare word or a deep page goes through the search index", async () => {
      await deals().insert(DealRecordMother.global({ teamId: TEAM.teamId, title: 'Raríssimo' }));
      // 200 of ~200 deals hold it: 20 entries of the sort order give the first page.
      expect(await pagePlan('implantacao', 1))
        .to.include('USING INDEX deals_team_scope_created_id')
        .and.not.include('VIRTUAL TABLE');
      expect(await pagePlan('rarissimo', 1)).to.include('VIRTUAL TABLE INDEX');
    });

    it('is the same page whichever way it is read', async () => {
      const all = (await knex('deals')
        .where({ team_id: TEAM.teamId, scope: 'global' })
        .andWhere('search_text', 'like', '%implantacao%')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .pluck('id')) as string[];
      for (const n of [1, 2, 10]) {
        const got = await deals().list(TEAM, { scope: 'global' }, page('Implantação', n));
        expect(got.total).to.equal(all.length);
        expect(
          got.items.map((v) => v.deal.id),
          `page ${n}`,
        ).to.deep.equal(all.slice((n - 1) * 20, n * 20));
      }
    });
  });

  describe('kept in step with the base rows', () => {
    // Read in a unit of work: the rows written around the repository below leave the version of the team's
    // deals as it was, and a page read outside one would be the one remembered from before them.
    const titles = async (search: string) =>
      (
        await runtime.container
          .get<UnitOfWork>(TOKENS.UnitOfWork)
          .run(() => runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository).list(TEAM, { scope: 'global' }, q(search)))
      ).items
        .map((v) => v.deal.title)
        .sort();
    /** What the index alone finds, without the exact match that judges it. */
    const indexed = async (table: string, phrase: string) =>
      (await knex.raw(`select count(*) as n from ${table}_search_fts where ${table}_search_fts match ?`, [`"${phrase}"`]))[0].n as number;
    /** FTS5 compares its index with the content table, and fails on any difference. */
    const integrity = (table: string) =>
      knex.raw(`insert into ${table}_search_fts(${table}_search_fts, rank) values ('integrity-check', 1)`);

    it('indexes rows written by a repository and by plain SQL, and forgets updated text and deleted rows', async () => {
      const deals = runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
      const deal = DealRecordMother.global({ teamId: TEAM.teamId, title: 'Água de Coco Gelada' });
      await deals.insert(deal);
      expect(await titles('agua de coco')).to.deep.equal(['Água de Coco Gelada']);

      await deals.update({ ...deal, title: 'João da Conceição' });
      expect(await titles('agua de coco')).to.deep.equal([]);
      expect(await indexed('deals', 'agua de coco')).to.equal(0);
      expect(await titles('JOAO DA')).to.deep.equal(['João da Conceição']);

      // As the benchmark seed writes: a plain insert that no repository sees.
      const seeded = DealRecordMother.global({ teamId: TEAM.teamId, title: 'Ânderson Seed' });
      await knex('deals').insert({
        team_id: seeded.teamId,
        id: seeded.id,
        scope: 'global',
        title: seeded.title,
        currency: 'BRL',
        phase: 'lead',
        priority: 'media',
        status: 'ativo',
        tags: '[]',
        created_at: seeded.createdAt,
        updated_at: seeded.updatedAt,
        search_text: searchTextOf([seeded.title]),
      });
      expect(await titles('anderson')).to.deep.equal(['Ânderson Seed']);
      await knex('deals')
        .where({ team_id: TEAM.teamId, id: seeded.id })
        .update({ search_text: searchTextOf(['Renomeado']) });
      expect(await titles('anderson')).to.deep.equal([]);
      expect(await titles('renomeado')).to.deep.equal(['Ânderson Seed']);

      await knex('deals').where({ team_id: TEAM.teamId }).whereIn('id', [deal.id, seeded.id]).delete();
      expect(await indexed('deals', 'joao da')).to.equal(0);
      expect(await indexed('deals', 'renomeado')).to.equal(0);
      expect(await titles('joao da')).to.deep.equal([]);
      await integrity('deals');
    });

    it('keeps the index of every searched table equal to its rows through inserts, updates and deletes', async () => {
      const clients = runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
      const client = ClientMother.create({ teamId: TEAM.teamId, name: "Maria D'Ávila", cpf: '52998224725' });
      await clients.insert(client);
      await clients.update({ ...client, name: 'Maria Souza' });

      const identity = IdentityMother.create({ teamId: TEAM.teamId });
      await runtime.container.get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository).insert(identity);
      const leads = referencedRows(runtime).leads(runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
      const lead = LeadMother.create({ teamId: TEAM.teamId, projectId: PROJECT, contactIdentityId: identity.id, fullName: 'Cão Bravo' });
      await leads.insert(lead);
      await leads.update({ ...lead, fullName: 'Gato Manso', phone: '+5511987654321', phoneKey: '5511987654321' });

      const tasks = referencedRows(runtime).tasks(runtime.container.get<TaskRepository>(TASK_TOKENS.TaskRepository));
      const task = TaskMother.create({ teamId: TEAM.teamId, title: 'Ligar para o cliente' });
      await tasks.insert(task);
      await tasks.update({ ...task, title: 'Enviar proposta' });

      const contacts = runtime.container.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository);
      const contact = Contact.create(
        '0190d100-0000-7000-8000-000000000003',
        TEAM.teamId,
        PhoneNumber.parse('5511912345678'),
        { customName: 'Zé do Caixa' },
        new Date(),
      ).snapshot();
      await contacts.insert(contact);
      expect(await indexed('whatsapp_contacts', 'ze do caixa')).to.equal(1);
      await contacts.delete(TEAM, contact.id);

      await knex('clients').where({ team_id: TEAM.teamId, id: client.id }).delete();
      await knex('tasks').where({ team_id: TEAM.teamId, id: task.id }).delete();
      for (const table of ['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts']) await integrity(table);
      expect(await indexed('clients', 'souza')).to.equal(0);
      expect(await indexed('tasks', 'proposta')).to.equal(0);
      expect(await indexed('whatsapp_contacts', 'ze do caixa')).to.equal(0);
      expect(await indexed('project_leads', 'cao bravo')).to.equal(0);
      expect(await indexed('project_leads', 'gato manso')).to.equal(1);
      expect(await indexed('project_leads', '5511987654321')).to.equal(1);
    });
  });
});
