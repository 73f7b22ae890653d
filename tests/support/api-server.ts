import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import { handleApiRequest } from "~/api/app";

/** Serves /api/v1 over real HTTP on a free loopback port for this test file. */
export function useApiServer() {
  let server: ServerType | undefined;
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: handleApiRequest, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
        origin = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  const request = (path: string, init?: RequestInit) => fetch(`${origin}/api/v1${path}`, init);
  return {
    /** http://127.0.0.1:<port>, once the server listens (beforeAll) */
    get origin() {
      return origin;
    },
    request,
    /** GET or other call answering JSON: the status, headers and parsed body */
    async json<T = { message: string; data: unknown; errors?: Record<string, string[]> }>(
      path: string,
      init?: RequestInit,
    ) {
      const response = await request(path, init);
      return { status: response.status, headers: response.headers, body: (await response.json()) as T };
    },
  };
}
