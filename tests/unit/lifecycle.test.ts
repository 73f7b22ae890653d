import { afterEach, describe, expect, it, vi } from "vitest";
import {
  beginShutdown,
  isShuttingDown,
  onShutdown,
  resetLifecycleForTests,
  runShutdown,
} from "~/server/lifecycle.server";

afterEach(() => resetLifecycleForTests());

describe("the shutdown hooks", () => {
  it("run last registered first, each once, and only after the stop began", async () => {
    const order: string[] = [];
    onShutdown("database", () => void order.push("database"));
    onShutdown("payment reconciler", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push("payment reconciler");
    });
    expect(isShuttingDown()).toBe(false);
    beginShutdown();
    expect(isShuttingDown()).toBe(true);
    expect(order).toEqual([]);

    const [first, second] = await Promise.all([runShutdown(), runShutdown()]);
    expect(order).toEqual(["payment reconciler", "database"]);
    expect(first).toEqual({ failed: [] });
    expect(second).toBe(first);
  });

  it("go on past a hook that throws or overruns, and report it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ran: string[] = [];
    onShutdown("database", () => void ran.push("database"));
    onShutdown("stuck job", () => new Promise(() => undefined));
    onShutdown("broken job", () => {
      throw new Error("boom");
    });
    const report = await runShutdown({ hookTimeoutMs: 50 });
    expect(report.failed).toEqual(["broken job", "stuck job"]);
    expect(ran).toEqual(["database"]);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it("can be removed by the function onShutdown returns", async () => {
    const ran: string[] = [];
    const remove = onShutdown("job stopped earlier", () => void ran.push("job"));
    onShutdown("database", () => void ran.push("database"));
    remove();
    await runShutdown();
    expect(ran).toEqual(["database"]);
  });
});
