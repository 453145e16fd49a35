// Evolution API (v2) gateway: POST {base_url}/message/sendText/{instance} with the `apikey` header.
import { OutboundText, ProviderFailure, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { ProviderError } from '../../domain/whatsapp/message';
import { ProviderUrlGuard } from './provider-url-guard';
import { isObject, postJson, str } from './post-json';

export interface EvolutionOptions {
  timeoutMs: number;
  guard: ProviderUrlGuard;
}

export class EvolutionProvider implements WhatsAppProvider {
  constructor(private readonly options: EvolutionOptions) {}

  async sendText({ credentials, to, text }: OutboundText): Promise<ProviderReceipt> {
    if (credentials.channel !== 'evolution') throw new ProviderFailure('rejected', 'Not an Evolution inbox');
    const url = `${credentials.baseUrl.replace(/\/+$/, '')}/message/sendText/${encodeURIComponent(credentials.instance)}`;
    const answer = await postJson(this.options.guard, url, { apikey: credentials.apiKey }, { number: to, text }, this.options.timeoutMs);
    if (answer.status >= 200 && answer.status < 300) {
      const key = isObject(answer.body) && isObject(answer.body.key) ? answer.body.key : null;
      const id = key ? str(key.id) : null;
      if (!id) throw new ProviderFailure('unreachable', 'Evolution answered without a message id');
      return { providerMessageId: id };
    }
    throw new ProviderFailure(
      answer.status >= 500 ? 'unreachable' : 'rejected',
      `Evolution refused the message (HTTP ${answer.status})`,
      errorOf(answer.body, answer.status),
    );
  }
}

/** Evolution errors: { status, error, response: { message: string | string[] } }. */
function errorOf(body: unknown, status: number): ProviderError {
  if (!isObject(body)) return { code: String(status), title: null, detail: typeof body === 'string' ? body.slice(0, 500) : null };
  const response = isObject(body.response) ? body.response : null;
  const message = response?.message;
  const detail = Array.isArray(message) ? message.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; ') : str(message);
  return { code: str(body.status) ?? String(status), title: str(body.error), detail };
}
