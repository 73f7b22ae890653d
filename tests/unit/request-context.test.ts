import { describe, expect, it } from "vitest";
import { clientAddress } from "~/api/client-address";
import { getConfig, setConfig } from "~/lib/env.server";
import { currentSocketAddress, oncePerRequest, runWithSocketAddress } from "~/lib/request-context.server";

describe("the request's context", () => {
  it("carries the socket's address to whatever the request leads to, and nothing outside", async () => {
    expect(currentSocketAddress()).toBeUndefined();
    const seen = await runWithSocketAddress("203.0.113.7", async () => {
      await new Promise((r) => setTimeout(r, 5));
      return [currentSocketAddress(), clientAddress(undefined, undefined)];
    });
    expect(seen).toEqual(["203.0.113.7", "203.0.113.7"]);
    expect(clientAddress(undefined, undefined)).toBeUndefined();
  });

  it("computes a value once per request, afresh in the next, and forgets a failure", async () => {
    let calls = 0;
    const count = () => oncePerRequest("k", async () => ++calls);
    await runWithSocketAddress("198.51.100.1", async () => {
      expect(await Promise.all([count(), count(), count()])).toEqual([1, 1, 1]);
    });
    await runWithSocketAddress("198.51.100.1", async () => expect(await count()).toBe(2));
    expect(await count()).toBe(3);
    expect(await count()).toBe(4);

    let failures = 0;
    await runWithSocketAddress(undefined, async () => {
      const failing = () => oncePerRequest("f", async () => Promise.reject(new Error(`down ${++failures}`)));
      await expect(failing()).rejects.toThrow("down 1");
      await expect(failing()).rejects.toThrow("down 2");
    });
  });
});

describe("the client's address for rate limits", () => {
  it("reads IPv4-mapped addresses as IPv4 and counts an IPv6 address as its /64", () => {
    expect(clientAddress(undefined, "::ffff:192.0.2.10")).toBe("192.0.2.10");
    expect(clientAddress(undefined, "2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddress(undefined, "2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientAddress(undefined, "2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddress(undefined, "::1")).toBe("0:0:0:0::/64");
    expect(clientAddress(undefined, "not an address")).toBeUndefined();
  });

  it("trusts X-Forwarded-For only behind a trusted proxy, and only the hops the proxies added", () => {
    expect(clientAddress("192.0.2.99", "10.0.0.1")).toBe("10.0.0.1");
    setConfig({ ...getConfig(), trustProxy: true, proxyHops: 1 });
    try {
      // the client wrote "6.6.6.6" itself; the proxy appended the address it saw
      expect(clientAddress("6.6.6.6, 192.0.2.99", "10.0.0.1")).toBe("192.0.2.99");
      expect(clientAddress("192.0.2.99:4711", "10.0.0.1")).toBe("192.0.2.99");
      expect(clientAddress("[2001:db8:5:6::1]:443", "10.0.0.1")).toBe("2001:db8:5:6::/64");
      expect(clientAddress("junk", "10.0.0.1")).toBe("10.0.0.1");
      // two proxies (a CDN, then the balancer): the client is the second hop from the right
      setConfig({ ...getConfig(), trustProxy: true, proxyHops: 2 });
      expect(clientAddress("6.6.6.6, 192.0.2.99, 198.51.100.3", "10.0.0.1")).toBe("192.0.2.99");
      expect(clientAddress("192.0.2.99", "10.0.0.1")).toBe("192.0.2.99");
    } finally {
      setConfig(undefined);
    }
  });
});
