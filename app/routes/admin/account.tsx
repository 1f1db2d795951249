import { useState } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/account";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { clientIp, deviceCookie, sessionCookie, signToken } from "../../auth/tokens.server";
import { qrSvgPath } from "../../lib/qr";
import { useFlashFrom } from "../../components/admin/Flash";
import { describe, Field } from "../../components/admin/Field";
import { NewPasswordFields } from "../../components/admin/NewPasswordFields";
import { flash } from "../../components/admin/flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { ConfirmDialog, useConfirmFirst } from "../../components/admin/ConfirmDialog";
import { PageHeader } from "../../components/admin/PageHeader";
import { journalDateTime } from "../../components/admin/format";
import { useSubmitOnce } from "../../components/admin/SubmitOnce";
import { useUnsavedChanges } from "../../components/admin/UnsavedChanges";
import { readForm } from "../../http/body";
import { hashPassword } from "../../lib/password.server";
import { MAX_PASSWORD_LENGTH } from "../../schemas/password";
import { newPasswordProblem } from "../../lib/password-policy";
import { groupedSecret, otpauthUri } from "../../lib/totp";
import { adminPageTitle } from "../../lib/site";
import { changePasswordKeepingSession, countSessions } from "../../models/sessions.server";
import { checkCurrentPassword } from "../../models/users.server";
import { cancelTotpSetup, confirmTotpSetup, disableTwoFactor, recoveryCodesLeft, renewRecoveryCodes, startTotpSetup } from "../../models/two-factor.server";
import { staffActor } from "../../models/history.server";
import { BAD_REQUEST, LOGIN_DETAIL, PASSWORD_MESSAGES, SOMETHING_WENT_WRONG, TWO_FACTOR_MESSAGES } from "../../schemas/messages";
import { SubmitButton } from "../../components/admin/SubmitButton";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Your account", matches) }];
}

/** The setup panel's QR code and secret, for a secret shown but not yet confirmed. */
function setupOf(session: AdminSession, secret: string) {
  const issuer = session.journal.settings.websitename || session.journal.name;
  const uri = otpauthUri(secret, issuer, session.user.username);
  return { secret: groupedSecret(secret), uri, qr: qrSvgPath(uri) };
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const { db, journal, user } = session;
  const [sessions, codesLeft] = await Promise.all([
    countSessions(db, journal.id, user.id),
    user.totpSecret ? recoveryCodesLeft(db, journal.id, user.id) : Promise.resolve(0),
  ]);
  return {
    username: user.username,
    sessions,
    twoFactor: {
      on: !!user.totpSecret,
      since: user.totpEnabledAt ? journalDateTime(user.totpEnabledAt, journal.settings.timezone) : "",
      codesLeft,
      required: journal.settings.require_two_factor,
      setup: user.totpPending && !user.totpSecret ? setupOf(session, user.totpPending) : null,
    },
  };
}

type Fields = Partial<Record<"current" | "password" | "confirm" | "code" | "totp_current", string>>;
type ActionData = { ok: boolean; fields: Fields; flash: ReturnType<typeof flash> | null; recoveryCodes?: string[] };
const refuse = (fields: Fields, status = 400) => data<ActionData>({ ok: false, fields, flash: null }, { status });

