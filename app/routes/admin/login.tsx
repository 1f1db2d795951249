import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { readForm } from "../../http/body";
import type { Route } from "./+types/login";
import adminCss from "../../admin.css?url";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { attemptLogin } from "../../models/users.server";
import { BAD_REQUEST, BODY_TOO_LARGE, errorMessage, LOGIN_DETAIL, SESSION_EXPIRED, SESSION_MESSAGES } from "../../schemas/messages";
import { ADMIN_HEADERS, getAdminSession, safeNext } from "../../auth/admin.server";
import {
  clearSessionCookie,
  clearSignedInCookie,
  clientIp,
  deviceCookie,
  deviceId,
  readCookie,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
} from "../../auth/tokens.server";
import { signInRefusal } from "../../auth/cross-site";
import { startSession } from "../../auth/session.server";
import { markRestore } from "../../components/admin/session";
import { MAX_PASSWORD_LENGTH } from "../../lib/password.server";
import { MissingSecretError } from "../../lib/secrets";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

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
      signedOut: out === "all" ? SESSION_MESSAGES.signedOutEverywhere : out === "1" ? SESSION_MESSAGES.signedOut : "",
      siteName: journal.settings.websitename || journal.name,
    },
    { headers },
  );
}

const STATUS = { invalid_credentials: 401, disabled: 403, invalid_ip: 403, too_many_attempts: 429 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { env, journal } = context.get(appContext);
  // Cross-site posts were refused by workers/app.ts already; this also requires the form's own
  // content type, before the body is read.
  const refusal = signInRefusal(request, "application/x-www-form-urlencoded");
  if (refusal) {
    return data(
      { error: errorMessage(null), detail: LOGIN_DETAIL[refusal] as string | undefined, username: "" },
      { status: refusal === "cross_site" ? 403 : 415, headers: { "Cache-Control": "no-store" } },
    );
  }
  const read = await readForm(request);
  if (!read.ok) {
    const tooLarge = read.reason === "too_large";
    return data({ error: tooLarge ? BODY_TOO_LARGE.text : BAD_REQUEST.text, detail: undefined as string | undefined, username: "" }, { status: tooLarge ? 413 : 400 });
  }
  const form = read.form;
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const next = safeNext(String(form.get("next") ?? ""));
  if (!username || !password || username.length > 200 || password.length > MAX_PASSWORD_LENGTH) {
    return data({ error: errorMessage("invalid_credentials"), detail: undefined as string | undefined, username }, { status: 401 });
  }
  let result: Awaited<ReturnType<typeof attemptLogin>>;
  let cookies: string[] = [];
  try {
    const device = await deviceId(env, journal.id, request, username);
    result = await attemptLogin(getDb(env.DB), journal.id, { username, password, ip: clientIp(request), device });
    if (result.ok) {
      cookies = (await startSession(env, journal.id, result.user)).cookies;
      cookies.push(await deviceCookie(env, journal.id, result.user.username));
    }
  } catch (error) {
    // The form stays, with the username, and says 'Something went wrong' (spec §8).
    console.error(error instanceof MissingSecretError ? error.message : error);
    return data({ error: errorMessage(null), detail: LOGIN_DETAIL.server_error as string | undefined, username }, { status: 500 });
  }
  if (!result.ok) {
    return data(
      { error: errorMessage(result.error), detail: LOGIN_DETAIL[result.error] as string | undefined, username },
      { status: STATUS[result.error] },
    );
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
          <button type="submit" className="btn btn-primary btn-block btn-large" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
        <p className="login-back">
          <a href="/">← Back to the journal site</a>
        </p>
      </main>
    </div>
  );
}
