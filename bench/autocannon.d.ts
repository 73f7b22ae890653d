// The part of autocannon's API the benchmarks use (bench/throughput.ts, bench/search/e2e.ts): the package ships no
// types, and @types/autocannon is not installed.
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** seconds */
      duration?: number;
      headers?: Record<string, string>;
    }
    interface Histogram {
      total: number;
      average: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
    interface Instance {
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): Instance;
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export default autocannon;
}
