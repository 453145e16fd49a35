import { Client, ClientData } from '../../domain/clients/client';
import { ClientKeys, clientKeyNames, clientKeysOf, namedClient } from '../../domain/clients/client-match';
import { ClientRepository } from '../../domain/clients/client-repository';
import { TeamContext } from '../../domain/shared/team';
import { Team } from '../../domain/teams/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { BatchItem, ItemOutcome, ItemResult, OnDuplicate, RehearsalMemory, eachItem, rehearsing } from '../shared/batch';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { CreateClientCommand } from './create-client';
import { assertDocumentsFree } from './documents';

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
export class UpsertClients {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly teams: TeamRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  /** The batch in a unit of work of its own; the dispatcher is woken once it has committed. */
  async execute(team: TeamContext, command: UpsertClientsCommand): Promise<ItemResult[]> {
    const results = await this.uow.run(() => this.executeWithin(team, command));
    this.trigger.kick();
    return results;
  }

  /** The batch inside the caller's open unit of work; the caller calls `wakeDispatcher` once that has committed. */
  executeWithin(team: TeamContext, command: UpsertClientsCommand): Promise<ItemResult[]> {
    return this.run(team, command, null, () => {});
  }

  /**
   * What `execute` would answer, writing nothing. An item repeating an item of an earlier rehearsed batch
   * (`memory`) is told as skipped or updated, and the clients those batches would have created count in the
   * quota; this batch's keys and creations are added to `memory`. A rehearsed creation has no id.
   */
  rehearse(team: TeamContext, command: UpsertClientsCommand, memory: RehearsalMemory): Promise<ItemResult[]> {
    return rehearsing(this.uow, memory, (learnt) =>
      this.run(team, command, memory, (outcome) => {
        for (const key of outcome.keys) learnt.keys.add(key);
        if (outcome.status === 'created') learnt.created++;
      }),
    );
  }

  /** Asks the dispatcher to deliver the batch's events; call it outside any transaction. */
  wakeDispatcher(): void {
    this.trigger.kick();
  }

  private async run(
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
    return eachItem(this.uow, command.items, (item) => this.item(run, item), taken);
  }

  private async item(run: BatchRun, command: CreateClientCommand): Promise<ItemOutcome> {
    const keys = clientKeysOf(command);
    const names = clientKeyNames(keys);
    const seenEarlier = run.earlier !== null && names.some((k) => run.earlier!.keys.has(k));
    const named = namedClient(keys, await this.holders(run.team, keys));
    if (named) return { ...(await this.existing(run, named.client, command, seenEarlier)), keys: names };
    if (seenEarlier) return { status: run.onDuplicate === 'skip' ? 'skipped' : 'updated', keys: names };

    const client = Client.create(this.ids.next(), run.team.teamId, command.type, command, run.now);
    if (run.plan) run.plan.assertRoomForClient((await this.clients.countActive(run.team)) + (run.earlier?.created ?? 0));
    const data = client.snapshot();
    await assertDocumentsFree(this.clients, run.team, data);
    await this.clients.insert(data);
    await this.events.append(run.team, [this.events.draft('client.created', 'client', data.id, data)], run.now);
    return { status: 'created', ...(run.earlier === null ? { id: data.id } : {}), keys: names };
  }

  /** The clients holding any of the item's keys, active or not. */
  private async holders(team: TeamContext, keys: ClientKeys): Promise<ClientData[]> {
    const found = [
      keys.cpf ? await this.clients.findByDocument(team, { cpf: keys.cpf }) : null,
      keys.cnpj ? await this.clients.findByDocument(team, { cnpj: keys.cnpj }) : null,
      keys.email ? await this.clients.findByEmail(team, keys.email) : null,
    ];
    return found.filter((c): c is ClientData => c !== null);
  }

  /** An item naming a client the team has: skipped, or its fields applied as PUT /clients/:id applies them. */
  private async existing(
    run: BatchRun,
    named: ClientData,
    command: CreateClientCommand,
    seenEarlier: boolean,
  ): Promise<Omit<ItemOutcome, 'keys'>> {
    Client.restore(named).assertType(command.type);
    if (run.onDuplicate === 'skip') return { status: 'skipped', id: named.id };
    await this.clients.lock(run.team, named.id);
    const before = (await this.clients.findById(run.team, named.id)) ?? named;
    const client = Client.restore(before);
    const { type: _type, ...changes } = command;
    // A client an earlier rehearsed batch would have updated is told as updated, whatever this item adds.
    if (!client.update(changes, run.now)) return { status: seenEarlier ? 'updated' : 'unchanged', id: named.id };
    const data = client.snapshot();
    await assertDocumentsFree(this.clients, run.team, data);
    await this.clients.update(data);
    await this.events.append(run.team, [this.events.draft('client.updated', 'client', data.id, data, before)], run.now);
    return { status: 'updated', id: named.id };
  }
}
