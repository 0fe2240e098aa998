/** True when `error` (or an error it wraps: Drizzle wraps the driver's) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505' && e.constraint === constraint) return true;
    e = e.cause as typeof e;
  }
  return false;
}
