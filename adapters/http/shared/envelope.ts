import { ListQuery, Page } from '../../../domain/shared/list';

export const one = <T>(data: T) => ({ success: true as const, data });

export const many = <T, R>(page: Page<T>, query: Pick<ListQuery, 'page' | 'limit'>, present: (item: T) => R) => ({
  success: true as const,
  data: page.items.map(present),
  pagination: { page: query.page, limit: query.limit, total: page.total, pages: Math.ceil(page.total / query.limit) },
});

export const failure = (code: string, message: string, details?: Record<string, unknown>) => ({
  success: false as const,
  error: details === undefined ? { code, message } : { code, message, details },
});
