import { lazy, type ComponentType } from 'react';

/** console-spec §9: a page chunk that has not arrived in 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
}

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, exportName: K) {
  return lazy(withTimeout(() => load().then((m) => ({ default: m[exportName] }))));
}
