import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants';

/** A page chunk that did not arrive in time (spec part 1 §8: reported after 120 s). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Page chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withChunkTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), CHUNK_LOAD_TIMEOUT_MS);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A route's `lazy` function: the page's code is fetched on first visit, with a time-out. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await withChunkTimeout(load())) });
}
