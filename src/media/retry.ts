/**
 * Retries for calls to a media store (Netlify Blobs answers an occasional 5xx or drops a
 * connection): `attempts` tries, waiting `backoffMs` before the second and twice as long before
 * each further one. Errors `permanent` says will not change are not retried.
 */
export interface RetryOptions {
  /** Tries in all (default 4). */
  attempts?: number;
  /** Wait before the second try; doubled before each further one (default 500 ms). */
  backoffMs?: number;
}

/** The last error of a call that was given up, and how many tries it had; the error is `cause`. */
export class GaveUp extends Error {
  override name = 'GaveUp';
  constructor(
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`after ${attempts} tr${attempts === 1 ? 'y' : 'ies'}: ${(cause as Error).message}`, { cause });
  }
}

export async function withRetries<T>(call: () => Promise<T>, options: RetryOptions = {}, permanent: (error: unknown) => boolean = () => false): Promise<T> {
  const attempts = options.attempts ?? 4;
  let wait = options.backoffMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (permanent(error) || attempt >= attempts) throw new GaveUp(attempt, error);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait *= 2;
    }
  }
}
