import { ArchiveDeal } from '../../../../application/deals/archive-deal';
import { CreateDeal } from '../../../../application/deals/create-deal';
import { CreateWorkflow } from '../../../../application/deals/create-workflow';
import { EventLog } from '../../../../application/events/event-log';
import { DispatchDealEvents } from '../../../../application/deals/dispatch-deal-events';
import { UpdateDeal } from '../../../../application/deals/update-deal';
import { CounterLabels, CounterName, Metrics } from '../../../../application/shared/metrics';
import { ClientRepository } from '../../../../domain/clients/client-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { TeamRepository } from '../../../../domain/teams/team-repository';
import { ProjectRepository } from '../../../../domain/projects/project-repository';
import {
  FakeClients,
  FakeDeals,
  FakeEventObjects,
  FakeKeys,
  FakeOutbox,
  FakeRuns,
  FakeWorkflows,
  FixedClock,
  RecordingActions,
  SequenceIds,
  silentLogger,
  SnapshotUnitOfWork,
} from './fakes';

export const TEAM: TeamContext = { teamId: '0190b000-0000-7000-8000-0000000000aa' };
export const OTHER_TEAM: TeamContext = { teamId: '0190b000-0000-7000-8000-0000000000bb' };
export const CLIENT_ID = '0190b000-0000-7000-8000-00000000c001';

export const dealsWorld = () => {
  const uow = new SnapshotUnitOfWork();
  const outbox = new FakeOutbox();
  const deals = new FakeDeals(outbox);
  const clients = new FakeClients();
  const keys = new FakeKeys();
  const workflows = new FakeWorkflows();
  const runs = new FakeRuns();
  uow.stores.push(deals, keys, outbox, workflows, runs);
  const actions = new RecordingActions();
  const ids = new SequenceIds();
  const events = new EventLog(outbox, ids, new FakeEventObjects());
  const clock = new FixedClock(new Date('2026-05-01T10:00:00.000Z'));
  const kicks = { n: 0 };
  const counted: { name: CounterName; labels: CounterLabels[CounterName] }[] = [];
  const metrics: Metrics = {
    count: (name, labels) => {
      counted.push({ name, labels });
    },
  };
  const trigger = {
    kick: () => {
      kicks.n += 1;
    },
  };
  clients.rows.set(CLIENT_ID, { id: CLIENT_ID, teamId: TEAM.teamId, name: 'Acme' });
  deals.clientNames.set(CLIENT_ID, 'Acme');
  const cr = clients as unknown as ClientRepository;
  return {
    uow,
    deals,
    clients,
    keys,
    outbox,
    workflows,
    runs,
    actions,
    ids,
    clock,
    kicks,
    counted,
    createDeal: new CreateDeal(uow, deals, cr, keys, events, ids, clock, trigger, {
      inFlightWaitMs: 200,
      pollMs: 10,
    }),
    updateDeal: new UpdateDeal(uow, deals, cr, events, clock, trigger),
    archiveDeal: new ArchiveDeal(uow, deals, clock, events, trigger),
    createWorkflow: new CreateWorkflow(
      workflows,
      { findById: async (id: string) => ({ id }) } as unknown as TeamRepository,
      // Every project id is one of this team's projects here.
      { findById: async (team: TeamContext, id: string) => (team.teamId === TEAM.teamId ? { id } : null) } as unknown as ProjectRepository,
      ids,
      clock,
    ),
    dispatch: new DispatchDealEvents(uow, outbox, deals, workflows, runs, actions, ids, clock, silentLogger, metrics),
  };
};
