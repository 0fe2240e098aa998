// The package ships no types; this declares the part the metrics test reads.
declare module 'parse-prometheus-text-format' {
  type Sample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string> };
  type Family = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
