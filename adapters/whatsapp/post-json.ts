// One outbound JSON POST with a deadline, over a connection the URL guard has checked: node:http(s) with
// the guard's `lookup`, so the address connected to is the one that was judged. Redirects are not
// followed: a provider that redirects could otherwise lead the call (and its credentials) somewhere the
// guard never saw. Each call opens its own connection (no pooled socket skips the check).
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ProviderFailure } from '../../application/whatsapp/whatsapp-provider';
import { ProviderUrlGuard } from './provider-url-guard';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

export async function postJson(
  guard: ProviderUrlGuard,
  target: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<JsonAnswer> {
  const { url, lookup } = guard.prepare(target);
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  return new Promise<JsonAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const fail = (failure: ProviderFailure): void => settle(() => reject(failure));
    const timer = setTimeout(() => {
      fail(new ProviderFailure('timeout', `The provider did not answer within ${timeoutMs} ms`));
      req?.destroy();
    }, timeoutMs);

    const answered = (res: IncomingMessage): void => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => settle(() => resolve({ status: res.statusCode ?? 0, body: parsed(Buffer.concat(chunks).toString('utf8')) })));
      res.on('error', () => fail(new ProviderFailure('unreachable', 'The provider answer was cut off')));
      res.on('close', () => fail(new ProviderFailure('unreachable', 'The provider answer was cut off')));
    };

    let req: ReturnType<typeof httpRequest> | undefined;
    try {
      req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': String(payload.length), ...headers },
          lookup,
          agent: false,
        },
        answered,
      );
    } catch (e) {
      // Node refuses the request before sending anything (e.g. a header value it cannot write).
      fail(new ProviderFailure('rejected', `The provider call could not be made: ${(e as Error).message}`));
      return;
    }
    req.on('error', (e) =>
      fail(e instanceof ProviderFailure ? e : new ProviderFailure('unreachable', `The provider could not be reached: ${e.message}`)),
    );
    req.end(payload);
  });
}

const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
