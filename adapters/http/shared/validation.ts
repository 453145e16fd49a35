import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationFailed } from '../../../domain/shared/errors';

// One ajv for the whole app; schemas are compiled once, when a route module is built.
const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv, ['date', 'date-time', 'email', 'uuid', 'uri']);

const fieldOf = (e: ErrorObject): string | undefined => {
  const path = e.instancePath.split('/').filter(Boolean).join('.');
  const missing = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : undefined;
  return [path, missing].filter(Boolean).join('.') || undefined;
};

const messageOf = (e: ErrorObject, field: string | undefined): string => {
  if (e.keyword === 'required') return `${field} is required`;
  if (e.keyword === 'enum') return `${field} must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return field ? `${field} ${e.message}` : `body ${e.message}`;
};

/** A checker for one JSON schema: returns the value typed, or throws 400 VALIDATION_ERROR naming the field. */
export function validator<T>(schema: object): (value: unknown) => T {
  const check: ValidateFunction = ajv.compile(schema);
  return (value: unknown): T => {
    if (check(value)) return value as T;
    const e = check.errors![0];
    const field = fieldOf(e);
    throw new ValidationFailed(messageOf(e, field), field);
  };
}

/** Schema fragments used by every context. */
export const S = {
  string: { type: 'string' },
  nullableString: { type: ['string', 'null'] },
  nonEmptyString: { type: 'string', minLength: 1, pattern: '\\S' },
  uuid: { type: 'string', format: 'uuid' },
  nullableUuid: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] },
  date: { type: 'string', format: 'date' },
  nullableDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
  dateTime: { type: 'string', format: 'date-time' },
  number: { type: 'number' },
  nullableNumber: { type: ['number', 'null'] },
  boolean: { type: 'boolean' },
  stringArray: { type: 'array', items: { type: 'string' } },
  object: { type: 'object' },
  enumOf: (values: readonly string[]) => ({ type: 'string', enum: [...values] }),
  nullableEnumOf: (values: readonly string[]) => ({ anyOf: [{ type: 'string', enum: [...values] }, { type: 'null' }] }),
} as const;

/** An update body: an object, at least one of `fields` present (else 400 VALIDATION_ERROR). */
export function requireSomeField(body: Record<string, unknown>, fields: readonly string[]): void {
  if (!fields.some((f) => body[f] !== undefined)) {
    throw new ValidationFailed(`Send at least one of: ${fields.join(', ')}`);
  }
}
