// Compile-time checks of the contract types (tsc runs this file; it has no runtime).
import { client } from './api-client';
import type { ApiData } from './api-contract';
import { useApi } from './use-api';

export async function contractExamples() {
  const stories = await client.get('/stories/users', { query: { performerId: 'x' } });
  const s: ApiData<'/stories/users'> = stories;
  // @ts-expect-error a route that does not exist
  await client.get('/no-such-route');
  // @ts-expect-error the path parameter is required
  await client.put('/stories/performers/{id}', { body: {} });
  await client.put('/stories/performers/{id}', { path: { id: 'a' }, body: { text: 'x' } });
  // @ts-expect-error a query key the route does not take
  await client.get('/stories/users', { query: { nope: 1 } });
  return s;
}

export function useContractExample() {
  const { data } = useApi('/stories/users', { query: { highlights: 'true' } });
  return data?.stories?.[0]?.text;
}
