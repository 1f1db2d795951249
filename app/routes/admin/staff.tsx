import { createContext, useContext, useEffect, useRef, useState } from "react";
import { journalDateTime } from "../../components/admin/format";
import { data, Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "../../auth/permissions";
import { DataTable, TableCard } from "../../components/admin/AdminTable";
import { ConfirmDialog } from "../../components/admin/ConfirmDialog";
import { describe, Field } from "../../components/admin/Field";
import { useFlashFrom } from "../../components/admin/Flash";
import { flash } from "../../components/admin/flash";
import { Modal } from "../../components/admin/Modal";
import { useCopy } from "../../components/admin/copy";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { SubmissionField, useSubmissionToken, useSubmitOnce, withSubmissionToken } from "../../components/admin/SubmitOnce";
import { readForm } from "../../http/body";
import { formFields } from "../../schemas/common";
import { adminPageTitle } from "../../lib/site";
import { staffActor } from "../../models/history.server";
import { addColleague, changeColleague, resetColleague } from "../../models/staff-accounts.server";
import { getStaffMember, listStaff, setRequireTwoFactor, type StaffMember } from "../../models/staff.server";
import { disableTwoFactor } from "../../models/two-factor.server";
import { BAD_REQUEST, CHECK_FIELDS, FORM_MESSAGES, SOMETHING_WENT_WRONG, STAFF_MESSAGES } from "../../schemas/messages";
import { MAX_STAFF_NAME, STAFF_ROLES } from "../../schemas/staff";
import { once } from "./once.server";
import { SubmitButton } from "../../components/admin/SubmitButton";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Staff", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal, user } = await requireAdmin(args);
  return {
    staff: await listStaff(db, journal.id),
    me: user.id,
    myTwoFactor: !!user.totpSecret,
    requireTwoFactor: journal.settings.require_two_factor,
    timeZone: journal.settings.timezone,
  };
}

interface ActionData {
  ok: boolean;
  flash: ReturnType<typeof flash> | null;
  fields?: Record<string, string>;
  /** A one-time set-password link: in this answer only, never stored (not even by `once`). */
  link?: { url: string; expiresAt: number; name: string; username: string };
}

const answer = (value: ActionData, status = 200) => data(value, { status });

