/** The part of autocannon 9's programmatic API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds without a response before a request counts as a timeout. */
      timeout?: number;
    }

    /** Percentiles of one histogram; latency values are milliseconds. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      /** Seconds, two decimals. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      "2xx": number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      /** Per-second samples; `total` is the number of completed requests. */
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
