import { Conflict } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { UnitOfWork } from '../shared/unit-of-work';
import { contactOrNotFound } from './contacts';

export interface DeleteContactCommand {
  id: string;
}

export interface DeletedContact {
  id: string;
  deleted: true;
}

export class DeleteContact {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly contacts: ContactRepository,
    private readonly conversations: ConversationRepository,
  ) {}

  /** Permanent; a contact with conversations is kept (409 CONFLICT) so no message loses its sender. */
  async execute(team: TeamContext, command: DeleteContactCommand): Promise<DeletedContact> {
    const { id } = command;
    return this.uow.run(async () => {
      await contactOrNotFound(this.contacts, team, id);
      if (await this.conversations.existsForContact(team, id)) {
        throw new Conflict('The contact has conversations and cannot be deleted');
      }
      await this.contacts.delete(team, id);
      return { id, deleted: true };
    });
  }
}
