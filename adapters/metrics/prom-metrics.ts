import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Logger } from '../../application/shared/logger';
import { CounterLabels, CounterName, Metrics } from '../../application/shared/metrics';

/** One HTTP request, as the access log sees it once it is answered. */
export interface ObservedRequest {
  method: string;
  /** The route's template (`/api/v1/deals/:id`), never the path as sent; `unmatched` when no route took it. */
  route: string;
  status: number;
  seconds: number;
}

export interface Scrape {
  contentType: string;
  text: string;
}

export interface Backlog {
  pending: number;
  oldestAgeSeconds: number;
  /** Deliveries of events to subscriptions waiting or under way, how long the oldest has waited, and the subscriptions disabled. */
  deliveries?: { pending: number; oldestAgeSeconds: number; disabledSubscriptions: number };
  /** Active WhatsApp inboxes whose provider last reported the session not open. */
  disconnectedInboxes?: number;
}

export interface PromMetricsOptions {
  /** The deal event outbox's backlog, read at every scrape. */
  backlog?: () => Promise<Backlog>;
  logger?: Pick<Logger, 'debug'>;
  /** How long a scrape waits for the backlog (ms); past it the gauges read NaN rather than fail the scrape. */
  backlogTimeoutMs?: number;
}

interface CounterSpec<N extends CounterName> {
  name: string;
  help: string;
  label: keyof CounterLabels[N] & string;
  /** Shown at 0 from the start, so a rate can be taken before the first event. */
  values: readonly string[];
}

const COUNTERS: { [N in CounterName]: CounterSpec<N> } = {
  workflowRuns: {
    name: 'workflow_runs_total',
    help: 'Workflow runs recorded by the deal event dispatcher, by status.',
    label: 'status',
    values: ['succeeded', 'failed'],
  },
  inboundDeliveries: {
    name: 'inbound_deliveries_total',
    help: 'Payloads received by the inbound webhook endpoints, by what they were answered.',
    label: 'outcome',
    values: ['succeeded', 'refused', 'crashed', 'duplicate'],
  },
  eventDeliveries: {
    name: 'event_delivery_attempts_total',
    help: 'Attempts to deliver an event to a subscription, by outcome (gone: answered 410, abandoned: its subscription was gone).',
    label: 'outcome',
    values: ['succeeded', 'failed', 'gone', 'abandoned'],
  },
  rateLimitedRequests: {
    name: 'rate_limited_requests_total',
    help: 'Requests refused with 429, by budget: key (per API key), public (webhooks), auth (failed authentications).',
    label: 'scope',
    values: ['key', 'public', 'auth'],
  },
  rateLimitFailures: {
    name: 'rate_limit_failures_total',
    help: 'Budget checks whose rate limiter failed, the request let through, by budget: key, public, auth.',
    label: 'scope',
    values: ['key', 'public', 'auth'],
  },
};

let processRegistry: Registry | undefined;

/**
 * Node's and the process's own metrics (CPU, memory, event loop lag, GC, handles), once per process
 * however many runtimes it builds: each collector watches the process, not a runtime.
 */
export const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/**
 * The application's metrics, kept by prom-client in a registry of this runtime: the counters the core
 * moves through the `Metrics` port, the HTTP request durations, and the outbox backlog read at scrape
 * time. `registries()` is what a cluster worker hands the primary to aggregate.
 */
export class PromMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly counters: { [N in CounterName]: Counter<string> };
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private reading: Promise<Backlog | null> | null = null;

  constructor(private readonly options: PromMetricsOptions = {}) {
    const registers = [this.registry];
    this.counters = Object.fromEntries(
      Object.entries(COUNTERS).map(([key, spec]) => {
        const counter = new Counter({ name: spec.name, help: spec.help, labelNames: [spec.label], registers });
        for (const value of spec.values) counter.inc({ [spec.label]: value }, 0);
        return [key, counter];
      }),
    ) as { [N in CounterName]: Counter<string> };
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    if (options.backlog) {
      const backlog = () => this.backlog();
      // Both gauges come from one read of the outbox per scrape. Every worker reads the same database, so
      // the cluster's aggregate takes the largest answer rather than the sum.
      new Gauge({
        name: 'deal_events_pending',
        help: 'Deal events written and not yet delivered to the workflows, across teams.',
        registers,
        aggregator: 'max',
        async collect() {
          this.set((await backlog())?.pending ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'deal_events_oldest_pending_age_seconds',
        help: 'How long the oldest undelivered deal event has waited (0: none waits).',
        registers,
        aggregator: 'max',
        async collect() {
          this.set((await backlog())?.oldestAgeSeconds ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'event_deliveries_pending',
        help: 'Deliveries of events to subscriptions waiting for an attempt or under way, across teams.',
        registers,
        aggregator: 'max',
        async collect() {
          this.set((await backlog())?.deliveries?.pending ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'event_deliveries_oldest_pending_age_seconds',
        help: 'How long the oldest waiting delivery has waited since it was made (0: none waits).',
        registers,
        aggregator: 'max',
        async collect() {
          this.set((await backlog())?.deliveries?.oldestAgeSeconds ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'event_subscriptions_disabled',
        help: 'Event subscriptions the service disabled (410 Gone, or failing too long), across teams.',
        registers,
        aggregator: 'max',
        async collect() {
          this.set((await backlog())?.deliveries?.disabledSubscriptions ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'whatsapp_inboxes_disconnected',
        help: 'Active WhatsApp inboxes whose provider last reported the session not open (Evolution connection.update), across teams.',
        registers,
        aggregator: 'max',
        async collect() {
          this.set((await backlog())?.disconnectedInboxes ?? Number.NaN);
        },
      });
    }
  }

  count<N extends CounterName>(name: N, labels: CounterLabels[N]): void {
    this.counters[name].inc(labels as Record<string, string>);
  }

  observeRequest(request: ObservedRequest): void {
    this.duration.observe({ method: request.method, route: request.route, status: String(request.status) }, request.seconds);
  }

  /** This runtime's metrics and the process's. */
  registries(): Registry[] {
    return [processMetrics(), this.registry];
  }

  /** This process's metrics in the Prometheus text format. */
  async scrape(): Promise<Scrape> {
    const merged = Registry.merge(this.registries());
    return { contentType: merged.contentType, text: await merged.metrics() };
  }

  /** One read of the backlog shared by the gauges of a scrape; null when the database does not answer in time. */
  private backlog(): Promise<Backlog | null> {
    const read = this.options.backlog;
    if (!read) return Promise.resolve(null);
    this.reading ??= withTimeout(read(), this.options.backlogTimeoutMs ?? 1000)
      .catch((err: unknown) => {
        this.options.logger?.debug({ err }, 'metrics: the deal event backlog could not be read');
        return null;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}
