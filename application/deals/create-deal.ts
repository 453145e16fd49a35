import { Deal, DealData, NewGlobalDeal } from '../../domain/deals/deal';
import { DealEventDraft } from '../../domain/deals/deal-events';
import { ClientRef, DealRepository, DealView } from '../../domain/deals/deal-repository';
import { IdempotencyKey, newDealFingerprint } from '../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { DEFAULT_IDEMPOTENT_CREATION, IdempotentCreation, IdempotentCreationOptions } from './idempotent-creation';

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

export type CreateDealOptions = IdempotentCreationOptions;

/** What one creation writes: the deal, the events it raised (at `at`), and the client it embeds. */
interface NewDeal {
  data: DealData;
  events: DealEventDraft[];
  at: Date;
  client: ClientRef | null;
}

/** POST /deals: a legacy global deal, its `deal.created` event, and its Idempotency-Key, in one transaction. */
export class CreateDeal {
  private readonly once: IdempotentCreation;

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
    this.once = new IdempotentCreation(keys, clock, { ...DEFAULT_IDEMPOTENT_CREATION, ...options });
  }

  async execute(team: TeamContext, command: CreateDealCommand): Promise<CreateDealResult> {
    const key = command.idempotencyKey ?? null;
    // The deal is built (its fields checked) before the key is looked at: a bad request never takes or replays one.
    const now = this.clock.now();
    const deal = Deal.createGlobal(this.ids.next(), team.teamId, command.deal, now);
    const data = deal.snapshot();
    const created: NewDeal = { data, events: deal.pullEvents(), at: now, client: await this.findClient(team, data.clientId) };
    if (key === null) return { deal: await this.write(team, created, null), replayed: false };

    const { result, replayed } = await this.once.run(team, {
      key,
      fingerprint: newDealFingerprint(command.deal),
      replay: (dealId) => this.deals.findById(team, dealId),
      create: (claim) => this.write(team, created, claim),
    });
    return { deal: result, replayed };
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
  private async write(team: TeamContext, deal: NewDeal, claim: ((dealId: string) => Promise<void>) | null): Promise<DealView> {
    const view: DealView = { deal: deal.data, client: deal.client };
    const events = this.events.stamp(
      team,
      deal.events.map((e) => this.events.draft(e.type, 'deal', deal.data.id, view)),
      deal.at,
    );
    if (claim === null) await this.deals.insert(deal.data, events);
    else {
      await this.uow.run(async () => {
        // The key goes first: a concurrent holder blocks us here, before any other write.
        await claim(deal.data.id);
        await this.deals.insert(deal.data, events);
      });
    }
    this.trigger.kick();
    return { deal: deal.data, client: deal.client };
  }
}
