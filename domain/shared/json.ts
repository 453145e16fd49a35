// Free-form JSON kept as sent (campaign goals and lists).
import { ValidationFailed } from './errors';

/**
 * The deepest nesting a free-form value may have. Copying and writing a value are recursive: a value
 * nested thousands of levels deep overflows the call stack. No real document nests this deep.
 */
export const MAX_JSON_DEPTH = 32;

/** How deep `value` nests: 0 for a scalar, 1 for `[]` or `{}`, 2 for `[[]]`. Walked without recursion. */
export const depthOf = (value: unknown): number => {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
};

/** `value`, or 400 on `field` when it nests deeper than `MAX_JSON_DEPTH`. */
export const requireJsonDepth = <T>(value: T, field: string): T => {
  if (depthOf(value) > MAX_JSON_DEPTH) throw new ValidationFailed(`${field} must not be nested more than ${MAX_JSON_DEPTH} levels deep`, field);
  return value;
};
