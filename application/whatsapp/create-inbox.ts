import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';
import { Inbox, InboxData, InboxSetup } from '../../domain/whatsapp/inbox';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';

/** The flags of `inbox create`, unchecked: the channel and the credentials it needs. */
export type CreateInboxCommand = InboxSetup;

/** Operator only (`workspace-admin inbox create`): the API never creates inboxes. */
export class CreateInbox {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: InboxRepository,
    private readonly teams: TeamRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateInboxCommand): Promise<InboxData> {
    // The operator names the team on the command line: it may be anything.
    const { teamId } = team;
    if (!isUuid(teamId)) throw new ValidationFailed('team must be a UUID', 'team');
    const inbox = Inbox.create(this.ids.next(), teamId, command, this.clock.now()).snapshot();
    return this.uow.run(async () => {
      if (!(await this.teams.findById(teamId))) throw new NotFound('Team not found', 'team');
      if (inbox.credentials.channel === 'cloud_api' && (await this.inboxes.findByPhoneNumberId(inbox.credentials.phoneNumberId))) {
        // The webhook finds the inbox by this id, so it must name one inbox only.
        throw new ValidationFailed('An inbox with this phone_number_id already exists', 'phone_number_id');
      }
      await this.inboxes.insert(inbox);
      return inbox;
    });
  }
}
