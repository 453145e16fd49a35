// Slugs of projects and pipelines: lower case, accents stripped, words joined by dashes.
import { ValidationFailed } from '../shared/errors';

const MAX_LENGTH = 80;

/** `São Paulo — Fase 2` → `sao-paulo-fase-2`; empty when nothing usable is left. */
export const slugify = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/g, '');

/**
 * A slug the client sent: normalized the same way as a generated one, so `Meu Projeto` and
 * `meu-projeto` are the same slug and collide.
 */
export const requireSlug = (given: string, field = 'slug'): string => {
  const slug = slugify(given);
  if (!slug) throw new ValidationFailed(`${field} must contain letters or digits`, field);
  return slug;
};

/**
 * The slug generated from a name, made unique: the base when free, else `base-2`, `base-3`…
 * `taken` holds the slugs already used in the scope (the team's projects, a project's pipelines).
 */
export const uniqueSlug = (name: string, taken: Iterable<string>, fallback = 'item'): string => {
  const base = slugify(name) || fallback;
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
};
