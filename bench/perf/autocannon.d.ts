// The part of autocannon's API the bench uses (the package ships no types, and @types/autocannon would be
// one more root dependency for one call).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p97_5: number; p99: number; total: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
