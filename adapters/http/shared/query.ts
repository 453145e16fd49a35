import { Static, TObject, TProperties, TSchema, Type } from '@sinclair/typebox';
import { Unprocessable, ValidationFailed } from '../../../domain/shared/errors';
import { Text } from '../../../domain/shared/limits';
import { isUuid, requireCalendarDate, requireTimestamp } from '../../../domain/shared/values';
import { CamelKeys, camelKeys } from './body';
import { ParameterDoc, Schema } from './operation';
import { Ctx, queryValue } from './params';
import { compiled, describeSchema } from './validation';

// Query parameters are declared like bodies, as a TypeBox object of their schemas (`Q`), in the order they
// are read: `query: Type.Object({ project_id: Q.uuid('…'), min_value: Q.number('…') })`. From it come the
// operation's documented parameters (`queryParameters`) and its reader (`queryReader`, compiled once),
// which hands the command the values typed and named in camelCase (`projectId`, `minValue`).
//
// How a value is read: the last one of a repeated parameter counts, an empty one is absent; the text
// becomes the declared type (a number, `true`/`false`), is checked against its schema, then against the
// domain's rule for its format (a UUID, lower-cased; a date from year 1 to 9999; a timestamp, normalized to
// UTC as `Date.toISOString` writes it). The first parameter that
// fails, in the declared order, is 400 naming it: `<name> must be <what the schema accepts>`.

const AS_SENT = Symbol('read as sent');
const UNPROCESSABLE = Symbol('refused with 422');
const TIMESTAMP = Symbol('an instant');

type Marked = Schema & { [AS_SENT]?: true; [UNPROCESSABLE]?: true; [TIMESTAMP]?: true };

const optional = <S extends TSchema>(schema: S) => Type.Optional(schema);
const described = (description: string | undefined) => (description === undefined ? {} : { description });

/** Query parameter schemas; each is optional, and says what it means in `description` (the parameter's, in the document). */
export const Q = {
  /** Free text that reaches storage: at most `Text.query` characters. */
  text: (description?: string) => optional(Type.String({ maxLength: Text.query, ...described(description) })),
  uuid: (description?: string) => optional(Type.String({ format: 'uuid', ...described(description) })),
  number: (description?: string) => optional(Type.Number(described(description))),
  /** `YYYY-MM-DD`, a real day from 0001-01-01 to 9999-12-31. */
  date: (description?: string) => optional(Type.String({ format: 'date', ...described(description) })),
  /**
   * An instant, ISO 8601: a date-time with any offset, or a date alone (its midnight in UTC), from year 1 to
   * 9999 in UTC (`requireTimestamp`). The command gets it in UTC as `Date.toISOString` writes it, which
   * every backend compares with its stored timestamps.
   */
  timestamp: (description?: string) =>
    optional(
      Type.Unsafe<string>({
        type: 'string',
        examples: ['2026-11-24T10:00:00Z', '2026-11-24'],
        ...described(description),
        [TIMESTAMP]: true,
      }),
    ),
  /** `true` or `false`. */
  boolean: (description?: string) => optional(Type.Boolean(described(description))),
  oneOf: <V extends string>(values: readonly V[], description?: string) =>
    optional(Type.Unsafe<V>({ type: 'string', enum: [...values], ...described(description) })),
  /**
   * Documented as `schema`, read as the text sent: the use case gives it its meaning (an unlisted value
   * that applies no filter, or a refusal in its own words).
   */
  asSent: (schema: Schema, description?: string) =>
    optional(Type.Unsafe<string>({ ...schema, ...described(description), [AS_SENT]: true })),
  /** The same parameter, refused with 422 rather than 400 (the lead list's filters, as the spec keeps them). */
  unprocessable: <S extends TSchema>(schema: S): S => ({ ...schema, [UNPROCESSABLE]: true }),
};

/**
 * `updated_since`, which every list takes (docs/api.md, Pagination): only the records whose `updated_at` is at
 * or after the instant, so that a copy of a list is kept in step by reading what changed since it was last read.
 * Spread into a list's `query`; `records` names them in the description (`'clients'`).
 */
export const updatedSince = (records: string) => ({
  updated_since: Q.timestamp(
    `Only ${records} created or changed at or after this instant (\`updated_at\` >= it): ISO 8601, a date-time with ` +
      'any offset or a date alone (its midnight in UTC).',
  ),
});

/** No query parameter: what a route that declares none reads. */
export type NoQuery = Record<never, TSchema>;

/** The command fields a query gives, named in camelCase: `project_id` → `projectId`. */
export type QueryValues<P extends TProperties> = CamelKeys<Static<TObject<P>>>;

/** The parameters of a query, in their order, for the document: the description is the parameter's. */
export const queryParameters = <P extends TProperties>(query: TObject<P> | undefined): ParameterDoc[] =>
  Object.entries(query?.properties ?? {}).map(([name, property]) => {
    const { description, type, ...rest } = property as Schema;
    // The schema as JSON has it (TypeBox's and the reader's marks are symbols), `type` first as the
    // document has always written a parameter's.
    const schema = { ...(type === undefined ? {} : { type }), ...Object.fromEntries(Object.entries(rest)) };
    return { name, in: 'query', schema, ...(typeof description === 'string' ? { description } : {}) };
  });

/** What a schema accepts, as a refusal says it: text is only ever too long. */
const accepted = (schema: Schema): string =>
  schema.type === 'string' && schema.format === undefined && schema.enum === undefined && typeof schema.maxLength === 'number'
    ? `at most ${schema.maxLength} characters long`
    : describeSchema(schema);

/** The text as the schema's type: a number or a boolean when it reads as one, else the text (which the check then refuses). */
const typed = (text: string, type: unknown): unknown => {
  if (type === 'number' || type === 'integer') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
};

/** Reads one parameter's text into its value, or throws naming it. */
function parameterReader(name: string, schema: Marked): (text: string) => unknown {
  if (schema[AS_SENT]) return (text) => text;
  const check = compiled(schema);
  const refusal = `${name} must be ${accepted(schema)}`;
  const refuse = (message: string): never => {
    throw schema[UNPROCESSABLE] ? new Unprocessable(message, name) : new ValidationFailed(message, name);
  };
  return (text) => {
    const value = typed(text, schema.type);
    if (!check(value)) return refuse(refusal);
    // The domain's rules for a format, stricter than the schema's: a UUID alone (not `urn:uuid:…`), in
    // lower case as stored; a date in the years every backend keeps.
    if (schema.format === 'uuid') return isUuid(value) ? value.toLowerCase() : refuse(refusal);
    if (schema.format === 'date') return requireCalendarDate(value as string, name);
    if (schema[TIMESTAMP]) return requireTimestamp(value as string, name);
    return value;
  };
}

/** The reader of a declared query: its values typed, named in camelCase, absent ones left out. */
export function queryReader<P extends TProperties>(query: TObject<P> | undefined): (ctx: Ctx) => QueryValues<P> {
  const readers = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
    name,
    read: parameterReader(name, schema as Marked),
  }));
  return (ctx) => {
    const values: Record<string, unknown> = {};
    for (const { name, read } of readers) {
      const text = queryValue(ctx, name);
      if (text !== undefined) values[name] = read(text);
    }
    return camelKeys(values) as QueryValues<P>;
  };
}
