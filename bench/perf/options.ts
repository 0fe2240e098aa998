/** `npm run bench -- [--only=api|web|push|webhooks] …`; BENCH_ONLY=… does the same as --only. */
export type Options = {
  /**
   * `api`: the HTTP figures only; `web`: the browser figures only (a smaller data set: quicker); `push`: only
   * the credits pushed over the platform API and the pages during it (on the full data set); `webhooks`: only
   * the webhook deliveries (on the demo data, a few minutes with its 60 s outage); `mail`: only the e-mail
   * outbox's figures (`--mails=N` queued, 10,000 by default).
   */
  only: 'all' | 'api' | 'web' | 'push' | 'webhooks' | 'mail';
  /** Build the web app even when apps/web/dist exists. */
  build: boolean;
  /** Timed requests per credits case (14 orders × 2 pages). */
  runs: number;
  /** Lighthouse runs per page; the median by score is reported. */
  lighthouseRuns: number;
  /** Cold loads per page for the phone figures (the budgets are read from the median of 5). */
  phoneRuns: number;
  /** Seconds of each autocannon run. */
  seconds: number;
  /** Mails queued for the mail figures. */
  mails: number;
  /** Run the API with --cpu-prof: one .cpuprofile per server start in bench-results/profiles. */
  profile: boolean;
  /**
   * A git ref whose web app is built and audited by Lighthouse beside this checkout's, in the same run
   * (`--compare=HEAD`: the change in the working tree against the last commit).
   */
  compare?: string;
};

export const usage =
  'usage: npm run bench -- [--only=api|web|push|webhooks|mail] [--mails=N] [--build] [--profile] [--runs=N] [--lighthouse-runs=N] [--phone-runs=N] [--compare=<git ref>] [--seconds=N]';

const onlyValues = ['all', 'api', 'web', 'push', 'webhooks', 'mail'] as const;

export function parseOptions(argv: string[]): Options {
  const fromEnv = process.env.BENCH_ONLY;
  const only = onlyValues.find((value) => value === fromEnv) ?? 'all';
  const options: Options = {
    only,
    build: false,
    runs: 30,
    lighthouseRuns: 1,
    phoneRuns: 5,
    seconds: 5,
    mails: 10_000,
    profile: false,
  };
  const int = (value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`${value}: not between ${min} and ${max}\n${usage}`);
    return n;
  };
  for (const arg of argv) {
    const [name, value] = arg.split('=', 2) as [string, string | undefined];
    const only = onlyValues.find((known) => known === value);
    if (name === '--only' && only) options.only = only;
    else if (name === '--build' && value === undefined) options.build = true;
    else if (name === '--profile' && value === undefined) options.profile = true;
    else if (name === '--runs') options.runs = int(value, 5, 200);
    else if (name === '--lighthouse-runs') options.lighthouseRuns = int(value, 1, 25);
    else if (name === '--phone-runs') options.phoneRuns = int(value, 1, 25);
    else if (name === '--seconds') options.seconds = int(value, 1, 30);
    else if (name === '--mails') options.mails = int(value, 10, 100_000);
    else if (name === '--compare' && value) options.compare = value;
    else throw new Error(`unknown option ${arg}\n${usage}`);
  }
  return options;
}