/**
 * The Account page's forms: change password (the current password is required, the
 * new one follows app/lib/password-policy.ts, every other session of the user ends while this
 * browser stays signed in with a new token and device cookie), and two-factor sign-in: start the
 * setup (a new secret, shown with its QR code), confirm it with a first code (ten recovery codes,
 * shown once), cancel it, make new recovery codes or turn it off (both with the current password).
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return data<ActionData>({ ok: false, fields: {}, flash: flash("error", SOMETHING_WENT_WRONG, BAD_REQUEST.text) }, { status: 400 });
  const form = read.form;
  const intent = String(form.get("intent") ?? "password");
  const { db, journal, user } = session;
  if (intent === "totp-start") {
    if (!user.totpSecret) await startTotpSetup(db, journal.id, user.id);
    return data<ActionData>({ ok: true, fields: {}, flash: null });
  }
  if (intent === "totp-cancel") {
    if (!user.totpSecret && user.totpPending) await cancelTotpSetup(db, journal.id, user.id);
    return data<ActionData>({ ok: true, fields: {}, flash: null });
  }
  if (intent === "totp-confirm") {
    if (!user.totpPending) return refuse({ code: TWO_FACTOR_MESSAGES.noPending });
    const codes = await confirmTotpSetup(db, journal.id, user, String(form.get("code") ?? "").slice(0, 64));
    if (!codes) return refuse({ code: TWO_FACTOR_MESSAGES.invalidCode });
    return data<ActionData>({ ok: true, fields: {}, flash: flash("success", TWO_FACTOR_MESSAGES.enabled, TWO_FACTOR_MESSAGES.enabledDetail), recoveryCodes: codes });
  }
  if (intent === "totp-disable" || intent === "recovery-renew") {
    const refused = await currentPasswordRefusal(session, String(form.get("current") ?? ""), args.request, "totp_current");
    if (refused) return refused;
    if (!user.totpSecret) return data<ActionData>({ ok: true, fields: {}, flash: null });
    if (intent === "recovery-renew") {
      const codes = await renewRecoveryCodes(db, journal.id, user);
      return data<ActionData>({ ok: true, fields: {}, flash: flash("success", TWO_FACTOR_MESSAGES.recoveryRenewed, TWO_FACTOR_MESSAGES.recoveryRenewedDetail), recoveryCodes: codes });
    }
    if (journal.settings.require_two_factor) return refuse({ totp_current: TWO_FACTOR_MESSAGES.requiredCannotDisable }, 409);
    await disableTwoFactor(db, journal.id, user.id, staffActor(user));
    return data<ActionData>({ ok: true, fields: {}, flash: flash("success", TWO_FACTOR_MESSAGES.disabled) });
  }
  return changePassword(session, form, args.request);
}

/** The current password for a change, checked like a sign-in (throttled the same way, counted against this session). */
async function currentPasswordRefusal({ db, journal, user, sessionId }: AdminSession, current: string, request: Request, field: keyof Fields) {
  if (!current || current.length > MAX_PASSWORD_LENGTH) return refuse({ [field]: PASSWORD_MESSAGES.wrongCurrent });
  const check = await checkCurrentPassword(db, journal.id, { user, password: current, ip: clientIp(request), sessionId });
  if (check.ok) return null;
  return check.error === "too_many_attempts" ? refuse({ [field]: LOGIN_DETAIL.too_many_attempts }, 429) : refuse({ [field]: PASSWORD_MESSAGES.wrongCurrent });
}

async function changePassword(session: AdminSession, form: FormData, request: Request) {
  const { db, journal, user, env, sessionId, sessionExpiresAt } = session;
  const current = String(form.get("current") ?? "");
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const refused = await currentPasswordRefusal(session, current, request, "current");
  if (refused) return refused;
  if (password === current) return refuse({ password: PASSWORD_MESSAGES.sameAsCurrent });
  const problem = await newPasswordProblem(password, { username: user.username, journalSlug: journal.slug });
  if (problem) return refuse({ password: problem });
  if (password !== confirm) return refuse({ confirm: PASSWORD_MESSAGES.mismatch });
  const epoch = await changePasswordKeepingSession(db, journal.id, user, await hashPassword(password), sessionId);
  if (epoch === undefined) return refuse({}, 404);
  const expiresAt = Math.floor(sessionExpiresAt / 1000);
  const token = await signToken(env, journal.id, user.id, epoch, { sid: sessionId, expiresAt });
  // The new epoch revoked every device cookie of the user; this browser proved the password and keeps one.
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(env, token, expiresAt));
  headers.append("Set-Cookie", await deviceCookie(env, journal.id, user.username, epoch));
  return data<ActionData>({ ok: true, fields: {}, flash: flash("success", PASSWORD_MESSAGES.changed, PASSWORD_MESSAGES.changedDetail) }, { headers });
}