/**
 * The Staff page's forms (admins only: app/auth/permissions.ts): add a colleague (answers their
 * one-time link), a colleague's role or status, a new set-password link, turning a colleague's
 * two-factor sign-in off, and the journal's two-factor requirement. The link answers are not
 * wrapped in `once` — it would keep the link in form_submissions — and rely on the form's
 * double-submit guard; the others are.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return answer({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, BAD_REQUEST.text) }, 400);
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "add" || intent === "reset") return await linkAction(session, form, intent);
    return await once(session, form, `staff-${intent}`, () => changeAction(session, form, intent));
  } catch (error) {
    console.error("staff action failed", error);
    return answer({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, FORM_MESSAGES.nothingChanged) }, 500);
  }
}

async function linkAction({ db, journal, user }: AdminSession, form: FormData, intent: "add" | "reset") {
  const result = intent === "add" ? await addColleague(db, journal, user, formFields(form)) : await resetColleague(db, journal, user, Number(form.get("id")));
  if (!result.ok) {
    return answer({ ok: false, fields: result.fields, flash: flash("error", SOMETHING_WENT_WRONG, result.fields ? CHECK_FIELDS : result.message) }, result.status);
  }
  const who = result.user.name || result.user.username;
  return answer({
    ok: true,
    flash: null,
    link: { url: result.link, expiresAt: result.expiresAt, name: who, username: result.user.username },
  });
}

async function changeAction({ db, journal, user }: AdminSession, form: FormData, intent: string) {
  if (intent === "require-2fa") {
    const on = form.get("value") === "1";
    // Otherwise the admin would be sent away from this very page until they set it up.
    if (on && !user.totpSecret) return answer({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, STAFF_MESSAGES.twoFactorSelfFirst) }, 409);
    await setRequireTwoFactor(db, journal.id, user, on);
    return answer({ ok: true, flash: on ? flash("success", STAFF_MESSAGES.twoFactorRequired, STAFF_MESSAGES.twoFactorRequiredDetail) : flash("success", STAFF_MESSAGES.twoFactorOptional) });
  }
  const id = Number(form.get("id"));
  if (intent === "two-factor-reset") {
    const target = Number.isSafeInteger(id) && id > 0 ? await getStaffMember(db, journal.id, id) : undefined;
    if (!target || id === user.id) return answer({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, target ? STAFF_MESSAGES.self : STAFF_MESSAGES.notFound) }, target ? 409 : 404);
    if (target.twoFactor) await disableTwoFactor(db, journal.id, id, staffActor(user), "two_factor_reset");
    return answer({ ok: true, flash: flash("success", STAFF_MESSAGES.twoFactorReset(target.name || target.username)) });
  }
  if (intent !== "role" && intent !== "status") return answer({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG) }, 400);
  const result = await changeColleague(db, journal, user, id, { [intent]: String(form.get("value") ?? "") });
  if (!result.ok) return answer({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, result.message) }, result.status);
  const who = result.user.name || result.user.username;
  if (intent === "role") return answer({ ok: true, flash: flash("success", STAFF_MESSAGES.roleChanged(who, result.user.role)) });
  return answer({
    ok: true,
    flash: result.user.status === "disabled" ? flash("success", STAFF_MESSAGES.disabled(who), STAFF_MESSAGES.disabledDetail) : flash("success", STAFF_MESSAGES.enabled(who)),
  });
}

export const ErrorBoundary = AdminErrorBoundary;

/** The journal's time zone, for every time the page shows. */
const ZoneContext = createContext("UTC");
function useWhen() {
  const zone = useContext(ZoneContext);
  return (ms: number | null) => (ms ? journalDateTime(ms, zone) : "");
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, me, requireTwoFactor, myTwoFactor, timeZone } = loaderData;
  useFlashFrom(actionData);
  const [link, setLink] = useState<ActionData["link"] | null>(null);
  useEffect(() => {
    if (actionData?.link) setLink(actionData.link);
  }, [actionData]);
  const admins = staff.filter((m) => m.role === "admin" && m.status === "enabled").length;
  const withoutTwoFactor = staff.filter((m) => m.status === "enabled" && !m.twoFactor).length;
  return (
    <ZoneContext.Provider value={timeZone}>
      <PageHeader title="Staff" sub={`${staff.length} ${staff.length === 1 ? "account" : "accounts"} · ${admins} enabled ${admins === 1 ? "admin" : "admins"}. Only admins see this page.`} />
      <RolesNote />
      <TableCard title="Staff accounts" titleId="staff-title">
        <DataTable
          className="staff-table"
          columns={[{ label: "Name" }, { label: "Username" }, { label: "Role" }, { label: "Last sign-in" }, { label: "Two-factor" }, { label: "State" }, { label: "Actions", hidden: true }]}
        >
          {staff.map((m) => (
            <StaffRow key={m.id} member={m} self={m.id === me} onLink={setLink} />
          ))}
        </DataTable>
      </TableCard>
      <AddColleague fields={actionData && !actionData.ok ? (actionData.fields ?? {}) : {}} added={actionData?.link?.url} />
      <TwoFactorRequirement required={requireTwoFactor} without={withoutTwoFactor} mine={myTwoFactor} />
      <LinkDialog link={link} onClose={() => setLink(null)} />
    </ZoneContext.Provider>
  );
}

function RolesNote() {
  return (
    <dl className="roles-note card">
      {STAFF_ROLES.map((r) => (
        <div key={r}>
          <dt>{ROLE_LABELS[r]}</dt>
          <dd>{ROLE_DESCRIPTIONS[r]}</dd>
        </div>
      ))}
    </dl>
  );
}

function StateCell({ m }: { m: StaffMember }) {
  const when = useWhen();
  if (m.status === "disabled") return <span className="status status-disabled">Disabled</span>;
  if (!m.hasPassword) {
    return (
      <span className="status status-waiting" title="The colleague has not set a password yet">
        {m.linkExpiresAt ? `Waiting for a password · link valid until ${when(m.linkExpiresAt)}` : "No password yet: make a new link"}
      </span>
    );
  }
  return <span className="status status-enabled">Enabled</span>;
}

