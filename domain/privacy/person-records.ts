// The records of one person that a privacy request reaches, by kind, and how many of them one answer holds.
import { DomainError } from '../shared/errors';

/** The kinds of record a person is found in, in the order an answer lists them. */
export const PERSON_RECORD_KINDS = [
  'clients',
  'leads',
  'identities',
  'deals',
  'whatsappContacts',
  'conversations',
  'messages',
  'inboundDeliveries',
  'activities',
  'events',
] as const;
export type PersonRecordKind = (typeof PERSON_RECORD_KINDS)[number];

/** The records of one kind a person's search gathers at most, unless the caller says otherwise. */
export const PERSON_RECORDS_LIMIT = 10_000;

/** 422 TOO_MANY_RECORDS: the person holds more records of a kind than one answer gathers. */
export class TooManyPersonRecords extends DomainError {
  readonly kind = 'unprocessable' as const;
  constructor(
    readonly recordKind: PersonRecordKind,
    readonly limit: number,
  ) {
    super(`The person holds more than ${limit} records of kind ${recordKind}`, 'TOO_MANY_RECORDS', { kind: recordKind, limit });
  }
}
