import { Clock } from './clock';
import { Logger } from './logger';

/** One dependency the node needs to serve, or only shows, in its readiness answer. */
export interface ReadinessProbe {
  /** The key in the answer's checks: `database`, `redis`, `rate_limit_store`. */
  readonly name: string;
  /** Whether its failure makes the node not ready; a non-critical one is shown and nothing more. */
  readonly critical: boolean;
  /** `ok`, or another state that is not a failure (`not configured`, `degraded`); throws when it does not answer. */
  check(): Promise<string>;
}

export interface Readiness {
  ready: boolean;
  /** Each probe's state by name, in the probes' order; a failure is `error: <short reason>`. */
  checks: Record<string, string>;
}

export interface ReadinessOptions {
  /** How long one dependency may take to answer before it counts as failed (ms). */
  timeoutMs?: number;
  /** How long an answer is reused (ms): probes from a load balancer and an orchestrator cost one check. */
  cacheMs?: number;
}

class TimedOut extends Error {}

/**
 * A short reason that tells an operator what failed without telling a stranger much: the error's code
 * (`ECONNREFUSED`, `28P01`) when it has one, else the first sentence of its message, cut short.
 */
const reasonOf = (err: unknown): string => {
  const e = err as { code?: unknown; message?: unknown };
  if (err instanceof TimedOut) return err.message;
  if (typeof e?.code === 'string' && e.code) return e.code;
  // The first sentence of the first line: ioredis and pg explain themselves at length after it.
  const message = typeof e?.message === 'string' ? e.message.split('\n')[0].split('. ')[0].trim() : '';
  return (message || 'failed').slice(0, 120);
};

/**
 * Whether this node can serve: every critical dependency answers within the timeout. The answer is
 * cached for a second and concurrent callers share one check, so probes cost the dependencies nothing
 * much. A dependency that hangs is answered as a timeout; while its check hangs it is not asked again,
 * so a hung database does not pile up one query per probe. A failure is logged once at warn when it
 * starts and once at info when the dependency answers again.
 */
export class CheckReadiness {
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private cached: { at: number; readiness: Readiness } | null = null;
  private running: Promise<Readiness> | null = null;
  private readonly inFlight = new Map<ReadinessProbe, Promise<string>>();
  private readonly failing = new Set<string>();

  constructor(
    private readonly probes: readonly ReadinessProbe[],
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: ReadinessOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1000;
    this.cacheMs = options.cacheMs ?? 1000;
  }

  execute(): Promise<Readiness> {
    if (this.running) return this.running;
    if (this.cached && this.clock.now().getTime() - this.cached.at < this.cacheMs) return Promise.resolve(this.cached.readiness);
    this.running = this.checkAll()
      .then((readiness) => {
        this.cached = { at: this.clock.now().getTime(), readiness };
        return readiness;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async checkAll(): Promise<Readiness> {
    const states = await Promise.all(
      this.probes.map(async (probe) => {
        try {
          return { probe, state: await this.withTimeout(probe), err: null };
        } catch (err) {
          return { probe, state: `error: ${reasonOf(err)}`, err };
        }
      }),
    );
    const checks: Record<string, string> = {};
    for (const { probe, state, err } of states) {
      checks[probe.name] = state;
      this.tell(probe.name, err);
    }
    return { ready: states.every(({ probe, err }) => !probe.critical || err === null), checks };
  }

  /** The probe's answer, or a timeout; a check still running from an earlier call is waited on, not repeated. */
  private withTimeout(probe: ReadinessProbe): Promise<string> {
    let check = this.inFlight.get(probe);
    if (!check) {
      check = Promise.resolve().then(() => probe.check());
      const settled = () => {
        this.inFlight.delete(probe);
      };
      check.then(settled, settled);
      this.inFlight.set(probe, check);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimedOut(`timeout after ${this.timeoutMs} ms`)), this.timeoutMs);
      timer.unref();
    });
    return Promise.race([check, late]).finally(() => clearTimeout(timer));
  }

  private tell(dependency: string, err: unknown): void {
    if (err !== null && !this.failing.has(dependency)) {
      this.failing.add(dependency);
      this.logger.warn({ dependency, err }, 'readiness: a dependency does not answer');
    } else if (err === null && this.failing.delete(dependency)) {
      this.logger.info({ dependency }, 'readiness: the dependency answers again');
    }
  }
}

/** A dependency this node is not configured to use: shown as such, never a failure. */
export const notConfigured = (name: string): ReadinessProbe => ({ name, critical: false, check: () => Promise.resolve('not configured') });
