// What a message sent through the API carries: free text, an approved template (Cloud API only), or a
// media link. The request names them `content`, `template` and `media`; exactly one is sent.
import { ValidationFailed } from '../shared/errors';
import { MESSAGE_LENGTHS, cutToLength } from './provider-lengths';

/** Meta's limit on a text body. */
export const MAX_TEXT_LENGTH = 4096;

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Meta's rule for a template's name: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = '^[a-z0-9_]{1,512}$';
/** The limits of a template as the API takes it; Meta's own are looser or unwritten. */
export const TEMPLATE_LIMITS = { languageCode: 15, components: 10, parameters: 100 } as const;
/** What a media message may carry: Meta's caption limit, and bounds of our own on the file name and the link. */
export const MEDIA_LIMITS = { caption: 1024, filename: 240, url: 2048 } as const;

/** An approved template as sent, in Meta's shape: its name, its language code and its parameters. */
export interface OutboundTemplate {
  name: string;
  language: string;
  /** Meta's `components` (header, body and button parameters), as given. */
  components: Record<string, unknown>[];
}

export interface OutboundMedia {
  type: MediaType;
  /** Where the provider fetches the file (http or https). */
  url: string;
  /** Not for audio, which WhatsApp shows without one. */
  caption: string | null;
  /** What the recipient sees a document called; only documents have one. */
  filename: string | null;
  /** The file's type as its server stated it, when it did. */
  mimeType: string | null;
}

export type OutboundContent =
  { kind: 'text'; text: string } | { kind: 'template'; template: OutboundTemplate } | { kind: 'media'; media: OutboundMedia };

/** The three forms as a request gives them, unchecked. */
export interface OutboundInput {
  content?: unknown;
  template?: unknown;
  media?: unknown;
}

const FORMS = ['content', 'template', 'media'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text WhatsApp will carry: not blank, within Meta's limit. */
export function requireText(content: unknown): string {
  if (typeof content !== 'string' || content.trim() === '') throw new ValidationFailed('content is required', 'content');
  if (content.length > MAX_TEXT_LENGTH) throw new ValidationFailed(`content may have at most ${MAX_TEXT_LENGTH} characters`, 'content');
  return content;
}

/** Exactly one of `content`, `template` and `media`, checked: neither, or two, is refused naming the field. */
export function outboundContent(input: OutboundInput): OutboundContent {
  const given = FORMS.filter((f) => input[f] !== undefined && input[f] !== null);
  if (given.length === 0) throw new ValidationFailed('Send one of content, template or media', 'content');
  if (given.length > 1) throw new ValidationFailed(`Send only one of content, template or media, not ${given.join(' and ')}`, given[1]);
  switch (given[0]) {
    case 'content':
      return { kind: 'text', text: requireText(input.content) };
    case 'template':
      return { kind: 'template', template: requireTemplate(input.template) };
    default:
      return { kind: 'media', media: requireMedia(input.media) };
  }
}

export function requireTemplate(value: unknown): OutboundTemplate {
  if (!isRecord(value)) throw new ValidationFailed('template must be an object', 'template');
  const { name, language, components = [] } = value;
  if (typeof name !== 'string' || !new RegExp(TEMPLATE_NAME_PATTERN).test(name)) {
    throw new ValidationFailed('template.name must be lower-case letters, digits and underscores (at most 512)', 'template');
  }
  if (typeof language !== 'string' || language.trim() === '' || language.length > TEMPLATE_LIMITS.languageCode) {
    throw new ValidationFailed(`template.language.code is required, at most ${TEMPLATE_LIMITS.languageCode} characters`, 'template');
  }
  if (!Array.isArray(components) || components.length > TEMPLATE_LIMITS.components || !components.every(isRecord)) {
    throw new ValidationFailed(`template.components must be a list of at most ${TEMPLATE_LIMITS.components} objects`, 'template');
  }
  for (const c of components) {
    const parameters = c.parameters ?? [];
    if (!Array.isArray(parameters) || parameters.length > TEMPLATE_LIMITS.parameters || !parameters.every(isRecord)) {
      throw new ValidationFailed(
        `template.components[].parameters must be a list of at most ${TEMPLATE_LIMITS.parameters} objects`,
        'template',
      );
    }
  }
  return structuredClone({ name, language, components });
}

const optionalText = (value: unknown, field: string, limit: number): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > limit)
    throw new ValidationFailed(`${field} must be at most ${limit} characters`, 'media');
  return value.trim() === '' ? null : value;
};

