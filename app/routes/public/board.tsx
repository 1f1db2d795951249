import type { Route } from "./+types/board";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import type { EditorCategory } from "../../models/editors.server";
import { readBoardPage } from "../../models/pages.server";
import { EmailText } from "../../components/EmailText";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { INLINE_PROFILE, RICH_PROFILE, sanitizeHtml } from "../../lib/html";
import { pageMeta } from "../../lib/site";
import { EDITORIAL_BOARD_PDF_FILENAME, EDITORIAL_BOARD_PDF_PATH, editorPictureUrl } from "../../lib/urls";

const GROUPS: { category: EditorCategory; title: string; id: string }[] = [
  { category: "chief editor", title: "Editor-in-Chief", id: "editor-in-chief" },
  { category: "associate editor", title: "Associate Editors", id: "associate-editors" },
  { category: "assistant editor", title: "Assistant Editors", id: "assistant-editors" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  // Enabled editors only, pinned first (the query's order), in one D1 round trip.
  const editors = await readBoardPage(getDb(env.DB), journal.id);
  const showContacts = journal.settings.show_editor_contacts;
  const groups = GROUPS.map((g) => ({
    ...g,
    editors: editors
      .filter((e) => e.category === g.category)
      .map((e) => ({
        id: e.id,
        name: e.name,
        postHtml: sanitizeHtml(e.post, INLINE_PROFILE),
        degree: e.degree,
        contentHtml: sanitizeHtml(e.content, RICH_PROFILE),
        country: e.country,
        website: /^https?:\/\//i.test(e.editor_website) ? e.editor_website : "",
        picture: editorPictureUrl(e.picture),
        hasPicture: Boolean(e.picture),
        // Contacts leave the server only for journals that publish them.
        email: showContacts ? e.email : "",
        phone: showContacts ? e.phone : "",
      })),
  })).filter((g) => g.editors.length > 0);
  return { groups, siteName: journal.settings.websitename };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Editorial Board", (site) => `The editor-in-chief, associate editors and assistant editors of ${site}.`);
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Board({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <Main className="content board-page" labelledBy="board-title">
      <div className="content-head">
        <h1 id="board-title">Editorial Board</h1>
        <a className="button ghost" href={EDITORIAL_BOARD_PDF_PATH} download={EDITORIAL_BOARD_PDF_FILENAME}>
          Download (PDF)
        </a>
      </div>
      {groups.length === 0 ? <p className="empty-state">The editorial board will be announced soon.</p> : null}
      {groups.length > 1 ? (
        <nav className="in-page-nav" aria-label="Board sections">
          {groups.map((g) => (
            <a key={g.id} href={`#${g.id}`}>
              {g.title}
            </a>
          ))}
        </nav>
      ) : null}
      {groups.map((g) => (
        <section key={g.id} className="board-group" aria-labelledby={g.id}>
          <h2 id={g.id}>{g.title}</h2>
          <ul className={g.category === "chief editor" ? "editor-grid chief" : "editor-grid"}>
            {g.editors.map((e) => (
              <li key={e.id} className="editor-card">
                <img
                  className="editor-photo"
                  src={e.picture}
                  alt={e.hasPicture ? `Portrait of ${e.name}` : ""}
                  width={96}
                  height={96}
                  loading="lazy"
                />
                <div className="editor-body">
                  <h3 className="editor-name">{e.name}</h3>
                  {e.postHtml ? <p className="editor-post" dangerouslySetInnerHTML={{ __html: e.postHtml }} /> : null}
                  {e.degree ? <p className="editor-degree">{e.degree}</p> : null}
                  {e.contentHtml ? <div className="editor-content" dangerouslySetInnerHTML={{ __html: e.contentHtml }} /> : null}
                  {e.country ? <p className="editor-country">{e.country}</p> : null}
                  {e.email || e.phone || e.website ? (
                    <ul className="editor-contacts">
                      {e.email ? (
                        <li>
                          <span className="visually-hidden">E-mail: </span>
                          <a href={`mailto:${e.email}`}>
                            <EmailText address={e.email} />
                          </a>
                        </li>
                      ) : null}
                      {e.phone ? (
                        <li>
                          <span className="visually-hidden">Phone: </span>
                          <a href={`tel:${e.phone.replace(/[^\d+]/g, "")}`}>{e.phone}</a>
                        </li>
                      ) : null}
                      {e.website ? (
                        <li>
                          <a href={e.website} target="_blank" rel="noopener noreferrer">
                            Profile
                          </a>
                        </li>
                      ) : null}
                    </ul>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Main>
  );
}