/** One colleague: the row's buttons post the role, status, a new link or a two-factor reset. */
function StaffRow({ member: m, self, onLink }: { member: StaffMember; self: boolean; onLink: (link: ActionData["link"]) => void }) {
  const fetcher = useFetcher<typeof action>({ key: `staff-${m.id}` });
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.link) onLink(fetcher.data.link);
  }, [fetcher.state, fetcher.data, onLink]);
  const [confirm, setConfirm] = useState<null | "disable" | "reset" | "two-factor-reset">(null);
  const when = useWhen();
  const busy = fetcher.state !== "idle";
  const token = useSubmissionToken();
  const who = m.name || m.username;
  const send = (intent: string, value = "") => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("id", String(m.id));
    if (value) form.set("value", value);
    // A new link carries no token: its answer must not be kept (see the action).
    fetcher.submit(intent === "reset" ? form : withSubmissionToken(form, token), { method: "post" });
  };
  const dialogs = {
    disable: { title: STAFF_MESSAGES.disableTitle(who), body: STAFF_MESSAGES.disableBody, label: "Disable", run: () => send("status", "disabled") },
    reset: { title: STAFF_MESSAGES.resetTitle(who), body: STAFF_MESSAGES.resetBody, label: "Make the link", run: () => send("reset") },
    "two-factor-reset": { title: STAFF_MESSAGES.twoFactorResetTitle(who), body: STAFF_MESSAGES.twoFactorResetBody, label: "Turn it off", run: () => send("two-factor-reset") },
  } as const;
  const open = confirm ? dialogs[confirm] : null;
  return (
    <tr className={m.status === "disabled" ? "is-muted" : ""}>
      <td className="staff-name">
        <span className="a-editor-name">{m.name}</span>
        {self ? <span className="tag tag-you">You</span> : null}
      </td>
      <td data-label="Username">
        <code className="username">{m.username}</code>
      </td>
      <td data-label="Role">{m.role === "admin" ? "Admin" : "Editor"}</td>
      <td data-label="Last sign-in" className="nowrap">
        {m.lastSignInAt ? when(m.lastSignInAt) : <span className="muted">Never</span>}
      </td>
      <td data-label="Two-factor">{m.twoFactor ? <span className="status status-enabled">On</span> : <span className="status status-disabled">Off</span>}</td>
      <td data-label="State">
        <StateCell m={m} />
      </td>
      <td className="row-actions">
        {self ? (
          <span className="muted small">Your own account: see Your account</span>
        ) : (
          <div className="row-buttons">
            {/* Visible words first in each accessible name (WCAG 2.5.3), then whose row it is. */}
            <button type="button" className="btn btn-small btn-secondary" disabled={busy} onClick={() => send("role", m.role === "admin" ? "editor" : "admin")}>
              {m.role === "admin" ? "Make editor" : "Make admin"}
              <span className="visually-hidden"> ({who})</span>
            </button>
            {m.status === "enabled" ? (
              <>
                <button type="button" className="btn btn-small btn-secondary" disabled={busy} onClick={() => setConfirm("reset")}>
                  New link<span className="visually-hidden"> to set a password ({who})</span>
                </button>
                <button type="button" className="btn btn-small btn-danger-outline" disabled={busy} onClick={() => setConfirm("disable")}>
                  Disable<span className="visually-hidden"> {who}</span>
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-small btn-secondary" disabled={busy} onClick={() => send("status", "enabled")}>
                Enable<span className="visually-hidden"> {who}</span>
              </button>
            )}
            {m.twoFactor ? (
              <button type="button" className="btn btn-small btn-ghost" disabled={busy} onClick={() => setConfirm("two-factor-reset")}>
                Reset two-factor<span className="visually-hidden"> sign-in ({who})</span>
              </button>
            ) : null}
          </div>
        )}
        <ConfirmDialog
          open={!!open}
          title={open?.title ?? ""}
          body={open?.body ?? ""}
          confirmLabel={open?.label ?? ""}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            open?.run();
            setConfirm(null);
          }}
        />
      </td>
    </tr>
  );
}

