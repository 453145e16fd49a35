// How deep a JSON value nests. Nothing the API keeps needs more than a few levels; a value nested
// thousands deep only exhausts the call stack of whatever copies or prints it later.

/** The deepest nesting a request body, or a stored payload, may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * The keys leading to the first array or object nested deeper than `max` levels (the body itself being
 * level 0), or null when none is. Walked with an explicit stack: any depth is measured, none overflows.
 */
export function nestedDeeperThan(root: unknown, max = MAX_JSON_DEPTH): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length > max) return path;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return null;
}