export function requireMedia(value: unknown): OutboundMedia {
  if (!isRecord(value)) throw new ValidationFailed('media must be an object', 'media');
  const type = value.type;
  if (typeof type !== 'string' || !(MEDIA_TYPES as readonly string[]).includes(type)) {
    throw new ValidationFailed(`media.type must be one of: ${MEDIA_TYPES.join(', ')}`, 'media');
  }
  const url = value.url;
  if (typeof url !== 'string' || url.length > MEDIA_LIMITS.url || !/^https?:\/\/\S+$/i.test(url)) {
    throw new ValidationFailed(`media.url must be an http or https URL of at most ${MEDIA_LIMITS.url} characters`, 'media.url');
  }
  const caption = optionalText(value.caption, 'media.caption', MEDIA_LIMITS.caption);
  const filename = optionalText(value.filename, 'media.filename', MEDIA_LIMITS.filename);
  if (type === 'audio' && caption !== null) throw new ValidationFailed('An audio has no caption', 'media');
  if (type !== 'document' && filename !== null) throw new ValidationFailed('Only a document has a filename', 'media');
  return { type: type as MediaType, url, caption, filename, mimeType: null };
}

/** Meta's text, currency and date-time parameters as a person reads them. */
const readableParameter = (p: Record<string, unknown>): string | null => {
  if (typeof p.text === 'string') return p.text;
  for (const key of ['currency', 'date_time']) {
    const part = p[key];
    if (isRecord(part) && typeof part.fallback_value === 'string') return part.fallback_value;
  }
  return null;
};

/**
 * What a person reads of a message: the text; a template's name and language with its body parameters
 * (`[template boas_vindas (pt_BR)] João, 15/12`); a media's caption, or its type and file name (`[document] proposta.pdf`).
 */
export function readableText(content: OutboundContent): string {
  switch (content.kind) {
    case 'text':
      return content.text;
    case 'template': {
      const { name, language, components } = content.template;
      const values = components
        .filter((c) => c.type === 'body')
        .flatMap((c) => (Array.isArray(c.parameters) ? (c.parameters as Record<string, unknown>[]) : []))
        .map(readableParameter)
        .filter((v): v is string => v !== null && v !== '');
      const heading = `[template ${name} (${language})]`;
      return values.length > 0 ? `${heading} ${values.join(', ')}` : heading;
    }
    case 'media': {
      const { type, caption, filename } = content.media;
      if (caption !== null) return caption;
      return filename !== null ? `[${type}] ${filename}` : `[${type}]`;
    }
  }
}

/** The message type a content is stored as: `text`, `template`, or the media's type. */
export const typeOf = (content: OutboundContent): string =>
  content.kind === 'media' ? content.media.type : content.kind === 'template' ? 'template' : 'text';

/**
 * The content with the file's type its server stated (`image/png; charset=…` as `image/png`), cut to what a
 * message keeps; other contents are as they were.
 */
export const withStatedType = (content: OutboundContent, mimeType: string | null): OutboundContent => {
  if (content.kind !== 'media' || mimeType === null) return content;
  const bare = bareMimeType(mimeType);
  return {
    kind: 'media',
    media: { ...content.media, mimeType: UNKNOWN_TYPES.includes(bare) ? null : cutToLength(bare, MESSAGE_LENGTHS.mediaMimeType) },
  };
};

const bareMimeType = (value: string): string => value.split(';')[0].trim().toLowerCase();
/** Types a file server states when it does not know: they say nothing of the file. */
const UNKNOWN_TYPES: readonly string[] = ['', 'application/octet-stream', 'binary/octet-stream'];

const MB = 1024 * 1024;

/**
 * What the Cloud API takes of each media type fetched from a link: the file types (any, for a document)
 * and the largest size. A file over either is refused by Meta after the fact; said first, it is a 400.
 */
export const MEDIA_FILE_LIMITS: Record<MediaType, { types: readonly string[] | null; maxBytes: number }> = {
  image: { types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: { types: ['video/mp4', 'video/3gpp', 'video/3gp'], maxBytes: 16 * MB },
  audio: { types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * MB },
  document: { types: null, maxBytes: 100 * MB },
};

/** What the file's server said of it before sending; null where it said nothing. */
export interface StatedFile {
  contentType: string | null;
  contentLength: number | null;
}

const megabytes = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Refuses (400 on `media.url`) a file whose stated type or size WhatsApp does not take for this media type. */
export function assertMediaFileFits(type: MediaType, file: StatedFile): void {
  const limits = MEDIA_FILE_LIMITS[type];
  if (file.contentType !== null && limits.types !== null) {
    const stated = bareMimeType(file.contentType);
    if (!UNKNOWN_TYPES.includes(stated) && !limits.types.includes(stated)) {
      throw new ValidationFailed(
        `The file at media.url is ${stated}; WhatsApp takes ${type} files as ${limits.types.join(', ')}`,
        'media.url',
      );
    }
  }
  if (file.contentLength !== null && file.contentLength > limits.maxBytes) {
    throw new ValidationFailed(
      `The file at media.url is ${megabytes(file.contentLength)}; WhatsApp takes ${type} files of at most ${megabytes(limits.maxBytes)}`,
      'media.url',
    );
  }
}
