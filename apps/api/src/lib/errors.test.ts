import { describe, expect, it } from 'vitest';
import { toApiError } from './errors.ts';

describe('toApiError', () => {
  it('answers a statement cancelled by the statement timeout as 503 busy, in the request language', () => {
    // As the query builder throws it: PostgreSQL's query_canceled as the cause.
    const cancelled = Object.assign(new Error('Failed query: select …'), {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    });
    expect(toApiError(cancelled, 'en')).toEqual({
      status: 503,
      headers: { 'retry-after': '1' },
      body: { code: 'SERVER_BUSY', message: 'The shop is busy right now, please try again in a moment' },
    });
    expect(toApiError(cancelled, 'ar').body.message).toBe('المتجر مشغول الآن، حاول مرة أخرى بعد لحظات');
  });

  it('keeps other database failures a 500 without details', () => {
    const failed = Object.assign(new Error('boom'), { cause: { code: '23505' } });
    expect(toApiError(failed, 'en')).toMatchObject({ status: 500, body: { code: 'INTERNAL' } });
  });
});
