// A media link is looked at before it is sent: the provider (Meta, or a self-hosted Evolution gateway on the
// operator's network) fetches it on our word, so it must pass the same guard as every call this server makes.
// One HEAD request, through the guard's `lookup` (the address connected to is the one judged): redirects are
// not followed, no body is read, and a short deadline bounds it. Only what the guard refuses stops the send.
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { MediaProbe } from '../../application/whatsapp/media-probe';
import { ProviderFailure } from '../../application/whatsapp/whatsapp-provider';
import { ValidationFailed } from '../../domain/shared/errors';
import { StatedFile } from '../../domain/whatsapp/outbound-content';
import { ProviderUrlGuard } from './provider-url-guard';

export interface HttpMediaProbeOptions {
  /** Judges the link: the provider guard's rules (private networks as the operator allows them). */
  guard: ProviderUrlGuard;
  /** How long the HEAD may take before the send goes on without it. */
  timeoutMs: number;
}

const NOTHING: StatedFile = { contentType: null, contentLength: null };

const refused = (err: unknown): boolean => err instanceof ProviderFailure && err.kind === 'rejected';

export class HttpMediaProbe implements MediaProbe {
  constructor(private readonly options: HttpMediaProbeOptions) {}

  async probe(url: string): Promise<StatedFile> {
    let target: ReturnType<ProviderUrlGuard['prepare']>;
    try {
      target = this.options.guard.prepare(url);
    } catch (err) {
      throw refused(err) ? new ValidationFailed((err as Error).message, 'media.url') : err;
    }
    const outcome = await this.head(target);
    if (outcome instanceof ProviderFailure) throw new ValidationFailed(outcome.message, 'media.url');
    return outcome;
  }

  /** What the server stated, nothing when it did not answer usefully, or the guard's refusal of an address. */
  private head({ url, lookup }: ReturnType<ProviderUrlGuard['prepare']>): Promise<StatedFile | ProviderFailure> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (value: StatedFile | ProviderFailure): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req?.destroy();
        resolve(value);
      };
      const timer = setTimeout(() => settle(NOTHING), this.options.timeoutMs);
      const answered = (res: IncomingMessage): void => {
        const status = res.statusCode ?? 0;
        settle(status >= 200 && status < 300 ? statedBy(res) : NOTHING);
      };
      let req: ReturnType<typeof httpRequest> | undefined;
      try {
        req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'HEAD', lookup, agent: false }, answered);
      } catch {
        settle(NOTHING);
        return;
      }
      req.on('error', (err) => settle(refused(err) ? (err as ProviderFailure) : NOTHING));
      req.end();
    });
  }
}

function statedBy(res: IncomingMessage): StatedFile {
  const type = res.headers['content-type'];
  const length = res.headers['content-length'];
  const bytes = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
  return { contentType: type && type.trim() !== '' ? type : null, contentLength: bytes };
}
