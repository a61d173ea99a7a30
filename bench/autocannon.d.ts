/** The part of autocannon 9 (no bundled types) bench/serve.ts uses. */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    requests?: { method: string; path: string }[];
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
