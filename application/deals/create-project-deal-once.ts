import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { IdempotencyKey, newProjectDealFingerprint } from '../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { CreateProjectDeal, CreateProjectDealCommand, checkProjectDealCommand } from './create-project-deal';
import { DEFAULT_IDEMPOTENT_CREATION, IdempotentCreation, IdempotentCreationOptions } from './idempotent-creation';
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

/**
 * POST /projects/:id/deals: `CreateProjectDeal` (the receiver's path) behind an `Idempotency-Key`, kept as
 * POST /deals keeps it (docs/decisions.md: Idempotency-Key of `POST /deals`): the key is claimed first, in the
 * deal's own transaction, so two requests with one key create one deal on any number of nodes.
 */
export class CreateProjectDealOnce {
  private readonly once: IdempotentCreation;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly create: CreateProjectDeal,
    keys: IdempotencyKeyRepository,
    private readonly deals: DealRepository,
    private readonly details: ProjectDealDetails,
    private readonly ids: IdGenerator,
    clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    options: Partial<IdempotentCreationOptions> = {},
  ) {
    this.once = new IdempotentCreation(keys, clock, { ...DEFAULT_IDEMPOTENT_CREATION, ...options });
  }

  async execute(team: TeamContext, command: CreateProjectDealOnceCommand): Promise<CreateProjectDealOnceResult> {
    const { idempotencyKey, ...creation } = command;
    // Checked before the key is looked at: a bad request never takes or replays one.
    checkProjectDealCommand(creation);
    const key = idempotencyKey ?? null;
    if (key === null) return { deal: (await this.create.execute(team, creation)).view, replayed: false };

    const { projectId, ...request } = creation;
    const { result, replayed } = await this.once.run(team, {
      key,
      fingerprint: newProjectDealFingerprint(projectId, request),
      replay: async (dealId) => {
        const view = await this.deals.findById(team, dealId);
        return view && (await this.details.attach(team, [view]))[0];
      },
      create: async (claim) => {
        const created = await this.uow.run(async () => {
          const dealId = this.ids.next();
          // The key goes first: a concurrent holder blocks us here, before any other write.
          await claim(dealId);
          return this.create.create(team, creation, dealId);
        });
        this.trigger.kick();
        return created.view;
      },
    });
    return { deal: result, replayed };
  }
}
