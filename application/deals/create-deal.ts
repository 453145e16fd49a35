import { Deal, DealData, NewGlobalDeal } from '../../domain/deals/deal';
import { DealEventDraft } from '../../domain/deals/deal-events';
import { ClientRef, DealRepository, DealView } from '../../domain/deals/deal-repository';
import { IdempotencyKey, decideIdempotency, newDealFingerprint, newIdempotencyRecord } from '../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { Conflict, NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { EventLog } from '../events/event-log';

export interface CreateDealCommand {
  deal: NewGlobalDeal;
  /** The `Idempotency-Key`, read where the request entered (`parseIdempotencyKey`), if any. */
  idempotencyKey?: IdempotencyKey | null;
}

export interface CreateDealResult {
  deal: DealView;
  /** True when an earlier request with the same key and payload created it (200, not 201). */
  replayed: boolean;
}

export interface CreateDealOptions {
  /** How long a request waits for another one still creating with the same key (docs/decisions.md). */
  inFlightWaitMs: number;
  pollMs: number;
}

/** What one creation writes: the deal, the events it raised (at `at`), and the client it embeds. */
interface NewDeal {
  data: DealData;
  events: DealEventDraft[];
  at: Date;
  client: ClientRef | null;
}

/** Thrown inside the transaction to undo it when another request holds the key. */
class KeyTaken extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST /deals: a legacy global deal, its `deal.created` event, and its Idempotency-Key, in one transaction. */
export class CreateDeal {
  private readonly options: CreateDealOptions;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly clients: ClientRepository,
    private readonly keys: IdempotencyKeyRepository,
    private readonly events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    options: Partial<CreateDealOptions> = {},
  ) {
    this.options = { inFlightWaitMs: 5000, pollMs: 50, ...options };
  }

  async execute(team: TeamContext, command: CreateDealCommand): Promise<CreateDealResult> {
    const key = command.idempotencyKey ?? null;
    // The deal is built (its fields checked) before the key is looked at: a bad request never takes or replays one.
    const now = this.clock.now();
    const deal = Deal.createGlobal(this.ids.next(), team.teamId, command.deal, now);
    const data = deal.snapshot();
    const created: NewDeal = { data, events: deal.pullEvents(), at: now, client: await this.findClient(team, data.clientId) };
    if (key === null) return { deal: await this.write(team, created, null), replayed: false };

    const fingerprint = newDealFingerprint(command.deal);
    const polls = Math.max(1, Math.ceil(this.options.inFlightWaitMs / this.options.pollMs));
    for (let i = 0; i <= polls; i++) {
      const decision = decideIdempotency(await this.keys.find(team, key), fingerprint, this.clock.now());
      if (decision.kind === 'replay') {
        const view = await this.deals.findById(team, decision.dealId);
        if (view) return { deal: view, replayed: true };
        // The key is taken but its deal is not visible yet: the first request is still in flight.
        await sleep(this.options.pollMs);
        continue;
      }
      try {
        return { deal: await this.write(team, created, { key, fingerprint }), replayed: false };
      } catch (e) {
        if (!(e instanceof KeyTaken)) throw e;
      }
    }
    throw new Conflict('A request with this Idempotency-Key is still in progress');
  }

  private async findClient(team: TeamContext, clientId: string | null): Promise<ClientRef | null> {
    if (clientId === null) return null;
    const client = await this.clients.findById(team, clientId);
    if (!client) throw new NotFound('Client not found', 'client_id');
    return { id: client.id, name: client.name };
  }

  /**
   * The deal and its events: with a key, in a unit of work that claims the key first; without one, as one
   * write of the repository, atomic on its own (on PostgreSQL a single statement, one round trip).
   */
  private async write(team: TeamContext, deal: NewDeal, idem: { key: string; fingerprint: string } | null): Promise<DealView> {
    const view: DealView = { deal: deal.data, client: deal.client };
    const events = this.events.stamp(
      team,
      deal.events.map((e) => this.events.draft(e.type, 'deal', deal.data.id, view)),
      deal.at,
    );
    if (idem === null) await this.deals.insert(deal.data, events);
    else {
      await this.uow.run(async () => {
        // The key goes first: a concurrent holder blocks us here, before any other write.
        const now = this.clock.now();
        if (!(await this.keys.claim(newIdempotencyRecord(team.teamId, idem.key, idem.fingerprint, deal.data.id, now), now))) {
          throw new KeyTaken();
        }
        await this.deals.insert(deal.data, events);
      });
    }
    this.trigger.kick();
    return { deal: deal.data, client: deal.client };
  }
}
