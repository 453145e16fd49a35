import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { ConversationData } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';

export class GetConversation {
  constructor(private readonly conversations: ConversationRepository) {}

  async execute(team: TeamContext, id: string): Promise<ConversationData> {
    const found = await this.conversations.findById(team, id);
    if (!found) throw new NotFound('Conversation not found');
    return found;
  }
}
