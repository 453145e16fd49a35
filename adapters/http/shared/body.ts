import { Static, TSchema, Type } from '@sinclair/typebox';
import { requireSomeField } from './validation';

// Request body schemas are written with TypeBox: the schema is plain JSON Schema (ajv compiles it, the
// OpenAPI document shows it), and `Static<typeof schema>` is its TypeScript type, so a schema and the
// type the handler receives cannot drift apart.

export { Type };
export type { Static, TSchema };

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Closed string sets as `{ type: 'string', enum: [...] }` (one readable error), typed as the union. */
const enumOf = <V extends string>(values: readonly V[]) => Type.Unsafe<V>({ type: 'string', enum: [...values] });

/**
 * The longest text a request may send, in characters (as people count them: `Ç` and an emoji are one
 * each, whatever their bytes). Every text of a body or query has one, so that one tenant's 1 MB note
 * cannot make every list page of the team 100 MB. Over it is 400 VALIDATION_ERROR naming the field.
 */
export const Text = {
  /** Names, titles, slugs and short free text (a source, a phase, a column, a path in a payload). */
  name: 200,
  /** The longest address SMTP carries (RFC 5321). */
  email: 254,
  /** A phone as people type it, spaces and punctuation included. */
  phone: 40,
  /** Document and registration numbers, postal codes, colors, status words, timestamps. */
  code: 50,
  /** Descriptions, notes, briefings, checklists, reasons. */
  long: 10_000,
  /** One tag. */
  tag: 50,
  /** A search or a text filter in the query string. */
  query: 200,
} as const;

/** The most items a list, or keys a free-form object, may hold. */
export const Items = {
  /** Tags of one record, and the items of a free-form list. */
  list: 50,
  /** Keys of a free-form object (a field mapping, campaign goals). */
  keys: 50,
} as const;

type Limit = number;

/** Body fields every context uses. A text field always says its longest length (`Text`). */
export const B = {
  string: (maxLength: Limit) => Type.String({ maxLength }),
  nullableString: (maxLength: Limit) => nullable(Type.String({ maxLength })),
  /** Not empty, not only spaces. */
  nonEmptyString: (maxLength: Limit) => Type.String({ minLength: 1, maxLength, pattern: '\\S' }),
  uuid: () => Type.String({ format: 'uuid' }),
  nullableUuid: () => nullable(Type.String({ format: 'uuid' })),
  date: () => Type.String({ format: 'date' }),
  nullableDate: () => nullable(Type.String({ format: 'date' })),
  dateTime: () => Type.String({ format: 'date-time' }),
  nullableDateTime: () => nullable(Type.String({ format: 'date-time' })),
  number: () => Type.Number(),
  nullableNumber: () => nullable(Type.Number()),
  boolean: () => Type.Boolean(),
  /** Tags: at most `Items.list`, each at most `Text.tag` characters. */
  tags: () => Type.Array(Type.String({ maxLength: Text.tag }), { maxItems: Items.list }),
  uuidArray: () => Type.Array(Type.String({ format: 'uuid' }), { maxItems: Items.list }),
  enumOf,
  nullableEnumOf: <V extends string>(values: readonly V[]) => nullable(enumOf(values)),
  nullable,
  optional: <T extends TSchema>(schema: T) => Type.Optional(schema),
};

/** snake_case → camelCase, as a type: `birth_date` → `birthDate`. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
export type CamelKeys<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };

const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A validated body's keys in camelCase, for the command a use case takes (`birth_date` → `birthDate`);
 * only the top level: nested values (an address, custom fields) are the route's to map.
 */
export const camelKeys = <T extends object>(body: T): CamelKeys<T> =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [camel(k), v])) as CamelKeys<T>;

/** The fields of `body` that are listed, and nothing else (the route's whitelist of what a use case may see). */
export const pick = <T extends object, K extends keyof T>(body: T, fields: readonly K[]): Pick<T, K> =>
  Object.fromEntries(fields.filter((f) => (body as Record<PropertyKey, unknown>)[f] !== undefined).map((f) => [f, body[f]])) as Pick<T, K>;

/**
 * An update body's change set: the listed fields that were sent, in camelCase; none of them sent is
 * 400 VALIDATION_ERROR ("Send at least one of: …").
 */
export const changesOf = <T extends object, K extends keyof T & string>(body: T, fields: readonly K[]): CamelKeys<Pick<T, K>> => {
  const picked = pick(body, fields);
  requireSomeField(picked, fields);
  return camelKeys(picked);
};
