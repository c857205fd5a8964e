import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isPageError } from '../errors/error-kind';
import { isApiError } from './api-error';

export const MAX_RETRIES = 3;

/** Retry up to 3 times, at once, and only when the server failed (status 500 or more). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isApiError(error) && error.status >= 500;
}

/**
 * Queries: retried per shouldRetry without delay; never refetched on window focus, on reconnect,
 * or when a screen mounts over cached data; a 403 or 404 goes to the page's error screen.
 * Mutations report their errors through `onMutationError`.
 */
export function createQueryClient(onMutationError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: 0,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        staleTime: Number.POSITIVE_INFINITY,
        // A read the page stands on that is refused (403) or missing (404) shows the page's error
        // screen (unauthorized, not-found), the same on every page; see isPageError.
        throwOnError: isPageError,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.meta?.silent) return;
        onMutationError(error);
      },
    }),
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the screen shows this mutation's errors itself (e.g. next to a form field). */
    mutationMeta: { silent?: boolean };
  }
}
