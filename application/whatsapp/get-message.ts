import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { MessageData } from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';

export interface GetMessageCommand {
  id: string;
}

/** One message of the team, either direction, with its status and when each status was reported. */
export class GetMessage {
  constructor(private readonly messages: MessageRepository) {}

  async execute(team: TeamContext, command: GetMessageCommand): Promise<MessageData> {
    const found = await this.messages.findById(team, command.id);
    if (!found) throw new NotFound('Message not found');
    return found;
  }
}
