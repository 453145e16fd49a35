// How deep JSON nests. Copying, printing and storing a value are recursive: a value nested thousands of
// levels deep overflows the call stack of whatever handles it later. Nothing the API keeps needs that.
import { ValidationFailed } from './errors';

/** The deepest nesting of a request body or an inbound payload: `{}` is one level, `{"a":[]}` two. */
export const MAX_BODY_DEPTH = 64;

/** The deepest nesting of a free-form value kept as sent (campaign goals and lists). */
export const MAX_FREE_FORM_DEPTH = 32;

/**
 * The keys leading to the first array or object that is more than `max` levels deep, or null when none
 * is. Walked with an explicit stack, and never further than `max` levels: any depth is measured, none
 * overflows, and the cost stays linear.
 */
export function nestedDeeperThan(root: unknown, max: number): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= max) return path;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return null;
}

/** `value`, or 400 on `field` when it nests deeper than `MAX_FREE_FORM_DEPTH`. */
export const requireJsonDepth = <T>(value: T, field: string): T => {
  if (nestedDeeperThan(value, MAX_FREE_FORM_DEPTH)) {
    throw new ValidationFailed(`${field} must not be nested more than ${MAX_FREE_FORM_DEPTH} levels deep`, field);
  }
  return value;
};