export const ErrorBoundary = AdminErrorBoundary;


export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/account");
  const intent = navigation.formData?.get("intent");
  useFlashFrom(actionData);
  const [params] = useSearchParams();
  const fields: Fields = actionData && !actionData.ok ? actionData.fields : {};
  // After a successful change the forms start empty again.
  const [version, setVersion] = useState(0);
  const [seen, setSeen] = useState(actionData);
  if (actionData !== seen) {
    setSeen(actionData);
    if (actionData?.ok) setVersion((v) => v + 1);
  }
  const others = loaderData.sessions - 1;
  const tf = loaderData.twoFactor;
  const mustSetUp = tf.required && !tf.on;
  return (
    <>
      <PageHeader title="Your account" sub={`Signed in as ${loaderData.username}.`} />
      {mustSetUp || params.get("setup") === "required" ? (
        <p className="notice notice-warn" role="status">
          {mustSetUp ? TWO_FACTOR_MESSAGES.setupRequired : "Two-factor sign-in is set up: you can use the whole admin again."}
        </p>
      ) : null}
      <section className="card form-section" aria-labelledby="password-title">
        <h2 id="password-title" className="section-title">
          Change password
        </h2>
        <PasswordForm key={`password-${version}`} username={loaderData.username} fields={fields} busy={!!busy} changing={!!busy && intent === null} />
      </section>
      <TwoFactorCard tf={tf} fields={fields} recoveryCodes={actionData?.recoveryCodes} busy={!!busy} version={version} username={loaderData.username} />
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
        <SignOutEverywhere />
      </section>
    </>
  );
}

/** The change-password form; typing in it makes leaving the page ask first (ADR 020). */
function PasswordForm({ username, fields, busy, changing }: { username: string; fields: Fields; busy: boolean; changing: boolean }) {
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(typed);
  return (
    <Form method="post" className="account-form" onChange={() => setTyped(true)}>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Field id="current" label="Current password" required error={fields.current}>
        <input {...describe("current", fields.current)} name="current" type="password" autoComplete="current-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </Field>
      <NewPasswordFields errors={fields} />
      <p className="field-hint">Changing the password signs you out on every other device; you stay signed in here.</p>
      <SubmitButton busy={changing} disabled={busy} label="Change password" busyLabel="Changing…" />
    </Form>
  );
}

/** "Sign out everywhere" asks first: it ends this browser's session too, and every other. */
function SignOutEverywhere() {
  const confirm = useConfirmFirst();
  return (
    <Form
      method="post"
      action="/admin/logout"
      reloadDocument
      ref={confirm.formRef}
      onSubmit={(event) => {
        if (!confirm.wasConfirmed()) {
          event.preventDefault();
          confirm.ask();
        }
      }}
    >
      <ConfirmDialog
        {...confirm.dialog}
        title="Sign out everywhere?"
        body="Every browser and app signed in as you is signed out now, this one included, and browsers you used before are no longer trusted when someone else mistypes your password. You sign in again with your password."
        confirmLabel="Sign out everywhere"
      />
      <input type="hidden" name="scope" value="all" />
      <button type="submit" className="btn btn-secondary">
        Sign out everywhere
      </button>
    </Form>
  );
}

type TwoFactorState = Awaited<ReturnType<typeof loader>>["twoFactor"];

