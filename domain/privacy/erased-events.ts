// An event about a record that was anonymised still shows the record as it was then, in `object` and in
// `previous`. The fields the anonymisation changed are put in as they are now, in both; the fields it left alone
// (a deal's phase, value, status at that time) stay as history. Then the person's values leave the rest.
import { EventObject, EventPayload } from '../events/event';
import { Redaction } from './redaction';

/** The fields whose value differs between a record's API shape before and after its anonymisation, as after (`updated_at` aside). */
export const anonymisedFields = (before: EventObject, after: EventObject): EventObject => {
  const changed: EventObject = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = structuredClone(after[key]);
  }
  return changed;
};

const patched = (shape: EventObject, patch: EventObject): EventObject => {
  const out: EventObject = { ...shape };
  for (const key of Object.keys(patch)) if (key in out) out[key] = structuredClone(patch[key]);
  return out;
};

/** An event's data after an erasure: the record's anonymised fields put in (when it is about one), then rewritten by the redaction. */
export const erasedEventData = (data: EventPayload, patch: EventObject | undefined, redaction: Redaction): EventPayload => {
  const withPatch: EventPayload = patch
    ? { ...data, object: patched(data.object, patch), ...(data.previous ? { previous: patched(data.previous, patch) } : {}) }
    : data;
  return redaction.json(withPatch);
};
