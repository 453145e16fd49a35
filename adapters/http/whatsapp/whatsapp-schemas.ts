import { CONTACT_CHANGE_FIELDS } from '../../../domain/whatsapp/contact';
import {
  MAX_TEXT_LENGTH,
  MEDIA_LIMITS,
  MEDIA_TYPES,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_PATTERN,
} from '../../../domain/whatsapp/outbound-content';
import { B, Static, Text, Type, requestFields } from '../shared/body';

/** Every field of `CONTACT_CHANGE_FIELDS`, as the request names it. */
const contactFields = {
  custom_name: B.optional(B.nullableString(Text.name)),
  notes: B.optional(B.nullableString(Text.long)),
  tags: B.optional(B.tags()),
  client_id: B.optional(B.nullableUuid()),
};

export const createContactSchema = Type.Object({ phone: B.string(Text.phone), ...contactFields });

export const updateContactSchema = Type.Object(contactFields);

/** A link the provider fetches: http or https, within `MEDIA_LIMITS.url`. */
const mediaLink = () => Type.String({ maxLength: MEDIA_LIMITS.url, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$' });
const closed = { additionalProperties: false } as const;
const named = { parameter_name: B.optional(B.string(Text.name)) };

/** Meta's template parameters, each in its own shape (`{ type: 'text', text }`, `{ type: 'currency', currency: {…} }`…). */
const templateParameter = Type.Union([
  Type.Object({ type: B.enumOf(['text']), text: B.string(MAX_TEXT_LENGTH), ...named }, closed),
  Type.Object(
    {
      type: B.enumOf(['currency']),
      currency: Type.Object(
        { fallback_value: B.string(Text.name), code: B.string(Text.code), amount_1000: Type.Integer({ minimum: -1e15, maximum: 1e15 }) },
        closed,
      ),
      ...named,
    },
    closed,
  ),
  Type.Object({ type: B.enumOf(['date_time']), date_time: Type.Object({ fallback_value: B.string(Text.name) }, closed), ...named }, closed),
  ...(['image', 'video'] as const).map((kind) =>
    Type.Object({ type: B.enumOf([kind]), [kind]: Type.Object({ link: mediaLink() }, closed), ...named }, closed),
  ),
  Type.Object(
    {
      type: B.enumOf(['document']),
      document: Type.Object({ link: mediaLink(), filename: B.optional(B.string(MEDIA_LIMITS.filename)) }, closed),
      ...named,
    },
    closed,
  ),
  Type.Object({ type: B.enumOf(['payload']), payload: B.string(Text.name), ...named }, closed),
  Type.Object({ type: B.enumOf(['coupon_code']), coupon_code: B.string(Text.code), ...named }, closed),
]);

/** A header, body or button component; a button says its kind (`sub_type`) and position (`index`). */
const templateComponent = Type.Object(
  {
    type: B.enumOf(['header', 'body', 'button']),
    sub_type: B.optional(B.enumOf(['quick_reply', 'url', 'copy_code'])),
    index: B.optional(Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.String({ maxLength: 1, pattern: '^[0-9]$' })])),
    parameters: B.optional(Type.Array(templateParameter, { maxItems: TEMPLATE_LIMITS.parameters })),
  },
  closed,
);

/** An approved template in Meta's own shape. */
export const templateSchema = Type.Object(
  {
    name: Type.String({ maxLength: 512, pattern: TEMPLATE_NAME_PATTERN }),
    language: Type.Object({ code: B.nonEmptyString(TEMPLATE_LIMITS.languageCode) }, closed),
    components: B.optional(Type.Array(templateComponent, { maxItems: TEMPLATE_LIMITS.components })),
  },
  closed,
);

/** A file sent by link: the provider fetches it. A caption is for image, video and document; a filename for a document. */
export const mediaSchema = Type.Object(
  {
    type: B.enumOf(MEDIA_TYPES),
    url: mediaLink(),
    caption: B.optional(B.string(MEDIA_LIMITS.caption)),
    filename: B.optional(B.string(MEDIA_LIMITS.filename)),
  },
  closed,
);

export const sendMessageSchema = Type.Object({
  /** WhatsApp's own limit on a text message. */
  content: B.optional(B.string(MAX_TEXT_LENGTH)),
  template: B.optional(templateSchema),
  media: B.optional(mediaSchema),
  conversation_id: B.optional(B.uuid()),
  inbox_id: B.optional(B.uuid()),
  phone: B.optional(B.string(Text.phone)),
});

/** The contact fields a request may set, as it names them, in the domain's order; anything else in a body is ignored. */
export const UPDATABLE_CONTACT_FIELDS = requestFields(CONTACT_CHANGE_FIELDS);
export const SEND_MESSAGE_FIELDS = [
  'content',
  'template',
  'media',
  'conversation_id',
  'inbox_id',
  'phone',
] as const satisfies readonly (keyof Static<typeof sendMessageSchema>)[];