function AddColleague({ fields, added }: { fields: Record<string, string>; added?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const guard = useSubmitOnce(busy);
  const [role, setRole] = useState<"admin" | "editor">("editor");
  const formRef = useRef<HTMLFormElement>(null);
  // A colleague added (a new link answered): the form starts empty for the next one.
  useEffect(() => {
    if (!added) return;
    formRef.current?.reset();
    setRole("editor");
  }, [added]);
  return (
    <section className="card form-section" aria-labelledby="add-staff-title">
      <h2 id="add-staff-title" className="section-title">
        Add a colleague
      </h2>
      <p className="muted small">
        They get a one-time link to set their own password: you copy it here and send it to them. No password is ever shown to you.
      </p>
      <Form method="post" className="add-staff" onSubmit={guard} ref={formRef}>
        <input type="hidden" name="intent" value="add" />
        <div className="grid-3">
          <Field id="name" label="Name" required error={fields.name}>
            <input {...describe("name", fields.name)} name="name" required maxLength={MAX_STAFF_NAME} autoComplete="off" placeholder="e.g. Dr. Priya Nair" />
          </Field>
          <Field id="username" label="Username" required error={fields.username} hint="Letters, digits and . _ @ -; what they type to sign in.">
            <input
              {...describe("username", fields.username, true)}
              name="username"
              required
              minLength={2}
              maxLength={64}
              pattern="[A-Za-z0-9._@\-]{2,64}"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="e.g. priya.nair"
            />
          </Field>
          <Field id="role" label="Role" required labelAs="span" error={fields.role}>
            <div className="segmented" role="radiogroup" aria-labelledby="role-label" id="role" tabIndex={-1}>
              {STAFF_ROLES.map((r) => (
                <label key={r} className={role === r ? "is-checked" : ""}>
                  <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} />
                  <span>{ROLE_LABELS[r]}</span>
                </label>
              ))}
            </div>
          </Field>
        </div>
        <div className="form-actions">
          <SubmitButton busy={busy} label="Add colleague" busyLabel="Adding…" />
        </div>
      </Form>
    </section>
  );
}

function TwoFactorRequirement({ required, without, mine }: { required: boolean; without: number; mine: boolean }) {
  const fetcher = useFetcher<typeof action>({ key: "staff-require-2fa" });
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  const pending = fetcher.formData ? fetcher.formData.get("value") === "1" : required;
  return (
    <section className="card form-section" aria-labelledby="require-2fa-title">
      <h2 id="require-2fa-title" className="section-title">
        Two-factor sign-in for everyone
      </h2>
      <p>
        {required
          ? "Required: every staff member signs in with a code from an authenticator app. Colleagues who have not set it up are sent to their Account page to do so at their next sign-in."
          : "Optional: each staff member can turn it on for themselves on their Account page."}{" "}
        {without > 0 ? `${without} enabled ${without === 1 ? "account has" : "accounts have"} not set it up yet.` : "Every enabled account has set it up."}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="require-2fa" />
        <SubmissionField />
        <input type="hidden" name="value" value={pending ? "0" : "1"} />
        <button
          type="submit"
          className={`btn ${pending ? "btn-secondary" : "btn-primary"}`}
          disabled={fetcher.state !== "idle" || (!pending && !mine)}
          aria-describedby={!pending && !mine ? "require-2fa-self" : undefined}
        >
          {pending ? "Make two-factor sign-in optional" : "Require two-factor sign-in for everyone"}
        </button>
      </fetcher.Form>
      {!pending && !mine ? (
        <p className="field-hint" id="require-2fa-self">
          {STAFF_MESSAGES.twoFactorSelfFirst}
        </p>
      ) : null}
    </section>
  );
}

/** The one-time link, shown once: copy it now (Copy shows 'Copied!' for 2 seconds, as elsewhere). */
function LinkDialog({ link, onClose }: { link: ActionData["link"] | null; onClose: () => void }) {
  const when = useWhen();
  const input = useRef<HTMLTextAreaElement>(null);
  const { copied, copy } = useCopy(link?.url, input);
  return (
    <Modal open={!!link} onClose={onClose} labelledBy="link-title" describedBy="link-lead" className="link-dialog">
      {link ? (
        <>
          <h2 id="link-title">Set-password link for {link.name}</h2>
          <p id="link-lead">
            Send this link to {link.name} (username <strong>{link.username}</strong>). It works once, until {when(link.expiresAt)}, and is shown only now: copy it before
            closing.
          </p>
          <label htmlFor="one-time-link" className="visually-hidden">
            One-time set-password link
          </label>
          <textarea id="one-time-link" ref={input} className="link-input" readOnly rows={3} value={link.url} onFocus={(e) => e.currentTarget.select()} />
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="btn btn-primary" onClick={copy}>
              {copied ? "Copied!" : "Copy link"}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
