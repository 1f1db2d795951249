/** Message text of an error and of every error in its `cause` chain (drizzle wraps D1 errors). */
export function errorChainText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    parts.push(String((current as Error).message ?? current));
    current = (current as Error).cause;
  }
  return parts.join(" | ");
}

export function isUniqueViolation(error: unknown): boolean {
  return errorChainText(error).includes("UNIQUE constraint failed");
}
