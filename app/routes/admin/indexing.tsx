import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/indexing";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { AddIcon, EmptyList, TableCard } from "../../components/admin/AdminTable";
import { useFlashFrom } from "../../components/admin/Flash";
import { flash } from "../../components/admin/flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { StatusSwitch } from "../../components/admin/StatusSwitch";
import { useSubmissionToken, withSubmissionToken } from "../../components/admin/SubmitOnce";
import { readForm } from "../../http/body";
import { adminPageTitle } from "../../lib/site";
import { indexingImageUrl, partnerAdminPath } from "../../lib/urls";
import { staffActor } from "../../models/history.server";
import { getPartner, listAllPartners, reorderPartners } from "../../models/indexing.server";
import { savePartner } from "../../models/staff-writes.server";
import { BAD_REQUEST, FORM_MESSAGES, PARTNER_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { once } from "./once.server";
import { formExpectation, listConflictFlash } from "./records.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Indexing partners", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const rows = await listAllPartners(db, journal.id);
  return {
    partners: rows.map((p) => ({ id: p.id, title: p.title, link: p.link, status: p.status, logo: p.image ? indexingImageUrl(p.image) : "", version: p.version })),
  };
}

type ActionData = { ok: boolean; flash?: ReturnType<typeof flash> };

/**
 * The list's switch (`intent=status`, with the row's version: a versioned write of the status
 * alone) and its order (`intent=order`, every id in the new order: the whole arrangement, so it
 * is not refused for a list loaded before someone else's change — see reorderPartners).
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return data<ActionData>({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, BAD_REQUEST.text) }, { status: 400 });
  const form = read.form;
  try {
    return await once(session, form, `partners-${String(form.get("intent") ?? "")}`, () => listAction(session, form));
  } catch (error) {
    console.error("indexing list action failed", error);
    return data<ActionData>({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, FORM_MESSAGES.nothingChanged) }, { status: 500 });
  }
}

async function listAction({ db, journal, env, user }: AdminSession, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "status") {
    const id = Number(form.get("id"));
    const existing = Number.isSafeInteger(id) && id > 0 ? await getPartner(db, journal.id, id) : undefined;
    if (!existing) return data<ActionData>({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, PARTNER_MESSAGES.notFound) }, { status: 404 });
    // A rename meanwhile does not stop the switch; a colleague's switch of the same partner does.
    const result = await savePartner(env, db, journal.id, staffActor(user), existing, { status: String(form.get("status") ?? "") }, null, false, formExpectation(form));
    if (!result.ok && result.code === "edit_conflict") return data<ActionData>({ ok: false, flash: listConflictFlash(result.conflict?.changes ?? [], existing.title) }, { status: 409 });
    if (!result.ok) return data<ActionData>({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, Object.values(result.fields)[0]) }, { status: result.status });
    return data<ActionData>({ ok: true });
  }
  if (intent === "order") {
    const ids = form
      .getAll("ids")
      .map(String)
      .filter((v) => /^\d{1,12}$/.test(v))
      .map(Number)
      .slice(0, 1000);
    await reorderPartners(db, journal.id, staffActor(user), ids);
    return data<ActionData>({ ok: true });
  }
  return data<ActionData>({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG) }, { status: 400 });
}

/** After a refused switch the list reloads, so it shows what the others did. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: { actionStatus?: number; defaultShouldRevalidate: boolean }) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export const ErrorBoundary = AdminErrorBoundary;

type Row = Awaited<ReturnType<typeof loader>>["partners"][number];

/**
 * The partners in reading order. Reordering works two ways: drag a row by its handle, or focus
 * the handle and press ↑/↓ (Home/End for first/last place). Each move is saved at once and
 * announced ("… moved to position 2 of 7").
 */
