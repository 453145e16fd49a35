import { ProviderError } from './message';

/**
 * An error the provider reported about an inbox's number as a whole (the webhook's `value.errors[]`),
 * not about one message: a rate limit hit, an account or app problem. Kept so an operator can see why
 * traffic stopped.
 */
export interface InboxErrorData extends ProviderError {
  id: string;
  teamId: string;
  inboxId: string;
  createdAt: string;
}
