import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { readForm } from "../../http/body";
import type { Route } from "./+types/login";
import adminCss from "../../admin.css?url";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { attemptLogin, attemptSecondFactor, type LoginResult } from "../../models/users.server";
import { BAD_REQUEST, BODY_TOO_LARGE, errorMessage, LOGIN_DETAIL, SESSION_EXPIRED, SESSION_MESSAGES, SET_PASSWORD_MESSAGES, TWO_FACTOR_MESSAGES } from "../../schemas/messages";
import { ADMIN_HEADERS, flashCookie, getAdminSession, safeNext } from "../../auth/admin.server";
import {
  clearSessionCookie,
  clearSignedInCookie,
  clientIp,
  deviceId,
  readCookie,
  readSecondStepToken,
  secondStepToken,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
} from "../../auth/tokens.server";
import { signInRefusal } from "../../auth/cross-site";
import { signInFacts, startSession } from "../../auth/session.server";
import { markRestore } from "../../components/admin/session";
import { MAX_PASSWORD_LENGTH } from "../../schemas/password";
import { MissingSecretError } from "../../lib/secrets";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { SubmitButton } from "../../components/admin/SubmitButton";

// Empty where Vite serves CSS itself (dev server, workerd tests): no <link href=""> then.
export const links: Route.LinksFunction = () => (adminCss ? [{ rel: "stylesheet", href: adminCss }] : []);

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Staff sign in", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return ADMIN_HEADERS;
}

/** Already signed in → the admin (spec §2); an invalid cookie is cleared. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const next = safeNext(url.searchParams.get("next"));
  const session = await getAdminSession(args);
  if (session) throw redirect(next || "/admin", { headers: ADMIN_HEADERS });
  const { env, journal } = args.context.get(appContext);
  const headers = new Headers();
  if (readCookie(args.request, SESSION_COOKIE)) headers.append("Set-Cookie", clearSessionCookie(env));
  if (readCookie(args.request, SIGNED_IN_COOKIE)) headers.append("Set-Cookie", clearSignedInCookie(env));
  const out = url.searchParams.get("signed_out");
  return data(
    {
      next,
      expired: url.searchParams.get("expired") === "1",
      signedOut:
        out === "all"
          ? SESSION_MESSAGES.signedOutEverywhere
          : out === "1"
            ? SESSION_MESSAGES.signedOut
            : url.searchParams.get("password") === "set"
              ? SET_PASSWORD_MESSAGES.done
              : "",
      siteName: journal.settings.websitename || journal.name,
    },
    { headers },
  );
}

const STATUS = { invalid_credentials: 401, disabled: 403, invalid_ip: 403, too_many_attempts: 429, two_factor_required: 200, invalid_code: 401, expired: 401 } as const;

interface LoginAnswer {
  error: string;
  detail?: string;
  username: string;
  /** The code step: the signed "password was right" token the second form carries. */
  secondStep?: string;
}

const answer = (value: LoginAnswer, status: number) => data(value, { status, headers: { "Cache-Control": "no-store" } });

