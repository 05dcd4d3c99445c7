/**
 * A service client wired to a fake service the way the app wires it to the real one (Node transport, TLS
 * verified against the fake's CA added as the documented extra CA), but with a virtual clock and fixed
 * jitter, so tests run retry schedules instantly and can assert each wait.
 */
import {
  createVirtualClock,
  type VirtualClock,
  createNodeFetch,
  type NodeFetch,
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from '../../src/core/service';
import type { FakeService } from './fake-service';

/** A connected client and the parts a test may want to inspect. */
export interface FakeClient {
  client: ServiceClient;
  clock: VirtualClock;
  fetch: NodeFetch;
  /** Ends the client's idle sockets. */
  close(): void;
}

/** Options: any client option, plus whether to trust the fake's CA (default true). */
export type FakeClientOptions = Partial<ServiceClientOptions> & { trustFakeCa?: boolean; clock?: VirtualClock };

/** Connects a client to `fake`. */
export function connectClient(fake: FakeService, options: FakeClientOptions = {}): FakeClient {
  const { trustFakeCa = true, clock = createVirtualClock(), ...overrides } = options;
  const fetch = createNodeFetch(trustFakeCa ? { extraCaPem: fake.caPem } : {});
  const client = createServiceClient({
    baseUrl: fake.baseUrl,
    credentials: fake.credentials,
    fetch,
    clock,
    random: () => 0.5,
    timeoutMs: 15_000,
    ...overrides,
  });
  return { client, clock, fetch, close: () => fetch.close() };
}

/** Polls `check` until it holds (or `timeoutMs` passes), for facts the server learns a moment after the client. */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
