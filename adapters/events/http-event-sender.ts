// Posts one event delivery over a connection the target guard has checked: node:http(s) with the guard's
// `lookup`, so the address connected to is the one that was judged, at every delivery (a name re-pointed at
// a private address after registration is refused here). Redirects are not followed; each call opens its own
// connection (no pooled socket skips the check). What the receiver answers is read up to a small bound and
// dropped: only its status and `Retry-After` count.
import { IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { EventRequest, EventSender } from '../../application/events/event-sender';
import { AttemptResult } from '../../domain/events/event-delivery';

/** What the sender needs of the guard (EventUrlGuard): the URL and the `lookup` its connection must use. */
export interface GuardedTargets {
  prepare(url: string): { url: URL; lookup: LookupFunction };
}

/** The most of an answer's body read before the connection is closed. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export const retryAfterMs = (value: string | string[] | undefined, now: number): number | null => {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class HttpEventSender implements EventSender {
  constructor(private readonly guard: GuardedTargets) {}

  send(request: EventRequest): Promise<AttemptResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const failed = (error: string): AttemptResult => ({ statusCode: null, durationMs: took(), error, retryAfterMs: null });
    let target: { url: URL; lookup: LookupFunction };
    try {
      target = this.guard.prepare(request.url);
    } catch (e) {
      return Promise.resolve(failed(messageOf(e)));
    }
    const payload = Buffer.from(request.body, 'utf8');
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const settle = (result: AttemptResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const timer = setTimeout(() => {
        settle(failed(`The receiver did not answer within ${request.timeoutMs} ms`));
        req?.destroy();
      }, request.timeoutMs);

      const answered = (res: IncomingMessage): void => {
        const status = res.statusCode ?? 0;
        const result: AttemptResult = {
          statusCode: status,
          durationMs: took(),
          error:
            status >= 200 && status < 300
              ? null
              : status >= 300 && status < 400
                ? `The receiver redirected (${status}); redirects are not followed`
                : null,
          retryAfterMs: status === 429 || status === 503 ? retryAfterMs(res.headers['retry-after'], Date.now()) : null,
        };
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('end', () => settle(result));
        res.on('close', () => settle(result));
        res.on('error', () => settle(result));
      };

      let req: ReturnType<typeof httpRequest> | undefined;
      try {
        req = (target.url.protocol === 'https:' ? httpsRequest : httpRequest)(
          target.url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': String(payload.length),
              'user-agent': 'workspace-api-events/1',
              ...request.headers,
            },
            lookup: target.lookup,
            agent: false,
          },
          answered,
        );
      } catch (e) {
        settle(failed(`The delivery could not be made: ${messageOf(e)}`));
        return;
      }
      req.on('error', (e) => settle(failed(`The receiver could not be reached: ${messageOf(e)}`)));
      req.end(payload);
    });
  }
}
