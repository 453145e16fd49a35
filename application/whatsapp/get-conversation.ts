import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { ConversationData } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';

export interface GetConversationCommand {
  id: string;
}

export class GetConversation {
  constructor(private readonly conversations: ConversationRepository) {}

  async execute(team: TeamContext, command: GetConversationCommand): Promise<ConversationData> {
    const found = await this.conversations.findById(team, command.id);
    if (!found) throw new NotFound('Conversation not found');
    return found;
  }
}
