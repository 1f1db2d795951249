import type { Route } from "./+types/contact";
import { appContext } from "../../context";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { addressNamesPublisher, pageMeta, queryText, whatsappLink } from "../../lib/site";

export function loader({ context }: Route.LoaderArgs) {
  const s = context.get(appContext).journal.settings;
  return {
    siteName: s.websitename,
    publisherName: s.publisher_name,
    publisherAddress: s.publisher_address,
    email: s.websiteemail,
    phone: s.phone,
    whatsapp: s.whatsup_number,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Contact", (site) => `Contact the editorial office of ${site}: address, e-mail and WhatsApp.`);
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { siteName, publisherName, publisherAddress, email, phone, whatsapp } = loaderData;
  const chat = whatsapp ? whatsappLink(whatsapp, queryText(siteName)) : "";
  // The address usually starts with the publisher's name; don't print it twice.
  const showName = publisherName.trim() !== "" && !addressNamesPublisher(publisherName, publisherAddress);
  return (
    <Main className="content contact-page" labelledBy="contact-title">
      <h1 id="contact-title">Contact</h1>
      <p className="lead">
        Questions about a submission, a payment, your certificate or anything else about {siteName}? Write to us or send
        a WhatsApp message; the editorial office answers within one working day.
      </p>
      <div className="contact-grid">
        <section className="contact-card" aria-labelledby="contact-address">
          <h2 id="contact-address">Publisher</h2>
          <address>
            {showName ? (
              <>
                <strong>{publisherName}</strong>
                <br />
              </>
            ) : null}
            {publisherAddress || siteName}
          </address>
        </section>
        <section className="contact-card" aria-labelledby="contact-email">
          <h2 id="contact-email">Submissions and enquiries</h2>
          {email ? (
            <p>
              E-mail: <a href={`mailto:${email}`}>{email}</a>
            </p>
          ) : null}
          {phone ? (
            <p>
              Phone: <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
            </p>
          ) : null}
          <p className="muted">Send manuscripts as Word files to the e-mail address above.</p>
        </section>
        {chat ? (
          <section className="contact-card" aria-labelledby="contact-whatsapp">
            <h2 id="contact-whatsapp">WhatsApp</h2>
            <p>
              Message us on WhatsApp at <strong>{whatsapp}</strong>. The link opens a chat with your query already typed.
            </p>
            <p>
              <a className="button whatsapp" href={chat} target="_blank" rel="noopener noreferrer">
                Send us your query on WhatsApp
              </a>
            </p>
          </section>
        ) : null}
      </div>
    </Main>
  );
}