export default function IndexingPartners({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  const fetcher = useFetcher<typeof action>({ key: "partners-order" });
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  const token = useSubmissionToken();
  // The order shown: the server's, or the one just chosen while it is being saved.
  const [order, setOrder] = useState<number[]>(() => partners.map((p) => p.id));
  const serverOrder = partners.map((p) => p.id).join(",");
  useEffect(() => {
    if (fetcher.state === "idle") setOrder(serverOrder ? serverOrder.split(",").map(Number) : []);
  }, [serverOrder, fetcher.state]);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const byId = new Map(partners.map((p) => [p.id, p]));
  const rows = order.map((id) => byId.get(id)).filter((p): p is Row => !!p);

  function save(next: number[], moved: number) {
    setOrder(next);
    const form = new FormData();
    form.set("intent", "order");
    for (const id of next) form.append("ids", String(id));
    fetcher.submit(withSubmissionToken(form, token), { method: "post" });
    setAnnouncement(PARTNER_MESSAGES.moved(byId.get(moved)?.title ?? "", next.indexOf(moved) + 1, next.length));
  }

  function moveTo(id: number, index: number) {
    const from = order.indexOf(id);
    const to = Math.max(0, Math.min(order.length - 1, index));
    if (from === -1 || from === to) return;
    const next = order.filter((x) => x !== id);
    next.splice(to, 0, id);
    save(next, id);
    // Keep the keyboard on the handle that moved.
    requestAnimationFrame(() => handles.current.get(id)?.focus());
  }

  function onKey(event: KeyboardEvent<HTMLButtonElement>, id: number) {
    const at = order.indexOf(id);
    const target = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: order.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(id, target);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, overId: number) {
    event.preventDefault();
    const id = dragging ?? Number(event.dataTransfer.getData("text/plain"));
    setDragging(null);
    if (!id || id === overId) return;
    moveTo(id, order.indexOf(overId));
  }

  const shown = partners.filter((p) => p.status === "enabled").length;
  return (
    <>
      <PageHeader
        title="Indexing partners"
        sub={`${partners.length} on file · ${shown} shown on the Indexing page and in the sidebar, in this order.`}
        actions={
          <Link to="/admin/indexing/add" className="btn btn-primary">
            <AddIcon />
            Add partner
          </Link>
        }
      />
      <TableCard title="Order on the site" titleId="partners-title">
        {rows.length === 0 ? (
          <EmptyList text="No indexing partners yet." to="/admin/indexing/add" action="Add the first partner" />
        ) : (
          <>
            <p className="muted small partner-hint" id="reorder-hint">
              Drag a row by its handle, or focus the handle and press ↑ or ↓ (Home and End for first and last place). Each move is saved at once.
            </p>
            <ol className="partner-list" aria-labelledby="partners-title">
              {rows.map((p, i) => (
                <li
                  key={p.id}
                  className={`partner-row${p.status === "disabled" ? " is-muted" : ""}${dragging === p.id ? " is-dragging" : ""}`}
                  draggable
                  onDragStart={(e) => {
                    setDragging(p.id);
                    e.dataTransfer.effectAllowed = "move";
                    e.dataTransfer.setData("text/plain", String(p.id));
                  }}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(e) => {
                    e.preventDefault();
                    e.dataTransfer.dropEffect = "move";
                  }}
                  onDrop={(e) => onDrop(e, p.id)}
                  data-partner-id={p.id}
                >
                  <button
                    type="button"
                    className="drag-handle"
                    ref={(el) => {
                      if (el) handles.current.set(p.id, el);
                      else handles.current.delete(p.id);
                    }}
                    aria-label={`Move ${p.title}, position ${i + 1} of ${rows.length}`}
                    aria-describedby="reorder-hint"
                    onKeyDown={(e) => onKey(e, p.id)}
                  >
                    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                      <path fill="currentColor" d="M7 4h2v2H7zm4 0h2v2h-2zM7 9h2v2H7zm4 0h2v2h-2zm-4 5h2v2H7zm4 0h2v2h-2z" />
                    </svg>
                  </button>
                  <span className="partner-position" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="partner-logo">{p.logo ? <img src={p.logo} alt="" width={120} height={48} loading="lazy" /> : <span className="logo-text">No logo</span>}</span>
                  <span className="partner-text">
                    <span className="a-editor-name">{p.title}</span>
                    {p.link ? (
                      <a href={p.link} target="_blank" rel="noopener noreferrer" className="partner-link">
                        {p.link}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="muted small">No link</span>
                    )}
                  </span>
                  <StatusSwitch
                    fetcherKey={`partner-status-${p.id}`}
                    id={p.id}
                    name={p.title}
                    status={p.status}
                    version={p.version}
                    confirmTitle={PARTNER_MESSAGES.disableTitle(p.title)}
                    confirmBody={PARTNER_MESSAGES.disableBody}
                    onTitle="Shown on the Indexing page: click to disable"
                    offTitle="Hidden from readers: click to enable"
                  />
                  <Link to={partnerAdminPath(p.id)} className="btn btn-small btn-secondary" aria-label={`Edit ${p.title}`}>
                    EDIT
                  </Link>
                </li>
              ))}
            </ol>
          </>
        )}
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </TableCard>
    </>
  );
}
