import { Client, ClientData } from '../../domain/clients/client';
import { ClientKeys, clientKeyNames, clientKeysOf, namedClient } from '../../domain/clients/client-match';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DomainError, Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Team } from '../../domain/teams/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { EventDraft } from '../../domain/events/event';
import { BatchItem, BatchWrite, ItemOutcome, ItemResult, OnDuplicate, RehearsalMemory, itemErrorOf } from '../shared/batch';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { CreateClientCommand } from './create-client';
import { assertDocumentsFreeAmong } from './documents';

export interface UpsertClientsCommand {
  items: BatchItem<CreateClientCommand>[];
  onDuplicate: OnDuplicate;
}

/** What one run of the batch knows: the team's plan, the time, and, for a rehearsal, the earlier batches. */
interface BatchRun {
  team: TeamContext;
  plan: Team | null;
  onDuplicate: OnDuplicate;
  now: Date;
  earlier: RehearsalMemory | null;
}

/**
 * POST /clients/batch, and the rows of a file import: each item creates a client as POST /clients does, or
 * names one the team has (by CPF, then CNPJ, then e-mail; active or not; earlier items of the batch too),
 * which it skips or updates as PUT /clients/:id does. Each item is atomic and logs the event its single
 * route logs; one item's refusal never blocks the others.
 */
export class UpsertClients extends BatchWrite<UpsertClientsCommand> {
  constructor(
    uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly teams: TeamRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    trigger: DealDispatchTrigger,
  ) {
    super(uow, trigger);
  }

