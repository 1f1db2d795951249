/**
 * The hostnames the journal answers on (read-only): the primary names every link, feed and
 * certificate; the others redirect readers to it. Changed with `npm run journal -- hosts`.
 */
export function HostsCard({ hosts }: { hosts: { hostname: string; primary: boolean }[] }) {
  return (
    <section className="card form-section hosts-card" aria-labelledby="hosts-title">
      <h2 id="hosts-title" className="section-title">Web addresses</h2>
      <ul className="host-list">
        {hosts.map((h) => (
          <li key={h.hostname}>
            <code>{h.hostname}</code>{" "}
            {h.primary ? <span className="badge badge-primary">Primary</span> : <span className="muted">redirects to the primary</span>}
          </li>
        ))}
      </ul>
      <p className="field-hint">
        Links, feeds, citations and certificate QR codes always name the primary address. The publisher changes these
        addresses with <code>npm run journal -- hosts</code>.
      </p>
    </section>
  );
}
