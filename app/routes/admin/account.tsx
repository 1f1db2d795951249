import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { requireAdmin } from "../../auth/admin.server";
import { sessionCookie, signToken } from "../../auth/tokens.server";
import { useFlashFrom } from "../../components/admin/Flash";
import { describe, Field } from "../../components/admin/Field";
import { flash } from "../../components/admin/flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { hashPassword } from "../../lib/password.server";
import { newPasswordProblem } from "../../lib/password-policy";
import { MAX_NEW_PASSWORD_LENGTH as MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../schemas/password";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { changePasswordKeepingSession, countSessions } from "../../models/sessions.server";
import { attemptLogin } from "../../models/users.server";
import { clientIp } from "../../auth/tokens.server";
import { LOGIN_DETAIL, PASSWORD_MESSAGES } from "../../schemas/messages";
import { useUnsavedChanges } from "../../components/admin/UnsavedChanges";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Your account · Admin", siteNameFromMatches(matches)) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal, user } = await requireAdmin(args);
  return { username: user.username, sessions: await countSessions(db, journal.id, user.id) };
}

type Fields = Partial<Record<"current" | "password" | "confirm", string>>;
const refuse = (fields: Fields, status = 400) => data({ ok: false as const, fields, flash: null }, { status });

/**
 * Change password (issue 15): the current password is required, the new one follows the rules
 * of app/lib/password-policy.ts (as `npm run admin-user` does), and every other session of the
 * user ends while this browser stays signed in (a new token with the new session epoch).
 */
export async function action(args: Route.ActionArgs) {
  const { db, journal, user, env, sessionId, sessionExpiresAt } = await requireAdmin(args);
  const form = await args.request.formData();
  const current = String(form.get("current") ?? "");
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  if (!current || current.length > MAX_PASSWORD_LENGTH) return refuse({ current: PASSWORD_MESSAGES.wrongCurrent });
  // The current password is checked like a sign-in, throttled the same way (10 failures in 15
  // minutes), counted against this session rather than the username, so guessing it from an
  // unattended signed-in browser is as slow as guessing at the sign-in page.
  const check = await attemptLogin(db, journal.id, {
    username: user.username,
    password: current,
    ip: clientIp(args.request),
    device: `session:${sessionId}`,
  });
  if (!check.ok) {
    return refuse(
      { current: check.error === "too_many_attempts" ? LOGIN_DETAIL.too_many_attempts : PASSWORD_MESSAGES.wrongCurrent },
      check.error === "too_many_attempts" ? 429 : 400,
    );
  }
  if (password === current) return refuse({ password: PASSWORD_MESSAGES.sameAsCurrent });
  const problem = await newPasswordProblem(password, { username: user.username, journalSlug: journal.slug });
  if (problem) return refuse({ password: problem });
  if (password !== confirm) return refuse({ confirm: PASSWORD_MESSAGES.mismatch });
  const epoch = await changePasswordKeepingSession(db, journal.id, user, await hashPassword(password), sessionId);
  if (epoch === undefined) return refuse({}, 404);
  const expiresAt = Math.floor(sessionExpiresAt / 1000);
  const token = await signToken(env, journal.id, user.id, epoch, { sid: sessionId, expiresAt });
  return data(
    { ok: true as const, fields: {} as Fields, flash: flash("success", PASSWORD_MESSAGES.changed, PASSWORD_MESSAGES.changedDetail) },
    { headers: { "Set-Cookie": sessionCookie(env, token, expiresAt) } },
  );
}

export const ErrorBoundary = AdminErrorBoundary;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/admin/account";
  useFlashFrom(actionData);
  const fields: Fields = actionData && !actionData.ok ? actionData.fields : {};
  // After a successful change the form starts empty again.
  const [version, setVersion] = useState(0);
  const [seen, setSeen] = useState(actionData);
  if (actionData !== seen) {
    setSeen(actionData);
    if (actionData?.ok) setVersion((v) => v + 1);
  }
  const others = loaderData.sessions - 1;
  return (
    <>
      <PageHeader title="Your account" sub={`Signed in as ${loaderData.username}.`} />
      <section className="card form-section" aria-labelledby="password-title">
        <h2 id="password-title" className="section-title">
          Change password
        </h2>
        <PasswordForm key={version} username={loaderData.username} fields={fields} busy={busy} />
      </section>
      <section className="card form-section" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="section-title">
          Where you are signed in
        </h2>
        <p>
          {others > 0
            ? `You are signed in here and on ${others} other ${others === 1 ? "device or browser" : "devices or browsers"}.`
            : "You are signed in here only."}{" "}
          Logout in the top bar signs out this browser only.
        </p>
        <Form method="post" action="/admin/logout" reloadDocument>
          <input type="hidden" name="scope" value="all" />
          <button type="submit" className="btn btn-secondary">
            Sign out everywhere
          </button>
        </Form>
      </section>
    </>
  );
}

/** The change-password form; typing in it makes leaving the page ask first. */
function PasswordForm({ username, fields, busy }: { username: string; fields: Fields; busy: boolean }) {
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(typed);
  return (
    <Form method="post" className="account-form" onChange={() => setTyped(true)}>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Field id="current" label="Current password" required error={fields.current}>
        <input {...describe("current", fields.current)} name="current" type="password" autoComplete="current-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </Field>
      <Field
        id="password"
        label="New password"
        required
        error={fields.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters; not a common password, and not containing your username or the journal's short name. A few unrelated words make a good one.`}
      >
        <input
          {...describe("password", fields.password, true)}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
        />
      </Field>
      <Field id="confirm" label="New password again" required error={fields.confirm}>
        <input {...describe("confirm", fields.confirm)} name="confirm" type="password" autoComplete="new-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </Field>
      <p className="field-hint">Changing the password signs you out on every other device; you stay signed in here.</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? "Changing…" : "Change password"}
      </button>
    </Form>
  );
}