  protected async run(
    team: TeamContext,
    command: UpsertClientsCommand,
    earlier: RehearsalMemory | null,
    taken: (outcome: ItemOutcome) => void,
  ): Promise<ItemResult[]> {
    // One batch at a time per team: the quota is counted against what the earlier items created.
    await this.teams.lock(team.teamId);
    const found = await this.teams.findById(team.teamId);
    const plan = found && Team.restore(found);
    const run: BatchRun = {
      team,
      plan: plan && plan.limitsClients ? plan : null,
      onDuplicate: command.onDuplicate,
      now: this.clock.now(),
      earlier,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        // A savepoint: a batch that meets a concurrent writer's CPF or CNPJ at its write is undone whole, and
        // decided again against what that writer wrote.
        const { results, outcomes } = await this.uow.run(() => this.together(run, command.items));
        for (const outcome of outcomes) taken(outcome);
        return results;
      } catch (err) {
        if (!(err instanceof Duplicate) || attempt >= 3) throw err;
      }
    }
  }

  /**
   * The batch read at once (the clients its items name, the active count), decided item by item in memory,
   * in order, each item seeing what the ones before it decided, then written together: the new clients in one
   * insert, each updated client once, the events in order. An item's refusal writes nothing of it.
   */
  private async together(run: BatchRun, items: readonly BatchItem<CreateClientCommand>[]): Promise<Decided> {
    const keys = items.map((item) => ('command' in item ? keysOrError(item.command) : null));
    const held = (k: keyof ClientKeys): string[] => {
      const values = keys.flatMap((x) => (x && !('error' in x) ? [x[k]] : []));
      return [...new Set(values.filter((v): v is string => v !== null))];
    };
    const state: BatchState = {
      known: new Map(
        (await this.clients.findHolders(run.team, { cpfs: held('cpf'), cnpjs: held('cnpj'), emails: held('email') })).map((c) => [c.id, c]),
      ),
      created: new Map(),
      updated: new Map(),
      drafts: [],
      active: run.plan ? (await this.clients.countActive(run.team)) + (run.earlier?.created ?? 0) : 0,
    };
    const results: ItemResult[] = [];
    const outcomes: ItemOutcome[] = [];
    for (const [index, item] of items.entries()) {
      const itemKeys = keys[index];
      if ('error' in item || itemKeys === null || 'error' in itemKeys) {
        results.push({
          index,
          status: 'error',
          error: 'error' in item ? item.error : itemErrorOf((itemKeys as { error: DomainError }).error),
        });
        continue;
      }
      try {
        const outcome = await this.decide(run, state, item.command, itemKeys);
        outcomes.push(outcome);
        results.push({ index, status: outcome.status, ...(outcome.id === undefined ? {} : { id: outcome.id }) });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        results.push({ index, status: 'error', error: itemErrorOf(err) });
      }
    }
    await this.clients.insertMany([...state.created.values()]);
    for (const data of state.updated.values()) await this.clients.update(data);
    await this.events.append(run.team, state.drafts, run.now);
    return { results, outcomes };
  }

  /** One item against what the batch knows so far; what it changes goes to `state`, nothing is written yet. */
  private async decide(run: BatchRun, state: BatchState, command: CreateClientCommand, keys: ClientKeys): Promise<ItemOutcome> {
    const names = clientKeyNames(keys);
    const seenEarlier = run.earlier !== null && names.some((k) => run.earlier!.keys.has(k));
    const named = namedClient(keys, [...state.known.values()]);
    if (named) return { ...(await this.existing(run, state, named.client, command, seenEarlier)), keys: names };
    if (seenEarlier) return { status: run.onDuplicate === 'skip' ? 'skipped' : 'updated', keys: names };

    const client = Client.create(this.ids.next(), run.team.teamId, command.type, command, run.now);
    if (run.plan) run.plan.assertRoomForClient(state.active);
    const data = client.snapshot();
    if (data.status === 'active' && run.plan) state.active++;
    state.known.set(data.id, data);
    state.created.set(data.id, data);
    state.drafts.push(this.events.draft('client.created', 'client', data.id, data));
    return { status: 'created', ...(run.earlier === null ? { id: data.id } : {}), keys: names };
  }

  /** An item naming a client the team has (or an earlier item created): skipped, or its fields applied as PUT /clients/:id applies them. */
  private async existing(
    run: BatchRun,
    state: BatchState,
    named: ClientData,
    command: CreateClientCommand,
    seenEarlier: boolean,
  ): Promise<Omit<ItemOutcome, 'keys'>> {
    Client.restore(named).assertType(command.type);
    if (run.onDuplicate === 'skip') return { status: 'skipped', id: named.id };
    let before = named;
    if (!state.created.has(named.id) && !state.updated.has(named.id)) {
      // A client of the team, changed as a whole row: held until the batch commits, and read as it is now.
      await this.clients.lock(run.team, named.id);
      before = (await this.clients.findById(run.team, named.id)) ?? named;
    }
    const client = Client.restore(before);
    const { type: _type, ...changes } = command;
    // A client an earlier rehearsed batch would have updated is told as updated, whatever this item adds.
    if (!client.update(changes, run.now)) return { status: seenEarlier ? 'updated' : 'unchanged', id: named.id };
    const data = client.snapshot();
    assertDocumentsFreeAmong(data, state.known.values());
    state.known.set(data.id, data);
    (state.created.has(data.id) ? state.created : state.updated).set(data.id, data);
    state.drafts.push(this.events.draft('client.updated', 'client', data.id, data, before));
    return { status: 'updated', id: named.id };
  }
}

/** What a batch has decided so far, none of it written yet. */
interface BatchState {
  /** The clients the items may name: those of the team read at the start, and those the batch made or changed. */
  known: Map<string, ClientData>;
  created: Map<string, ClientData>;
  updated: Map<string, ClientData>;
  drafts: EventDraft[];
  /** Active clients against the quota, those the batch creates included (only counted when the plan caps them). */
  active: number;
}

interface Decided {
  results: ItemResult[];
  outcomes: ItemOutcome[];
}

/** An item's keys, or the refusal of a CPF or CNPJ that is not one. */
const keysOrError = (command: CreateClientCommand): ClientKeys | { error: DomainError } => {
  try {
    return clientKeysOf(command);
  } catch (err) {
    if (err instanceof DomainError) return { error: err };
    throw err;
  }
};
