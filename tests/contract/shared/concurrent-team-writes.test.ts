// On PostgreSQL, every write of a team's deals (or clients) moves the team's version and its kept counts in
// its own transaction. Had each team one row of each, concurrent creations in one team would queue on those
// rows' locks, each held until its transaction commits, so a team's creations would run one at a time. The
// rows are kept in several slots, one per transaction, that readers sum: concurrent writers take different
// rows, and every total and version stays exact.
import { expect } from 'chai';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../bootstrap/tokens';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { ListQuery, Page } from '../../../domain/shared/list';
import { backendNames, forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { ClientMother } from '../../support/mothers';
import { DealRecordMother, uuid } from '../deals/deal-mother';

const q = (): ListQuery<any> => ({ page: 1, limit: 20, sort: { field: 'created_at', descending: true } });
const sleep = (ms: number) => new Promise<'late'>((r) => setTimeout(() => r('late'), ms));
let teamSeq = 700100;

forEachBackend(
  'Concurrent writes of one team',
  (env) => {
    const uow = () => env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const deals = () => referencedRows(env()).deals(env().container.get<DealRepository>(DEAL_TOKENS.DealRepository));
    const clients = () => env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);

    /** Runs `first` in a unit held open once its writes are sent, then `second` on its own: which ends first. */
    const whileHeld = async (first: () => Promise<void>, second: () => Promise<void>) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let wrote!: () => void;
      const written = new Promise<void>((r) => (wrote = r));
      const unit = uow().run(async () => {
        await first();
        // A statement of the unit's own, so that the writes it held back are sent and hold their locks.
        await env().container.get<KnexDatabase>(TOKENS.KnexDatabase).rows('select 1', []);
        wrote();
        await held;
      });
      await written;
      const other = second().then(() => 'committed' as const);
      const outcome = await Promise.race([other, sleep(2000)]);
      release();
      await unit;
      await other;
      return outcome;
    };

    /** Each kind of row whose writes move a team's version and kept counts: how to create one, and its list. */
    const kinds: Record<string, { create(teamId: string): Promise<void>; list(team: { teamId: string }): Promise<Page<unknown>> }> = {
      deals: {
        create: (teamId) => deals().insert(DealRecordMother.global({ teamId })),
        list: (team) => deals().list(team, { scope: 'global' }, q()),
      },
      clients: {
        create: (teamId) => clients().insert(ClientMother.create({ teamId })),
        list: (team) => clients().list(team, { status: 'active' }, q()),
      },
    };

    for (const [kind, { create, list }] of Object.entries(kinds)) {
      it(`commits a creation of ${kind} while another creation of the same team is still open`, async () => {
        const team = { teamId: uuid(++teamSeq) };
        await create(team.teamId);
        const before = await list(team);
        const outcome = await whileHeld(
          () => create(team.teamId),
          () => create(team.teamId),
        );
        expect(outcome).to.equal('committed');
        const after = await list(team);
        expect(before.total).to.equal(1);
        expect(after.total).to.equal(3);
        expect(after.items).to.have.length(3);
      });
    }
  },
  backendNames().filter((name) => name === 'postgres'),
);
