import { EventTargetGuard } from '../../application/events/event-target-guard';
import { ProviderFailure } from '../../application/whatsapp/whatsapp-provider';
import { MAX_EVENT_URL } from '../../domain/events/event-subscription';
import { ValidationFailed } from '../../domain/shared/errors';
import { GuardedTarget, HostResolver, ProviderUrlGuard } from '../whatsapp/provider-url-guard';

export interface EventUrlGuardOptions {
  /** `EVENT_DELIVERY_ALLOW_PRIVATE_NETWORKS`: http, loopback and private networks allowed (development and tests). */
  allowPrivateNetworks: boolean;
  /** Where this API listens: never a target. */
  selfOrigins?: string[];
  /** Name resolution: the system resolver unless a test injects one. */
  resolve?: HostResolver;
}

/**
 * Where a subscription's events may go. The rules on addresses are the provider guard's (one list of what is
 * loopback, private, link-local or metadata, and what is this API); this adds what a subscriber's URL must be
 * besides: https (http too where private networks are allowed), no user name or password (they would travel
 * in the clear in every delivery's logs), and at most MAX_EVENT_URL characters.
 */
export class EventUrlGuard implements EventTargetGuard {
  private readonly guard: ProviderUrlGuard;
  private readonly allowPrivateNetworks: boolean;

  constructor(options: EventUrlGuardOptions) {
    this.allowPrivateNetworks = options.allowPrivateNetworks;
    this.guard = new ProviderUrlGuard({
      allowPrivateNetworks: options.allowPrivateNetworks,
      selfOrigins: options.selfOrigins,
      resolve: options.resolve,
      noun: 'subscription',
    });
  }

  /** When a URL is registered: its text, then every address its host resolves to now. */
  async check(url: string): Promise<void> {
    this.checkText(url);
    await refusedAsUrl(() => this.guard.check(url));
  }

  /**
   * For a delivery: the URL, and the `lookup` its connection must use, which judges the addresses again as it
   * resolves them (a refused one fails the connection with a `ProviderFailure`). A URL refused by its text or
   * literal address throws `ValidationFailed` on `url`, as `check` does.
   */
  prepare(url: string): GuardedTarget {
    this.checkText(url);
    try {
      return this.guard.prepare(url);
    } catch (err) {
      throw asUrlError(err);
    }
  }

  private checkText(url: string): void {
    if (url.length > MAX_EVENT_URL) throw new ValidationFailed(`url must be at most ${MAX_EVENT_URL} characters`, 'url');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ValidationFailed('url must be an absolute URL', 'url');
    }
    const schemes = this.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(parsed.protocol)) {
      throw new ValidationFailed(this.allowPrivateNetworks ? 'url must use https or http' : 'url must use https', 'url');
    }
    if (parsed.username || parsed.password) throw new ValidationFailed('url must not hold a user name or password', 'url');
  }
}

const asUrlError = (err: unknown): unknown => (err instanceof ProviderFailure ? new ValidationFailed(err.message, 'url') : err);

async function refusedAsUrl(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    throw asUrlError(err);
  }
}