function TwoFactorCard({
  tf,
  fields,
  recoveryCodes,
  busy,
  version,
  username,
}: {
  tf: TwoFactorState;
  fields: Fields;
  recoveryCodes?: string[];
  busy: boolean;
  version: number;
  username: string;
}) {
  const confirmGuard = useSubmitOnce(busy);
  return (
    <section className="card form-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="section-title">
        Two-factor sign-in
      </h2>
      {recoveryCodes?.length ? <RecoveryCodes codes={recoveryCodes} username={username} /> : null}
      {tf.on ? (
        <>
          <p>
            <span className="status status-enabled">On</span> since {tf.since}. Signing in asks for the 6-digit code from your authenticator app after your
            password. {tf.codesLeft === 1 ? "1 recovery code is" : `${tf.codesLeft} recovery codes are`} left.
          </p>
          <Form method="post" className="account-form" key={`totp-${version}`}>
            <Field
              id="totp_current"
              label="Current password"
              error={fields.totp_current}
              hint={tf.required ? "This journal requires two-factor sign-in, so it stays on." : "Needed to make new recovery codes or to turn two-factor sign-in off."}
            >
              <input {...describe("totp_current", fields.totp_current, true)} name="current" type="password" autoComplete="current-password" required maxLength={MAX_PASSWORD_LENGTH} />
            </Field>
            <div className="form-actions-inline">
              <button type="submit" name="intent" value="recovery-renew" className="btn btn-secondary" disabled={busy}>
                New recovery codes
              </button>
              {tf.required ? null : (
                <button type="submit" name="intent" value="totp-disable" className="btn btn-danger-outline" disabled={busy}>
                  Turn off two-factor sign-in
                </button>
              )}
            </div>
          </Form>
        </>
      ) : tf.setup ? (
        <div className="totp-setup">
          <ol className="totp-steps">
            <li>
              Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis) and add an account by scanning this
              QR code.
            </li>
            <li>
              No camera? Type this key into the app instead (time-based, 6 digits, 30 seconds):{" "}
              <code className="totp-secret" id="totp-secret">
                {tf.setup.secret}
              </code>
            </li>
            <li>Enter the 6-digit code the app shows to turn two-factor sign-in on.</li>
          </ol>
          {tf.setup.qr ? (
            <svg
              className="totp-qr"
              viewBox={`0 0 ${tf.setup.qr.size} ${tf.setup.qr.size}`}
              width={tf.setup.qr.size * 5}
              height={tf.setup.qr.size * 5}
              role="img"
              aria-label="QR code to add this account to an authenticator app"
              shapeRendering="crispEdges"
            >
              <rect width={tf.setup.qr.size} height={tf.setup.qr.size} fill="#fff" />
              <path d={tf.setup.qr.d} fill="#000" />
            </svg>
          ) : null}
          <Form method="post" className="account-form" onSubmit={confirmGuard} key={`confirm-${version}`}>
            <input type="hidden" name="intent" value="totp-confirm" />
            <Field id="code" label="Code from the app" required error={fields.code}>
              <input
                {...describe("code", fields.code)}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                required
                maxLength={7}
                className="input-code"
              />
            </Field>
            <div className="form-actions-inline">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Turn on two-factor sign-in
              </button>
            </div>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="totp-cancel" />
            <button type="submit" className="btn btn-ghost" disabled={busy}>
              Cancel the setup
            </button>
          </Form>
        </div>
      ) : (
        <>
          <p>
            <span className="status status-disabled">Off</span> Add a second step to signing in: after your password, the 6-digit code your phone's authenticator app shows. A
            stolen password alone then cannot open this journal's admin.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="totp-start" />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Set up two-factor sign-in
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

/** The recovery codes, shown once after turning two-factor sign-in on or making new ones. */
function RecoveryCodes({ codes, username }: { codes: string[]; username: string }) {
  const [copied, setCopied] = useState(false);
  const text = `Recovery codes for ${username} (each works once):\n${codes.join("\n")}\n`;
  return (
    <div className="recovery-codes" role="region" aria-labelledby="recovery-title">
      <h3 id="recovery-title">Your recovery codes</h3>
      <p>
        Each code signs you in once if you lose your phone. Keep them somewhere safe — a password manager, or printed — now: <strong>they are not shown again</strong>.
      </p>
      <ol className="recovery-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          });
        }}
      >
        {copied ? "Copied!" : "Copy the codes"}
      </button>
    </div>
  );
}
