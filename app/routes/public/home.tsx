import { Link } from "react-router";
import type { Route } from "./+types/home";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readHomePage } from "../../models/pages.server";
import { IndexingList } from "../../components/IndexingList";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { RICH_PROFILE, sanitizeHtml } from "../../lib/html";
import { displayImpactFactor, enquiryChatLink, previewImageMeta, publisherAnchor } from "../../lib/site";
import { SideChat } from "../../components/SideChat";
import { JournalMemo } from "../../http/journal-memo.server";

/** The home page's reads and its sanitised content: the same until the journal's next staff write. */
const homes = new JournalMemo<Awaited<ReturnType<typeof readHomePage>> & { homeContent: string }>(16);

export async function loader({ context }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const s = journal.settings;
  const { chiefEditor, partners, homeContent } = await homes.get(env, journal, "home", async () => ({
    // One D1 round trip for everything the page needs beyond the journal itself.
    ...(await readHomePage(getDb(env.DB), journal.id)),
    homeContent: sanitizeHtml(s.home_content, RICH_PROFILE),
  }));
  return {
    chiefEditor,
    partners,
    s: {
      websitename: s.websitename,
      domain: s.domain || journal.host,
      issn: s.issn,
      essn: s.journal_essn,
      yearStarted: s.year_started,
      frequency: s.journal_frequency,
      type: s.journal_type,
      language: s.journal_language,
      nassScore: s.nassScore,
      nassScoreYear: s.nassScoreYear,
      phone: s.phone || s.whatsup_number,
      email: s.websiteemail,
      impactFactor: displayImpactFactor(s.impactfactor),
      feeRupee: s.fee_rupee,
      feeDollar: s.fee_dollar,
      homeContent,
      publisherAddress: s.publisher_address,
      publisherName: s.publisher_name,
      whatsapp: s.whatsup_number,
      showCoverImage: s.show_cover_image,
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const s = loaderData?.s;
  if (!s) return [{ title: "Journal" }];
  const description = `${s.websitename}: a peer reviewed ${s.frequency.toLowerCase()} journal${s.issn ? `, ISSN ${s.issn}` : ""}. Browse the archives, read abstracts and download articles.`;
  return [{ title: s.websitename }, { name: "description", content: description }, ...previewImageMeta(matches)];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { s, chiefEditor, partners } = loaderData;
  const chat = enquiryChatLink(s.whatsapp, s.websitename);
  const info: [string, string][] = [
    ["Editor-in-Chief", chiefEditor],
    ["Year Started", s.yearStarted],
    ["Frequency", s.frequency],
    ["Format", "Online"],
    ["Type", s.type],
    ["Language", s.language],
    ["E-ISSN", s.essn],
    ["NAAS Rating", s.nassScore ? `${s.nassScore}${s.nassScoreYear ? ` (${s.nassScoreYear})` : ""}` : ""],
    ["Phone", s.phone],
    ["E-mail", s.email],
  ];
  return (
    <div className="with-sidebar">
      <Main className="content" labelledBy="home-title">
        <h1 id="home-title" className="page-title">{s.websitename}</h1>
        <section className="home-top" aria-label="About the journal">
          <figure className="cover-card">
            <div className="cover-sheet">
              <p className="cover-vol">Volume 1, Issue 1</p>
              <p className="cover-domain">{s.domain}</p>
              {s.issn ? <p className="cover-issn">ISSN: {s.issn}</p> : null}
              {s.yearStarted ? <p className="cover-year">Year Started: {s.yearStarted}</p> : null}
              <p className="cover-name">{s.websitename}</p>
              {s.showCoverImage ? (
                <img className="cover-image" src="/images/cover-stock.svg" alt="" width={240} height={140} />
              ) : null}
              {s.publisherAddress ? <p className="cover-publisher">{s.publisherAddress}</p> : null}
            </div>
          </figure>
          <div className="journal-info">
            <p className="peer-reviewed">Peer Reviewed Journal</p>
            <dl className="info-list">
              {info
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{label === "E-mail" ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
                  </div>
                ))}
            </dl>
            {s.impactFactor ? (
              <p className="impact-factor">
                Impact Factor: <strong>{s.impactFactor}</strong>
              </p>
            ) : null}
            {s.feeRupee || s.feeDollar ? (
              <div className="fees">
                <p>
                  India fee: <strong>{s.feeRupee}</strong>
                </p>
                <p>
                  Foreign fee: <strong>{s.feeDollar}</strong>
                </p>
              </div>
            ) : null}
          </div>
        </section>

        <section className="process" aria-labelledby="process-title">
          <h2 id="process-title">Publication process</h2>
          <ol className="steps">
            <li>Send your article to {s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : "the journal e-mail"}.</li>
            <li>After acceptance, pay the publication fee.</li>
            <li>Send the payment receipt to {s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : "the journal e-mail"}.</li>
            <li>Receive the abstract link, article PDF, certificate, editorial page and cover page.</li>
            <li>All of this within 5 days.</li>
          </ol>
        </section>

        {s.homeContent ? (
          <section className="home-content rich-text" dangerouslySetInnerHTML={{ __html: s.homeContent }} />
        ) : null}
      </Main>

      <aside className="sidebar" aria-label="Journal links">
        <section className="side-card">
          <h2>Journal List</h2>
          <p>
            {/* To the publisher's own group of the list, which may hold other publishers' journals too. */}
            {s.publisherName.trim() ? (
              <Link to={`/journals#${publisherAnchor(s.publisherName)}`}>All journals of {s.publisherName}</Link>
            ) : (
              <Link to="/journals">All journals on this site</Link>
            )}
          </p>
        </section>
        <SideChat href={chat} />
        <section className="side-card submit-card">
          <h2>SUBMIT YOUR ARTICLE</h2>
          {s.email ? (
            <>
              <p>Send your manuscript to</p>
              <p>
                <a href={`mailto:${s.email}`}>{s.email}</a>
              </p>
            </>
          ) : (
            <p>
              See the <Link to="/contact">contact page</Link> for how to send your manuscript.
            </p>
          )}
        </section>
        {partners.length ? (
          <section className="side-card">
            <h2>Indexing</h2>
            <IndexingList partners={partners} variant="sidebar" />
          </section>
        ) : null}
      </aside>
    </div>
  );
}
