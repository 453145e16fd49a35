import { Text } from './body';
import { ParameterDoc, Schema } from './operation';
import { ListOptions } from './params';

// Fragments for the schemas of answers and parameters in the OpenAPI document. A response schema
// lists every property the presenter writes, all required and nothing else, so a presenter and its
// documented schema cannot drift apart without a test failing.

/** An object with exactly these properties, all present (a value may still be null where its schema says so). */
export const exactObject = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

export const R = {
  uuid: { type: 'string', format: 'uuid' },
  nullableUuid: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] },
  string: { type: 'string' },
  nullableString: { type: ['string', 'null'] },
  number: { type: 'number' },
  nullableNumber: { type: ['number', 'null'] },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  dateTime: { type: 'string', format: 'date-time' },
  nullableDateTime: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
  date: { type: 'string', format: 'date' },
  nullableDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
  stringArray: { type: 'array', items: { type: 'string' } },
  anyObject: { type: 'object' },
  nullableObject: { type: ['object', 'null'] },
  enumOf: (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] }),
  nullableEnumOf: (values: readonly string[]): Schema => ({ anyOf: [{ type: 'string', enum: [...values] }, { type: 'null' }] }),
} as const;

export const queryParam = (name: string, schema: Schema, description?: string): ParameterDoc => ({
  name,
  in: 'query',
  schema,
  description,
});

/** Said of `sort` where an unlisted field falls back to `created_at` (`fallbackToCreatedAt`). */
const FALLBACK_SORT_NOTE = 'An unlisted field sorts by `created_at` in the direction given.';

/** `page`, `limit`, `sort` (a field, `-field` for descending) and, where the list has it, `search`. */
export const listParameters = (options: ListOptions<string>): ParameterDoc[] => [
  queryParam('page', { type: 'integer', minimum: 1, default: 1 }, 'Page number, from 1.'),
  queryParam('limit', { type: 'integer', minimum: 1, maximum: 100, default: 20 }, 'Items per page, 1 to 100.'),
  queryParam(
    'sort',
    { type: 'string', enum: options.sortable.flatMap((f) => [f, `-${f}`]), default: options.defaultSort ?? '-created_at' },
    ['A field to sort by; prefix `-` for descending.', options.sortNote, options.fallbackToCreatedAt ? FALLBACK_SORT_NOTE : undefined]
      .filter((s) => s !== undefined)
      .join(' '),
  ),
  // Free text that reaches storage, read by `queryText`: at most `Text.query` characters, as a text filter (`Q.text`).
  ...(options.search ? [queryParam('search', { type: 'string', maxLength: Text.query }, options.search)] : []),
];
