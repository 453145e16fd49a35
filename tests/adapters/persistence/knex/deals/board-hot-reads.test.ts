// A project deal board embeds each deal's main lead and its contacts (spec 2.1): two batched reads per
// page. They are hot reads (KnexDatabase.rows): written SQL read as arrays, on SQLite's read-only
// connection or PostgreSQL's pipelined ones outside a unit of work, instead of Knex's builder and a pooled
// connection per read. What they answer is pinned by the ProjectLeadReader and DealContactRepository
// contracts; this holds them to the hot path.
import { expect } from 'chai';
import { KnexDatabase } from '../../../../../adapters/persistence/knex/shared/knex-database';
import { DEAL_TOKENS } from '../../../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../../../bootstrap/tokens';
import { DealContactRepository } from '../../../../../domain/deals/deal-contact-repository';
import { ProjectLeadReader } from '../../../../../domain/deals/project-lead-reader';
import { backendNames, forEachBackend } from '../../../../support/backends';

forEachBackend(
  'Board details: hot reads',
  (env) => {
    const readsDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
      const database = env().container.get<KnexDatabase>(TOKENS.KnexDatabase);
      const texts: string[] = [];
      const rows = database.rows.bind(database);
      database.rows = (sql, bindings) => {
        texts.push(sql);
        return rows(sql, bindings);
      };
      try {
        await work();
      } finally {
        delete (database as { rows?: unknown }).rows;
      }
      return texts;
    };
    const team = { teamId: '0190a000-0000-7000-8000-0000000000b1' };
    const ids = ['0190a000-0000-7000-8000-0000000000c1', '0190a000-0000-7000-8000-0000000000c2'];

    it("reads a page's main leads through rows", async () => {
      const reader = env().container.get<ProjectLeadReader>(DEAL_TOKENS.ProjectLeadReader);
      const texts = await readsDuring(() => reader.viewsByIds(team, ids));
      expect(texts.some((t) => /\bfrom project_leads\b/.test(t))).to.equal(true);
    });

    it("reads a page's contacts through rows", async () => {
      const contacts = env().container.get<DealContactRepository>(DEAL_TOKENS.DealContactRepository);
      const texts = await readsDuring(() => contacts.viewsByDeals(team, ids));
      expect(texts.some((t) => /\bfrom deal_contacts\b/.test(t))).to.equal(true);
    });
  },
  backendNames().filter((b) => b !== 'memory'),
);
