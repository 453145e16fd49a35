// Meta's WhatsApp Cloud API: POST {base}/{phone_number_id}/messages with a Bearer access token.
import { OutboundMessage, ProviderFailure, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { ProviderError } from '../../domain/whatsapp/message';
import { ProviderUrlGuard } from './provider-url-guard';
import { isObject, postJson, str } from './post-json';

/** Meta's error for free text or media outside the customer service window ("Re-engagement message"). */
const RE_ENGAGEMENT_REQUIRED = '131047';

export interface CloudApiOptions {
  /** Graph API base with its version, e.g. https://graph.facebook.com/v23.0 (WHATSAPP_CLOUD_API_URL). */
  baseUrl: string;
  timeoutMs: number;
  guard: ProviderUrlGuard;
}

export class CloudApiProvider implements WhatsAppProvider {
  constructor(private readonly options: CloudApiOptions) {}

  async send(message: OutboundMessage): Promise<ProviderReceipt> {
    const { credentials, to } = message;
    if (credentials.channel !== 'cloud_api') throw new ProviderFailure('rejected', 'Not a Cloud API inbox');
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(credentials.phoneNumberId)}/messages`;
    const answer = await postJson(
      this.options.guard,
      url,
      { authorization: `Bearer ${credentials.accessToken}` },
      { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...contentOf(message) },
      this.options.timeoutMs,
    );
    if (answer.status >= 200 && answer.status < 300) {
      const messages = isObject(answer.body) && Array.isArray(answer.body.messages) ? answer.body.messages : [];
      const id = isObject(messages[0]) ? str(messages[0].id) : null;
      // Accepted by status but without an id: we cannot tell what happened to it.
      if (!id) throw new ProviderFailure('unreachable', 'The Cloud API answered without a message id');
      return { providerMessageId: id };
    }
    const error = errorOf(answer.body, answer.status);
    // A template is what goes out when the window is closed: Meta refusing one is a refusal like any other.
    if (error.code === RE_ENGAGEMENT_REQUIRED && message.kind !== 'template')
      throw new ProviderFailure('window_closed', 'The Cloud API refused free text outside the 24-hour window', error);
    // A 5xx from Meta does not say the message was dropped; a 4xx does.
    throw new ProviderFailure(
      answer.status >= 500 ? 'unreachable' : 'rejected',
      `The Cloud API refused the message (HTTP ${answer.status})`,
      error,
    );
  }
}

/** The message's own part of the body, in Meta's shape: `text`, `template`, or `image`/`video`/`audio`/`document` by link. */
function contentOf(message: OutboundMessage): Record<string, unknown> {
  switch (message.kind) {
    case 'text':
      return { type: 'text', text: { preview_url: false, body: message.text } };
    case 'template': {
      const { name, language, components } = message.template;
      return { type: 'template', template: { name, language: { code: language }, ...(components.length > 0 ? { components } : {}) } };
    }
    case 'media': {
      const { type, url, caption, filename } = message.media;
      const media: Record<string, string> = { link: url };
      if (caption !== null && type !== 'audio') media.caption = caption;
      if (filename !== null && type === 'document') media.filename = filename;
      return { type, [type]: media };
    }
  }
}

/** Graph API errors: { error: { message, type, code, error_subcode, error_data: { details } } }. */
function errorOf(body: unknown, status: number): ProviderError {
  const e = isObject(body) && isObject(body.error) ? body.error : null;
  if (!e) return { code: String(status), title: null, detail: typeof body === 'string' ? body.slice(0, 500) : null };
  const data = isObject(e.error_data) ? e.error_data : null;
  return { code: str(e.code), title: str(e.message) ?? str(e.type), detail: (data && str(data.details)) ?? str(e.error_user_msg) };
}
