/** Who runs a command: the OS user, as the history names command-line changes (`cli:{user}`). */
import { userInfo } from "node:os";

export function osUser(): string {
  try {
    return userInfo().username || process.env.USER || "unknown";
  } catch {
    return process.env.USER || process.env.USERNAME || "unknown";
  }
}
