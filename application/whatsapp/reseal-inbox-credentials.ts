import { CredentialsReseal, InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { UnitOfWork } from '../shared/unit-of-work';

/**
 * `workspace-admin secrets reseal`: every inbox's credentials sealed with the current SECRETS_KEY, those a
 * previous key (SECRETS_KEY_PREVIOUS) sealed and those stored in clear, in one transaction. What the
 * current key sealed is left as it is, so running it again changes nothing.
 */
export class ResealInboxCredentials {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: InboxRepository,
  ) {}

  execute(): Promise<CredentialsReseal> {
    return this.uow.run(() => this.inboxes.resealCredentials());
  }
}
