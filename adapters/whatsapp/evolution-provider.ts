// Evolution API (v2) gateway, with the `apikey` header: POST {base_url}/message/sendText/{instance} for text,
// /message/sendMedia/{instance} for an image, video or document by link, /message/sendWhatsAppAudio/{instance}
// for an audio (sent as a voice note). Evolution has no approved templates: those are refused before a send.
import { OutboundMessage, ProviderFailure, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { ProviderError } from '../../domain/whatsapp/message';
import { ProviderUrlGuard } from './provider-url-guard';
import { isObject, postJson, str } from './post-json';

export interface EvolutionOptions {
  timeoutMs: number;
  guard: ProviderUrlGuard;
}

export class EvolutionProvider implements WhatsAppProvider {
  constructor(private readonly options: EvolutionOptions) {}

  async send(message: OutboundMessage): Promise<ProviderReceipt> {
    const { credentials, to } = message;
    if (credentials.channel !== 'evolution') throw new ProviderFailure('rejected', 'Not an Evolution inbox');
    const { route, body } = requestOf(message, to);
    const url = `${credentials.baseUrl.replace(/\/+$/, '')}/message/${route}/${encodeURIComponent(credentials.instance)}`;
    const answer = await postJson(this.options.guard, url, { apikey: credentials.apiKey }, body, this.options.timeoutMs);
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

/** Evolution's route and body for a message (its SendTextDto, SendMediaDto and SendAudioDto). */
function requestOf(message: OutboundMessage, number: string): { route: string; body: Record<string, unknown> } {
  switch (message.kind) {
    case 'text':
      return { route: 'sendText', body: { number, text: message.text } };
    case 'media': {
      const { type, url, caption, filename, mimeType } = message.media;
      if (type === 'audio') return { route: 'sendWhatsAppAudio', body: { number, audio: url } };
      const body: Record<string, unknown> = { number, mediatype: type, media: url };
      if (caption !== null) body.caption = caption;
      if (filename !== null) body.fileName = filename;
      if (mimeType !== null) body.mimetype = mimeType;
      return { route: 'sendMedia', body };
    }
    case 'template':
      throw new ProviderFailure('rejected', 'Evolution has no approved templates');
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
