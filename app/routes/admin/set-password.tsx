import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/set-password";
import adminCss from "../../admin.css?url";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { ADMIN_HEADERS } from "../../auth/admin.server";
import { NewPasswordFields } from "../../components/admin/NewPasswordFields";
import { useSubmitOnce } from "../../components/admin/SubmitOnce";
import { readForm } from "../../http/body";
import { hashPassword } from "../../lib/password.server";
import { newPasswordProblem } from "../../lib/password-policy";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { findPasswordLink, usePasswordLink } from "../../models/staff.server";
import { BAD_REQUEST, PASSWORD_MESSAGES, SET_PASSWORD_MESSAGES } from "../../schemas/messages";
import { SubmitButton } from "../../components/admin/SubmitButton";

// Empty where Vite serves CSS itself (dev server, workerd tests): no <link href=""> then.
export const links: Route.LinksFunction = () => (adminCss ? [{ rel: "stylesheet", href: adminCss }] : []);

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Set your password", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The token is in the path: no page this one links to may learn it from the Referer. */
export function headers() {
  return { ...ADMIN_HEADERS, "Referrer-Policy": "no-referrer" };
}

/**
 * The one-time link an admin hands a colleague (Staff page): set a password, then sign in. The
 * link works once, for 24 hours, for an enabled account; using it ends every other session of
 * the user (docs/decisions/024-staff-roles.md).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const link = await findPasswordLink(getDb(env.DB), journal.id, params.token);
  const siteName = journal.settings.websitename || journal.name;
  if (!link) return data({ valid: false as const, siteName, username: "", name: "" }, { status: 404 });
  return { valid: true as const, siteName, username: link.user.username, name: link.user.name };
}

type Fields = Partial<Record<"password" | "confirm", string>>;

export async function action({ params, request, context }: Route.ActionArgs) {
  const { env, journal } = context.get(appContext);
  const db = getDb(env.DB);
  const read = await readForm(request);
  if (!read.ok) return data({ fields: { password: BAD_REQUEST.text } as Fields, invalid: false }, { status: 400 });
  const link = await findPasswordLink(db, journal.id, params.token);
  if (!link) return data({ fields: {} as Fields, invalid: true }, { status: 404 });
  const password = String(read.form.get("password") ?? "");
  const confirm = String(read.form.get("confirm") ?? "");
  const problem = await newPasswordProblem(password, { username: link.user.username, journalSlug: journal.slug });
  if (problem) return data({ fields: { password: problem } as Fields, invalid: false }, { status: 400 });
  if (password !== confirm) return data({ fields: { confirm: PASSWORD_MESSAGES.mismatch } as Fields, invalid: false }, { status: 400 });
  const user = await usePasswordLink(db, journal.id, params.token, await hashPassword(password));
  if (!user) return data({ fields: {} as Fields, invalid: true }, { status: 404 });
  return redirect("/admin/login?password=set", { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const guard = useSubmitOnce(busy);
  const fields: Fields = actionData?.fields ?? {};
  const valid = loaderData.valid && !actionData?.invalid;
  const [show, setShow] = useState(false);
  return (
    <div className="admin-app login-page">
      <main className="login-card" id="admin-main">
        <div className="login-brand">
          <p className="login-site">{loaderData.siteName}</p>
          <h1>Set your password</h1>
        </div>
        {valid ? (
          <>
            <p className="login-step">
              For <strong>{loaderData.name}</strong> (username <strong>{loaderData.username}</strong>). This link works once; after setting your password you sign in with
              your username and the new password.
            </p>
            <Form method="post" className="login-form" onSubmit={guard}>
              <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
              <NewPasswordFields errors={fields} show={show} autoFocus />
              <label className="check-label">
                <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> Show the passwords
              </label>
              <SubmitButton busy={busy} className="btn btn-primary btn-block btn-large" label="Set password" busyLabel="Saving…" />
            </Form>
          </>
        ) : (
          <div className="login-error" role="alert">
            <span>{SET_PASSWORD_MESSAGES.invalid}</span>
          </div>
        )}
        <p className="login-back">
          <a href="/admin/login">Go to the sign-in page</a>
        </p>
      </main>
    </div>
  );
}
