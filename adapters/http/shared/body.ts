import { Static, TObject, TSchema, Type } from '@sinclair/typebox';
import { requestName } from '../../../domain/shared/changes';
import { Items, Text } from '../../../domain/shared/limits';
import { requireSomeField } from './validation';

// Request body schemas are written with TypeBox: the schema is plain JSON Schema (ajv compiles it, the
// OpenAPI document shows it), and `Static<typeof schema>` is its TypeScript type, so a schema and the
// type the handler receives cannot drift apart.

export { Type };
export type { Static, TSchema };

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Closed string sets as `{ type: 'string', enum: [...] }` (one readable error), typed as the union. */
const enumOf = <V extends string>(values: readonly V[]) => Type.Unsafe<V>({ type: 'string', enum: [...values] });

// The limits live in the domain, so that what the inbound receiver stores keeps them too.
export { Items, Text };

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

/** camelCase → snake_case, as a type: `birthDate` → `birth_date` (what `requestName` does to a value). */
export type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S;

/**
 * The names a request gives an entity's fields, in their order: `DEAL_CHANGE_FIELDS` gives `title`, …,
 * `expected_close_date`. Typed, so that a route reading them from a body whose schema lacks one fails to compile.
 */
export const requestFields = <const F extends string>(fields: readonly F[]): Snake<F>[] => fields.map(requestName) as Snake<F>[];

/** The properties of an object schema, in their order: the fields a body declares. */
export const fieldsOf = <P extends Record<string, TSchema>>(schema: TObject<P>): (keyof P & string)[] => Object.keys(schema.properties);

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