/**
 * Two forms: the username and password (spec §2), then — for a user with two-factor sign-in —
 * the code (`intent=code`), which carries a short-lived signed token saying the password was
 * right instead of the password itself. Spec §8's messages head every refusal; the code step's
 * reasons are the detail underneath, as for the other failures beyond the spec.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, journal } = context.get(appContext);
  // Cross-site posts were refused by workers/app.ts already; this also requires the form's own
  // content type, before the body is read.
  const refusal = signInRefusal(request, "application/x-www-form-urlencoded");
  if (refusal) return answer({ error: errorMessage(null), detail: LOGIN_DETAIL[refusal], username: "" }, refusal === "cross_site" ? 403 : 415);
  const read = await readForm(request);
  if (!read.ok) {
    const tooLarge = read.reason === "too_large";
    return answer({ error: tooLarge ? BODY_TOO_LARGE.text : BAD_REQUEST.text, username: "" }, tooLarge ? 413 : 400);
  }
  const form = read.form;
  const next = safeNext(String(form.get("next") ?? ""));
  const db = getDb(env.DB);
  const ip = clientIp(request);
  let result: LoginResult | { ok: false; error: "expired" };
  let username = "";
  let cookies: string[] = [];
  try {
    if (form.get("intent") === "code") {
      const step = await readSecondStepToken(env, journal.id, String(form.get("second_step") ?? ""));
      username = String(form.get("username") ?? "").trim().slice(0, 200);
      const code = String(form.get("code") ?? "").slice(0, 64);
      if (!step) return answer({ error: errorMessage(null), detail: LOGIN_DETAIL.second_step_expired, username }, 401);
      if (!code.trim()) {
        return answer({ error: TWO_FACTOR_MESSAGES.codeNeeded, username, secondStep: String(form.get("second_step")) }, 400);
      }
      const device = await deviceId(env, journal.id, request, username);
      result = await attemptSecondFactor(db, journal.id, { userId: step.userId, epoch: step.epoch, code, ip, device });
    } else {
      username = String(form.get("username") ?? "").trim();
      const password = String(form.get("password") ?? "");
      if (!username || !password || username.length > 200 || password.length > MAX_PASSWORD_LENGTH) {
        return answer({ error: errorMessage("invalid_credentials"), username }, 401);
      }
      const device = await deviceId(env, journal.id, request, username);
      result = await attemptLogin(db, journal.id, { username, password, ip, device });
      if (!result.ok && result.error === "two_factor_required" && result.user) {
        const secondStep = await secondStepToken(env, journal.id, result.user.id, result.user.sessionEpoch);
        return answer({ error: "", username: result.user.username, secondStep }, 200);
      }
    }
    if (result.ok) {
      cookies = (await startSession(env, journal.id, result.user, signInFacts(result.user, result.recoveryCodesLeft, "sign-in page"))).cookies;
      if (result.recoveryCodesLeft !== undefined) cookies.push(flashCookie({ kind: "normal", msg: TWO_FACTOR_MESSAGES.recoveryUsed(result.recoveryCodesLeft) }, env));
    }
  } catch (error) {
    // The form stays, with the username, and says 'Something went wrong' (spec §8).
    console.error(error instanceof MissingSecretError ? error.message : error);
    return answer({ error: errorMessage(null), detail: LOGIN_DETAIL.server_error, username }, 500);
  }
  if (!result.ok) {
    const detail = result.error === "expired" ? LOGIN_DETAIL.second_step_expired : LOGIN_DETAIL[result.error];
    // A wrong code keeps the code step (its token is still good for a few minutes).
    const secondStep = result.error === "invalid_code" ? String(form.get("second_step") ?? "") : undefined;
    return answer({ error: errorMessage(result.error), detail, username, secondStep }, STATUS[result.error]);
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(next || "/admin", { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  const [, setParams] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);

  // Spec §4: an expired session ends with an alert, then the login page. This is the one place
  // that alerts it (every admin form, switch, pin, download and upload that meets an ended
  // session comes here with expired=1), once per arrival; the work of the form that was
  // being sent is restored on its page after signing in (components/admin/session.ts).
  const alerted = useRef(false);
  useEffect(() => {
    if (!loaderData.expired || alerted.current) return;
    alerted.current = true;
    markRestore(loaderData.next || "/admin");
    window.alert(SESSION_EXPIRED);
    setParams(
      (p) => {
        p.delete("expired");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [loaderData.expired, setParams]);

  return (
    <div className="admin-app login-page">
      <main className="login-card" id="admin-main">
        <div className="login-brand">
          <span className="admin-logo large" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="26" height="26">
              <path fill="currentColor" d="M12 1 3 5v6c0 5.6 3.8 10.7 9 12 5.2-1.3 9-6.4 9-12V5l-9-4zm0 6a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm0 14c-2.3-.7-4.2-2.2-5.4-4.2.1-1.8 3.6-2.8 5.4-2.8s5.3 1 5.4 2.8A9.6 9.6 0 0 1 12 21z" />
            </svg>
          </span>
          <p className="login-site">{loaderData.siteName}</p>
          <h1>Staff sign in</h1>
        </div>
        {loaderData.signedOut && !actionData?.error ? (
          <p className="login-notice" role="status">
            {loaderData.signedOut}
          </p>
        ) : null}
        {actionData?.error ? (
          <div className="login-error" role="alert">
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M10 1.7a8.3 8.3 0 1 0 0 16.6 8.3 8.3 0 0 0 0-16.6zM9 5h2v6H9zm0 8h2v2H9z" />
            </svg>
            <span>
              {actionData.error}
              {actionData.detail ? <small className="login-error-detail">{actionData.detail}</small> : null}
            </span>
          </div>
        ) : null}
        {actionData?.secondStep ? (
          <CodeStep next={loaderData.next} username={actionData.username} secondStep={actionData.secondStep} busy={busy} hasError={!!actionData.error} />
        ) : (
          <Form method="post" className="login-form">
            <input type="hidden" name="next" value={loaderData.next} />
            <div className="field">
              <label className="field-label" htmlFor="username">
                Username
              </label>
              <input
                id="username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={200}
                defaultValue={actionData?.username ?? ""}
                autoFocus
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor="password">
                Password
              </label>
              <div className="password-wrap">
                <input
                  id="password"
                  name="password"
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  required
                />
                <button
                  type="button"
                  className="password-toggle"
                  aria-pressed={showPassword}
                  aria-controls="password"
                  onClick={() => setShowPassword((s) => !s)}
                >
                  {showPassword ? "Hide" : "Show"}
                </button>
              </div>
            </div>
            <SubmitButton busy={busy} className="btn btn-primary btn-block btn-large" label="Sign in" busyLabel="Signing in…" />
          </Form>
        )}
        <p className="login-back">
          <a href="/">← Back to the journal site</a>
        </p>
      </main>
    </div>
  );
}

/**
 * The second step for a user with two-factor sign-in: the app's code (or a recovery code). The
 * form carries the signed token of the first step, never the password.
 */
function CodeStep({ next, username, secondStep, busy, hasError }: { next: string; username: string; secondStep: string; busy: boolean; hasError: boolean }) {
  return (
    <Form method="post" className="login-form" key={secondStep}>
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="username" value={username} />
      <input type="hidden" name="second_step" value={secondStep} />
      <p className="login-step">
        Signing in as <strong>{username}</strong>.
      </p>
      <div className="field">
        <label className="field-label" htmlFor="code">
          Authentication code
        </label>
        <input
          id="code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={64}
          aria-describedby="code-hint"
          aria-invalid={hasError || undefined}
          autoFocus
        />
        <p className="field-hint" id="code-hint">
          {TWO_FACTOR_MESSAGES.codeNeeded}
        </p>
      </div>
      <SubmitButton busy={busy} className="btn btn-primary btn-block btn-large" label="Verify and sign in" busyLabel="Checking…" />
      <p className="login-restart">
        <a href={next ? `/admin/login?next=${encodeURIComponent(next)}` : "/admin/login"}>Start again with another account</a>
      </p>
    </Form>
  );
}
