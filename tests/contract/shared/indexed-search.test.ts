import { expect } from 'chai';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { TASK_TOKENS } from '../../../bootstrap/contexts/tasks';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { ContactIdentityRepository } from '../../../domain/projects/contact-identity-repository';
import { LeadData } from '../../../domain/projects/lead';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { ListQuery } from '../../../domain/shared/list';
import { TaskRepository } from '../../../domain/tasks/task-repository';
import { Contact } from '../../../domain/whatsapp/contact';
import { ContactRepository } from '../../../domain/whatsapp/contact-repository';
import { Runtime } from '../../../bootstrap/container';
import { BackendName, forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { ClientMother } from '../../support/mothers';
import { Folded, expectedMatches } from '../../support/search-cases';
import { DealRecordMother } from '../deals/deal-mother';
import { IdentityMother, LeadMother } from '../projects/mothers';
import { TaskMother } from '../tasks/task-mother';

// docs/api.md "Search" on the lists an index serves (SQLite FTS5 trigram, PostgreSQL pg_trgm). The index may only
// narrow the rows the exact match then judges, so every backend finds what the folding rule says, for every
// text a user may type: FTS query syntax, LIKE wildcards, quotes, emoji, and queries too short for a
// trigram. Expected names come from the hand-folded forms below, never from the implementation.

const NAMES: Folded[] = [
  { text: 'João da Conceição', folded: 'joao da conceicao' },
  { text: 'ÁGUA DE COCO', folded: 'agua de coco' },
  { text: 'Ânderson Araújo', folded: 'anderson araujo' },
  { text: 'Maria D\'Ávila "Mari"', folded: 'maria d\'avila "mari"' },
  { text: 'Pão & Café ☕🎉', folded: 'pao & cafe ☕🎉' },
  { text: '50% OFF_NATAL', folded: '50% off_natal' },
  { text: 'C:\\Pasta\\Arquivo', folded: 'c:\\pasta\\arquivo' },
  { text: 'NOT OR NEAR AND', folded: 'not or near and' },
  { text: 'NEAR(a b) col:val ^Início* -x +y', folded: 'near(a b) col:val ^inicio* -x +y' },
  { text: 'Ação "OU" NÃO', folded: 'acao "ou" nao' },
  { text: 'Cão', folded: 'cao' },
  { text: 'Zé', folded: 'ze' },
];

const QUERIES: Folded[] = [
  // One and two characters: too short for a trigram.
  { text: 'o', folded: 'o' },
  { text: 'Ã', folded: 'a' },
  { text: '%', folded: '%' },
  { text: '_', folded: '_' },
  { text: '\\', folded: '\\' },
  { text: '"', folded: '"' },
  { text: '*', folded: '*' },
  { text: ':', folded: ':' },
  { text: '☕', folded: '☕' },
  { text: '🎉', folded: '🎉' },
  { text: 'ÃO', folded: 'ao' },
  { text: 'zé', folded: 'ze' },
  { text: '%o', folded: '%o' },
  { text: '_N', folded: '_n' },
  { text: '\\p', folded: '\\p' },
  { text: '""', folded: '""' },
  { text: '☕🎉', folded: '☕🎉' },
  { text: 'OR', folded: 'or' },
  { text: '^I', folded: '^i' },
  // Three characters and more.
  { text: 'JOÃO', folded: 'joao' },
  { text: 'conceição', folded: 'conceicao' },
  { text: 'DA\tCONCEIÇÃO', folded: 'da conceicao' },
  { text: 'João Conceição', folded: 'joao conceicao' },
  { text: 'ágUA de', folded: 'agua de' },
  { text: 'ÁGUA DE COCO', folded: 'agua de coco' },
  { text: 'ânder', folded: 'ander' },
  { text: 'ARAUJO', folded: 'araujo' },
  { text: "d'ávila", folded: "d'avila" },
  { text: '"mari"', folded: '"mari"' },
  { text: 'mari"', folded: 'mari"' },
  { text: '"OU"', folded: '"ou"' },
  { text: '" OR "', folded: '" or "' },
  { text: 'a"b', folded: 'a"b' },
  { text: 'CAFÉ ☕🎉', folded: 'cafe ☕🎉' },
  { text: 'e ☕', folded: 'e ☕' },
  { text: '50%', folded: '50%' },
  { text: '% off', folded: '% off' },
  { text: 'off_natal', folded: 'off_natal' },
  { text: '0%_', folded: '0%_' },
  { text: '5_%', folded: '5_%' },
  { text: '\\pasta\\', folded: '\\pasta\\' },
  { text: ':\\P', folded: ':\\p' },
  { text: 'NOT', folded: 'not' },
  { text: 'NEAR', folded: 'near' },
  { text: 'AND', folded: 'and' },
  { text: 'not or', folded: 'not or' },
  { text: 'OR NEAR', folded: 'or near' },
  { text: 'NEAR(a', folded: 'near(a' },
  { text: 'near(a b)', folded: 'near(a b)' },
  { text: 'col:val', folded: 'col:val' },
  { text: '^início', folded: '^inicio' },
  { text: 'INÍCIO*', folded: 'inicio*' },
  { text: '-x +y', folded: '-x +y' },
  { text: 'cão', folded: 'cao' },
  { text: 'AÇÃO "OU"', folded: 'acao "ou"' },
  { text: 'zzz', folded: 'zzz' },
];

const newest = { page: 1, limit: 100, sort: { field: 'created_at', descending: true } } as const;
const q = (search: string): ListQuery<any> => ({ ...newest, search });

/** A list of the index, as the test sees it: store names (in a team of its own), then search them. */
interface Searchable {
  store(names: string[]): Promise<void>;
  search(term: string): Promise<{ names: string[]; total: number }>;
}

let seq = 0;
const teamId = () => `0190d000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 0, 0, n));

/** Leads are listed with their contact identity: each team's leads share one. */
async function leadWriter(
  runtime: Runtime,
  team: { teamId: string },
  projectId: string,
): Promise<(over: Partial<LeadData>) => Promise<void>> {
  const identity = IdentityMother.create({ teamId: team.teamId });
  await runtime.container.get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository).insert(identity);
  const repo = referencedRows(runtime).leads(runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
  return (over) => repo.insert(LeadMother.create({ teamId: team.teamId, projectId, contactIdentityId: identity.id, ...over }));
}

const LISTS: Record<string, (runtime: Runtime) => Searchable> = {
  deals(runtime) {
    const repo = runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
    const team = { teamId: teamId() };
    return {
      async store(names) {
        for (const title of names) await repo.insert(DealRecordMother.global({ teamId: team.teamId, title }));
      },
      async search(term) {
        const page = await repo.list(team, { scope: 'global' }, q(term));
        return { names: page.items.map((v) => v.deal.title), total: page.total };
      },
    };
  },
  clients(runtime) {
    const repo = runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: teamId() };
    return {
      async store(names) {
        for (const name of names) await repo.insert(ClientMother.create({ teamId: team.teamId, name }));
      },
      async search(term) {
        const page = await repo.list(team, { status: 'active' }, q(term));
        return { names: page.items.map((c) => c.name), total: page.total };
      },
    };
  },
  'project leads'(runtime) {
    const repo = runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository);
    const team = { teamId: teamId() };
    const projectId = teamId();
    return {
      async store(names) {
        const insert = await leadWriter(runtime, team, projectId);
        for (const fullName of names) await insert({ fullName });
      },
      async search(term) {
        const page = await repo.list(team, projectId, {}, q(term));
        return { names: page.items.map((l) => l.fullName), total: page.total };
      },
    };
  },
  tasks(runtime) {
    const repo = referencedRows(runtime).tasks(runtime.container.get<TaskRepository>(TASK_TOKENS.TaskRepository));
    const team = { teamId: teamId() };
    return {
      async store(names) {
        for (const title of names) await repo.insert(TaskMother.create({ teamId: team.teamId, title }));
      },
      async search(term) {
        const page = await repo.listActive(team, {}, q(term));
        return { names: page.items.map((t) => t.title), total: page.total };
      },
    };
  },
  'WhatsApp contacts'(runtime) {
    const repo = runtime.container.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository);
    const team = { teamId: teamId() };
    return {
      // The phone is searched too: its digits never meet a query of the table, which all hold a non-digit.
      async store(names) {
        for (const [i, customName] of names.entries()) {
          const phone = PhoneNumber.parse(`55119${String(87650000 + i)}`);
          await repo.insert(Contact.create(teamId(), team.teamId, phone, { customName }, at(i)).snapshot());
        }
      },
      async search(term) {
        const page = await repo.list(team, {}, q(term));
        return { names: page.items.map((c) => c.customName!), total: page.total };
      },
    };
  },
};

/** Per backend and list, what each query found: compared across backends at the end. */
const answers = new Map<string, Record<string, string[]>>();

forEachBackend('Indexed search', (env, backend: BackendName) => {
  for (const [listName, make] of Object.entries(LISTS)) {
    it(`finds on ${listName} exactly what the folding rule says, whatever the query's length or syntax`, async function () {
      this.timeout(60000);
      const list = make(env());
      await list.store(NAMES.map((n) => n.text));
      const found: Record<string, string[]> = {};
      for (const query of QUERIES) {
        const { names, total } = await list.search(query.text);
        const expected = expectedMatches(query, NAMES);
        expect(names.sort(), `search ${JSON.stringify(query.text)} on ${listName} [${backend}]`).to.deep.equal(expected);
        expect(total, `total of ${JSON.stringify(query.text)} on ${listName} [${backend}]`).to.equal(expected.length);
        found[query.text] = names;
      }
      answers.set(`${backend} ${listName}`, found);
    });
  }

  it('never matches a query across two fields of one deal', async () => {
    const repo = env().container.get<DealRepository>(DEAL_TOKENS.DealRepository);
    const team = { teamId: teamId() };
    await repo.insert(DealRecordMother.global({ teamId: team.teamId, title: 'Alpha', description: 'Beta' }));
    const titles = async (s: string) => (await repo.list(team, { scope: 'global' }, q(s))).items.map((v) => v.deal.title);
    for (const s of ['ALPHA', 'beta', 'pha']) expect(await titles(s), s).to.deep.equal(['Alpha']);
    for (const s of ['alphabeta', 'alpha beta', 'ha be', 'ha\u001fbe', 'a\u001eb'])
      expect(await titles(s), JSON.stringify(s)).to.deep.equal([]);
  });

  it('finds a client by the bare form of a CPF inside its keys only, for short and long keys', async () => {
    const repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const team = { teamId: teamId() };
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Ana Cpf', cpf: '52998224725' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Loja 529.982' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Sala 52' }));
    const names = async (s: string) => (await repo.list(team, { status: 'active' }, q(s))).items.map((c) => c.name).sort();
    expect(await names('529.982.247-25')).to.deep.equal(['Ana Cpf']);
    // The text in a name, the bare key in a CPF.
    expect(await names('529.982')).to.deep.equal(['Ana Cpf', 'Loja 529.982']);
    // A key of two characters: found in the keys only, never in a name.
    expect(await names('5-2')).to.deep.equal(['Ana Cpf']);
    expect(await names('52')).to.deep.equal(['Ana Cpf', 'Loja 529.982', 'Sala 52']);
    expect(await names('9.8-2')).to.deep.equal(['Ana Cpf']);
    expect(await names('224.7256')).to.deep.equal([]);
  });

  it('finds a project lead by the digits of its phone inside its keys only', async () => {
    const repo = env().container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository);
    const team = { teamId: teamId() };
    const projectId = teamId();
    const insert = await leadWriter(env(), team, projectId);
    await insert({ fullName: 'Paula Fone', phone: '+5511987654321', phoneKey: '5511987654321' });
    await insert({ fullName: 'Quarto 11-98' });
    await insert({ fullName: 'Sala 1198' });
    const names = async (s: string) => (await repo.list(team, projectId, {}, q(s))).items.map((l) => l.fullName).sort();
    expect(await names('(11) 98765-4321')).to.deep.equal(['Paula Fone']);
    expect(await names('(11) 98765')).to.deep.equal(['Paula Fone']);
    expect(await names('11-98')).to.deep.equal(['Paula Fone', 'Quarto 11-98']);
    expect(await names('1198')).to.deep.equal(['Paula Fone', 'Sala 1198']);
    expect(await names('+55')).to.deep.equal(['Paula Fone']);
    expect(await names('(21) 9')).to.deep.equal([]);
  });
});

describe('Indexed search across backends', () => {
  it('gives the same names for every query on every backend', function () {
    for (const listName of Object.keys(LISTS)) {
      const found = [...answers.entries()].filter(([key]) => key.endsWith(` ${listName}`)).map(([, v]) => v);
      if (found.length < 2) this.skip();
      for (const other of found.slice(1)) expect(other).to.deep.equal(found[0]);
    }
  });
});
