/** A test service with its API client and a recording /ws connection, started and closed together. */
import { rm } from 'node:fs/promises';
import { apiClient } from './http-client.ts';
import { startTestService, type TestService, type TestServiceOptions } from './service-harness.ts';
import { connectWs, type RecordingSocket } from './ws-client.ts';

export interface ServiceWithSocket {
  svc: TestService;
  api: ReturnType<typeof apiClient>;
  ws: RecordingSocket;
}

export async function startServiceWithSocket(options: TestServiceOptions): Promise<ServiceWithSocket> {
  const svc = await startTestService(options);
  return { svc, api: apiClient(svc.url), ws: await connectWs(svc.url) };
}

/** Closes the socket, then the service (either may never have started), then removes `root` when given. */
export async function closeServiceWithSocket(started: Partial<ServiceWithSocket>, root?: string): Promise<void> {
  await started.ws?.close();
  await started.svc?.close();
  if (root) await rm(root, { recursive: true, force: true });
}
