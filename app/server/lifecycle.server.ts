/**
 * The process's way out. Whatever must be stopped before the process exits (a background job, then the database)
 * registers a hook with `onShutdown`; the Node server (scripts/server.mjs) owns the signals: on SIGTERM or SIGINT it
 * calls `beginShutdown()` (readiness answers 503 from then on), lets the requests in flight finish, then calls
 * `runShutdown()`, which runs the hooks last-registered first, so a job started after the database was opened is
 * stopped before the database closes.
 */

import { createLogger } from "~/lib/log.server";

const log = createLogger("shop");

export type ShutdownHook = () => unknown;

interface Lifecycle {
  hooks: Array<{ name: string; run: ShutdownHook }>;
  shuttingDown: boolean;
  shutdown?: Promise<ShutdownReport>;
}

export interface ShutdownReport {
  /** names of the hooks that threw or did not finish within their time */
  failed: string[];
}

/** How long one hook may take before the next one runs anyway. */
export const SHUTDOWN_HOOK_TIMEOUT_MS = 5_000;

// kept on globalThis: the dev server re-evaluates modules, the process keeps one registry (as it keeps one database)
const holder = globalThis as unknown as { __shopLifecycle?: Lifecycle };
function lifecycle(): Lifecycle {
  holder.__shopLifecycle ??= { hooks: [], shuttingDown: false };
  return holder.__shopLifecycle;
}

/**
 * Registers `run` to be awaited when the process stops (at most SHUTDOWN_HOOK_TIMEOUT_MS each). Hooks run one at a
 * time, the last registered first. Returns a function that removes the hook (a job stopped earlier for another
 * reason).
 */
export function onShutdown(name: string, run: ShutdownHook): () => void {
  const entry = { name, run };
  lifecycle().hooks.push(entry);
  return () => {
    const hooks = lifecycle().hooks;
    const index = hooks.indexOf(entry);
    if (index >= 0) hooks.splice(index, 1);
  };
}

/** True once a stop was asked for: readiness fails, loops should not start another round. */
export function isShuttingDown(): boolean {
  return lifecycle().shuttingDown;
}

/** Marks the process as stopping (readiness answers 503) without running the hooks yet. */
export function beginShutdown(): void {
  lifecycle().shuttingDown = true;
}

/**
 * Runs every hook once, last registered first, each bounded by `hookTimeoutMs`; a hook that throws or overruns is
 * reported and the next one runs anyway. Calling it again returns the same run.
 */
export function runShutdown({ hookTimeoutMs = SHUTDOWN_HOOK_TIMEOUT_MS } = {}): Promise<ShutdownReport> {
  const state = lifecycle();
  state.shuttingDown = true;
  state.shutdown ??= (async () => {
    const failed: string[] = [];
    while (state.hooks.length > 0) {
      const { name, run } = state.hooks.pop()!;
      let timer: NodeJS.Timeout | undefined;
      try {
        const outcome = await Promise.race([
          Promise.resolve()
            .then(run)
            .then(() => "done" as const),
          new Promise<"timeout">((resolve) => {
            timer = setTimeout(() => resolve("timeout"), hookTimeoutMs);
          }),
        ]);
        if (outcome === "timeout") {
          failed.push(name);
          console.error(`[shop] shutdown: ${name} did not finish within ${hookTimeoutMs} ms`);
        }
      } catch (error) {
        failed.push(name);
        log.error(`shutdown: ${name} failed`, error);
      } finally {
        clearTimeout(timer);
      }
    }
    return { failed };
  })();
  return state.shutdown;
}

/** Tests only: forget every hook and the stopping state. */
export function resetLifecycleForTests(): void {
  holder.__shopLifecycle = undefined;
}
