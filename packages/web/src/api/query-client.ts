import { QueryClient } from '@tanstack/react-query';

/**
 * Shared by React and the route guards. No automatic retries: the client already toasts every
 * failure (spec part 1 §8), and a retry would toast it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
