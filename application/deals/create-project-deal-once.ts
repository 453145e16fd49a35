import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { IdempotencyKey, decideIdempotency, newIdempotencyRecord, newProjectDealFingerprint } from '../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { Conflict } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { CreateProjectDeal, CreateProjectDealCommand, checkProjectDealCommand } from './create-project-deal';
import { CreateDealOptions } from './create-deal';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { ProjectDealDetails } from './project-deal-details';

export interface CreateProjectDealOnceCommand extends CreateProjectDealCommand {
  /** The `Idempotency-Key`, read where the request entered (`parseIdempotencyKey`), if any. */
  idempotencyKey?: IdempotencyKey | null;
}

export interface CreateProjectDealOnceResult {
  deal: DealView;
  /** True when an earlier request with the same key and payload created it (200, not 201). */
  replayed: boolean;
}

/** Thrown inside the transaction to undo it when another request holds the key. */
class KeyTaken extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POST /projects/:id/deals: `CreateProjectDeal` (the receiver's path) behind an `Idempotency-Key`, kept as
 * POST /deals keeps it (docs/decisions.md: Idempotency-Key of `POST /deals`): the key is claimed first, in the
 * deal's own transaction, so two requests with one key create one deal on any number of nodes.
 */
export class CreateProjectDealOnce {
  private readonly options: CreateDealOptions;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly create: CreateProjectDeal,
    private readonly keys: IdempotencyKeyRepository,
    private readonly deals: DealRepository,
    private readonly details: ProjectDealDetails,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    options: Partial<CreateDealOptions> = {},
  ) {
    this.options = { inFlightWaitMs: 5000, pollMs: 50, ...options };
  }

  async execute(team: TeamContext, command: CreateProjectDealOnceCommand): Promise<CreateProjectDealOnceResult> {
    const { idempotencyKey, ...creation } = command;
    // Checked before the key is looked at: a bad request never takes or replays one.
    checkProjectDealCommand(creation);
    const key = idempotencyKey ?? null;
    if (key === null) return { deal: (await this.create.execute(team, creation)).view, replayed: false };

    const { projectId, ...request } = creation;
    const fingerprint = newProjectDealFingerprint(projectId, request);
    const polls = Math.max(1, Math.ceil(this.options.inFlightWaitMs / this.options.pollMs));
    for (let i = 0; i <= polls; i++) {
      const decision = decideIdempotency(await this.keys.find(team, key), fingerprint, this.clock.now());
      if (decision.kind === 'replay') {
        const view = await this.deals.findById(team, decision.dealId);
        if (view) return { deal: (await this.details.attach(team, [view]))[0], replayed: true };
        // The key is taken but its deal is not visible yet: the first request is still in flight.
        await sleep(this.options.pollMs);
        continue;
      }
      try {
        const created = await this.uow.run(async () => {
          // The key goes first: a concurrent holder blocks us here, before any other write.
          const now = this.clock.now();
          const dealId = this.ids.next();
          if (!(await this.keys.claim(newIdempotencyRecord(team.teamId, key, fingerprint, dealId, now), now))) throw new KeyTaken();
          return this.create.create(team, creation, dealId);
        });
        this.trigger.kick();
        return { deal: created.view, replayed: false };
      } catch (e) {
        if (!(e instanceof KeyTaken)) throw e;
      }
    }
    throw new Conflict('A request with this Idempotency-Key is still in progress');
  }
}
