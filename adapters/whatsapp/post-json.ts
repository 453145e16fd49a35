// One outbound JSON POST with a deadline. Redirects are not followed: a provider that redirects could
// otherwise lead the call (and its credentials) somewhere the URL guard never saw.
import { ProviderFailure } from '../../application/whatsapp/whatsapp-provider';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

export async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const name = (e as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderFailure('timeout', `The provider did not answer within ${timeoutMs} ms`);
    }
    throw new ProviderFailure('unreachable', `The provider could not be reached: ${(e as Error).message}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    const name = (e as Error).name;
    throw new ProviderFailure(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', 'The provider answer was cut off');
  }
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
