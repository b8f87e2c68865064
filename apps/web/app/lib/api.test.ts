import { productListSchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, serverApi } from './api.ts';

const contextAnswering = (response: () => Response) =>
  ({ apiFetch: async () => response() }) as unknown as AppLoadContext;

describe('serverApi', () => {
  it('turns an API too busy to answer into the page answering 503, so the busy page shows', async () => {
    const busy = () =>
      new Response(JSON.stringify({ code: 'SERVER_BUSY', message: 'busy' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '2' },
      });
    const thrown = await serverApi(contextAnswering(busy), 'ar')
      .get('/api/x', productListSchema)
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get('retry-after')).toBe('2');
  });

  it('leaves other failures to the caller as ApiRequestError', async () => {
    const missing = () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'x' }), { status: 404 });
    const thrown = await serverApi(contextAnswering(missing), 'en')
      .get('/api/x', productListSchema)
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiRequestError);
  });
});
