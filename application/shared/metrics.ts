import { WorkflowRunStatus } from '../../domain/deals/workflow';

/** What a received inbound delivery came to: what the receiver answered. */
export type InboundDeliveryOutcome = 'succeeded' | 'refused' | 'crashed' | 'duplicate';

/** Which budget refused a request: an API key's, the public webhooks' (per address or endpoint), failed authentications'. */
export type RateLimitScope = 'key' | 'public' | 'auth';

/** Every counter the core and the adapters move, with its labels. The metrics adapter names them for Prometheus. */
export interface CounterLabels {
  /** A workflow run recorded, by its status. */
  workflowRuns: { status: WorkflowRunStatus };
  inboundDeliveries: { outcome: InboundDeliveryOutcome };
  rateLimitedRequests: { scope: RateLimitScope };
  /** An attempt to deliver an event to a subscription, by what came of it (`gone`: 410, the subscription disabled). */
  eventDeliveries: { outcome: 'succeeded' | 'failed' | 'gone' | 'abandoned' };
  /** A budget that could not be checked (its limiter failed): the request was let through. */
  rateLimitFailures: { scope: RateLimitScope };
}

export type CounterName = keyof CounterLabels;

/** Counts what happens, for the operator's metrics. Never fails and never waits. */
export interface Metrics {
  count<N extends CounterName>(name: N, labels: CounterLabels[N]): void;
}

/** Counts nothing: for a use case built without metrics (tests, the CLI's own wiring). */
export const noMetrics: Metrics = { count: () => undefined };
