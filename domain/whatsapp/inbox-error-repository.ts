import { TeamContext } from '../shared/team';
import { InboxErrorData } from './inbox-error';

export interface InboxErrorFilter {
  inboxId?: string;
}

export interface InboxErrorRepository {
  insert(error: InboxErrorData): Promise<void>;
  /** The team's errors, newest first, at most `limit`. */
  list(team: TeamContext, filter: InboxErrorFilter, limit: number): Promise<InboxErrorData[]>;
}
