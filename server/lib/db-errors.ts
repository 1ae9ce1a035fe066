/** A PostgreSQL unique violation (23505), from either driver (drizzle may wrap it as `cause`). */
export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return typeof cause === "object" && cause !== null && (cause as { code?: unknown }).code === "23505";
}
