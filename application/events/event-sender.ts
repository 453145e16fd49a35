import { AttemptResult } from '../../domain/events/event-delivery';

/** One delivery's HTTP request: the subscription's URL, the Standard Webhooks headers and the exact body signed. */
export interface EventRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * Posts an event to a subscriber, through the target guard (the URL's addresses are judged after DNS
 * resolution, on the connection itself), following no redirect, within the timeout. Never throws: what went
 * wrong is in the result (no status code, and the error).
 */
export interface EventSender {
  send(request: EventRequest): Promise<AttemptResult>;
}
