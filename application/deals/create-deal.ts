import { Deal, NewGlobalDeal } from '../../domain/deals/deal';
import { DealEvent } from '../../domain/deals/deal-event';
import { DealEventOutbox } from '../../domain/deals/deal-event-outbox';
import { ClientRef, DealRepository, DealView } from '../../domain/deals/deal-repository';
import {
  decideIdempotency, newIdempotencyRecord, parseIdempotencyKey, requestFingerprint,
} from '../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { Conflict, NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';

export interface CreateDealInput {
  deal: NewGlobalDeal;
  /** The raw `Idempotency-Key` header, if any. */
  idempotencyKey?: string | null;
}

export interface CreateDealResult {
  deal: DealView;
  /** True when an earlier request with the same key and payload created it (200, not 201). */
  replayed: boolean;
}

export interface CreateDealOptions {
  /** How long a request waits for another one still creating with the same key (DECISIONS.md). */
  inFlightWaitMs: number;
  pollMs: number;
}

/** Thrown inside the transaction to undo it when another request holds the key. */
class KeyTaken extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST /deals: a legacy global deal, its `deal_created` event, and its Idempotency-Key, in one transaction. */
export class CreateDeal {
  private readonly options: CreateDealOptions;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly clients: ClientRepository,
    private readonly keys: IdempotencyKeyRepository,
    private readonly outbox: DealEventOutbox,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    options: Partial<CreateDealOptions> = {},
  ) {
    this.options = { inFlightWaitMs: 5000, pollMs: 50, ...options };
  }

  async execute(team: TeamContext, input: CreateDealInput): Promise<CreateDealResult> {
    const key = parseIdempotencyKey(input.idempotencyKey);
    // Validate the payload before looking at the key: a bad request never takes or replays one.
    Deal.createGlobal('pending', team.teamId, input.deal, this.clock.now());
    const client = await this.findClient(team, input.deal.client_id);
    if (key === null) return { deal: await this.create(team, input.deal, client, null), replayed: false };

    const fingerprint = requestFingerprint(input.deal);
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
        return { deal: await this.create(team, input.deal, client, { key, fingerprint }), replayed: false };
      } catch (e) {
        if (!(e instanceof KeyTaken)) throw e;
      }
    }
    throw new Conflict('A request with this Idempotency-Key is still in progress');
  }

  private async findClient(team: TeamContext, clientId: string | null | undefined): Promise<ClientRef | null> {
    if (clientId === undefined || clientId === null) return null;
    const client = await this.clients.findById(team, clientId);
    if (!client) throw new NotFound('Client not found', 'client_id');
    return { id: client.id, name: client.name };
  }

  private async create(
    team: TeamContext,
    body: NewGlobalDeal,
    client: ClientRef | null,
    idem: { key: string; fingerprint: string } | null,
  ): Promise<DealView> {
    const now = this.clock.now();
    const deal = Deal.createGlobal(this.ids.next(), team.teamId, body, now);
    const data = deal.snapshot();
    const events = deal.pullEvents().map((e) => DealEvent.fromDraft(this.ids.next(), team.teamId, e, now).snapshot());
    await this.uow.run(async () => {
      // The key goes first: a concurrent holder blocks us here, before any other write.
      if (idem && !(await this.keys.claim(newIdempotencyRecord(team.teamId, idem.key, idem.fingerprint, data.id, now), now))) {
        throw new KeyTaken();
      }
      await this.deals.insert(data);
      for (const e of events) await this.outbox.add(e);
    });
    this.trigger.kick();
    return { deal: data, client };
  }
}
