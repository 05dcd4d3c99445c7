/**
 * The demo's service client: the simulated service for `today`, reached through the real client over an in-memory
 * transport, so the demo exercises the same parsing, paging and sync code as a real account. The app and the CLI
 * both build it here.
 */
import { createServiceClient, type ServiceClient } from '../service';
import { createDemoFetch, createDemoService, DEMO_BASE_URL, DEMO_CREDENTIALS } from './demo-fetch';

/** A client of the demo service whose data ends on `today`. */
export function createDemoClient(today: string): ServiceClient {
  const fetch = createDemoFetch(createDemoService(today));
  return createServiceClient({ baseUrl: DEMO_BASE_URL, credentials: DEMO_CREDENTIALS, fetch });
}
