// The part of autocannon's API that bench/throughput.ts uses (the package ships no types, and @types/autocannon is
// not installed).
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
    }
    interface Result {
      requests: { total: number; average: number };
      throughput: { total: number; average: number };
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
