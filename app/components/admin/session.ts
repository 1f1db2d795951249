import { SESSION_EXPIRED } from "../../schemas/messages";

/** Spec §4: any 401 during admin work → alert, then back to the login page. */
export function sessionExpired(): void {
  window.alert(SESSION_EXPIRED);
  window.location.assign("/admin/login");
}
