import { describe, expect, it, vi } from 'vitest';
import { isPageError } from '../errors/error-kind';
import { ApiError } from './api-error';
import { createQueryClient, shouldRetry } from './query-client';

describe('the retry policy', () => {
  const serverError = new ApiError('InternalException', 'boom', 503);

  it('retries server errors (status 500 or more) up to 3 times', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError('InternalException', 'boom', 500))).toBe(true);
  });

  it('never retries client errors or failures that are not answers', () => {
    expect(shouldRetry(0, new ApiError('NotFoundException', 'gone', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('UnauthorizedException', 'who', 401))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('runs a failing query 4 times in all, without delay, and never refetches on focus', async () => {
    const client = createQueryClient(() => {});
    const queryFn = vi.fn().mockRejectedValue(serverError);
    const started = Date.now();
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn })).rejects.toBe(serverError);
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(client.getDefaultOptions().queries).toMatchObject({
      refetchOnWindowFocus: false,
      refetchOnMount: false,
    });
  });

  it('sends a refused (403) or missing (404) read to the page’s error screen, and nothing else', () => {
    expect(createQueryClient(() => {}).getDefaultOptions().queries?.throwOnError).toBe(isPageError);
    expect(
      isPageError(new ApiError('ForbiddenException', 'Only Parley staff may look at another company', 403)),
    ).toBe(true);
    expect(isPageError(new ApiError('NotFoundException', 'Bot not found', 404))).toBe(true);
    // A signed-out session goes to sign-in instead; a failing server and bad input show in place.
    expect(isPageError(new ApiError('UnauthorizedException', 'Sign in', 401))).toBe(false);
    expect(isPageError(serverError)).toBe(false);
    expect(isPageError(new ApiError('ValidationException', 'Bad range', 400))).toBe(false);
    expect(isPageError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('reports mutation errors unless the mutation shows them itself', async () => {
    const reported: unknown[] = [];
    const client = createQueryClient((error) => reported.push(error));
    const failing = () => Promise.reject(new ApiError('ConflictException', 'Taken', 409));
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing })
      .execute(undefined)
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing, meta: { silent: true } })
      .execute(undefined)
      .catch(() => {});
    expect(reported).toHaveLength(1);
  });
});
