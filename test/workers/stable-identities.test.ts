import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addHostStatements, primaryHostStatements, runStatements } from "../../app/models/journals.server";
import { xmlTexts } from "../xml";
import { fetchWorker, makeAdminSession, makeArticle, makeEditor, makeIssue, unique } from "../factories";
import { documentText, loadPdf } from "./pdf-helpers";

/**
 * Identity is not an address: after `npm run journal -- hosts {slug} --primary {new}` (the very
 * statements it runs), OAI-PMH's repository identifier and every record identifier stay as
 * harvested, an identifier harvested before the move still answers GetRecord, feed entry ids stay;
 * URLs — and the spec's `domain`, printed on the home cover card, the cover page and the board
 * PDF — name the new primary.
 */

const get = (url: string) => fetchWorker(url, { headers: { authorization: "Bearer none" } });

async function movedJournal() {
  const s = await makeAdminSession();
  const issue = await makeIssue(s.id, { year: 2025, volume: 5, issue: 1 });
  const a = await makeArticle(s.id, issue, { title: "Before the move" });
  const b = await makeArticle(s.id, issue, { title: "Also before", status: "disabled" });
  await makeEditor(s.id, { name: "Dr. Kavita Rao" });
  const oldHost = s.host;
  const newHost = `${unique("moved")}.example`;
  const harvested = {
    identify: await (await get(`https://${oldHost}/oai?verb=Identify`)).text(),
    ids: xmlTexts(await (await get(`https://${oldHost}/oai?verb=ListIdentifiers&metadataPrefix=oai_dc`)).text(), "identifier"),
    feed: xmlTexts(await (await get(`https://${oldHost}/feed.xml`)).text(), "id"),
  };
  await runStatements(env.DB, [...addHostStatements(s.slug, newHost), ...primaryHostStatements(s.slug, newHost)]);
  return { s, a, b, oldHost, newHost, harvested };
}

describe("a domain move changes addresses, not identities", () => {
  it("OAI-PMH: Identify's repository identifier and every record identifier are unchanged; pre-move identifiers answer GetRecord", async () => {
    const { a, b, oldHost, newHost, harvested } = await movedJournal();
    expect(harvested.ids).toEqual([`oai:${oldHost}:article/${a.id}`, `oai:${oldHost}:article/${b.id}`]);
    const identify = await (await get(`https://${newHost}/oai?verb=Identify`)).text();
    expect(xmlTexts(identify, "repositoryIdentifier")).toEqual([oldHost]);
    expect(xmlTexts(identify, "sampleIdentifier")).toEqual([`oai:${oldHost}:article/1`]);
    expect(xmlTexts(identify, "baseURL")).toEqual([`https://${newHost}/oai`]);
    const after = await (await get(`https://${newHost}/oai?verb=ListRecords&metadataPrefix=oai_dc`)).text();
    expect(xmlTexts(after, "identifier").filter((i) => i.startsWith("oai:"))).toEqual(harvested.ids);
    // The record's own URLs moved.
    expect(after).toContain(`<dc:identifier>https://${newHost}/archives/2025/5/1/${a.refnumber}</dc:identifier>`);
    expect(after).not.toContain(`https://${oldHost}/`);
    // Harvested before the move: still the record. Built from the new host: the same record.
    for (const identifier of [harvested.ids[0], `oai:${newHost}:article/${a.id}`]) {
      const record = await (await get(`https://${newHost}/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`)).text();
      expect(record, identifier).not.toContain("<error");
      expect(xmlTexts(record, "identifier")[0], identifier).toBe(harvested.ids[0]);
      expect(xmlTexts(record, "dc:title"), identifier).toEqual(["Before the move"]);
    }
    const formats = await (await get(`https://${newHost}/oai?verb=ListMetadataFormats&identifier=${encodeURIComponent(harvested.ids[1])}`)).text();
    expect(formats).not.toContain("<error");
    // Another journal's host in an identifier is not this repository's.
    const foreign = await (await get(`https://${newHost}/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.example:article/${a.id}`)).text();
    expect(foreign).toContain('<error code="idDoesNotExist">');
  });

  it("feed ids are unchanged (tag: URIs); their links name the new primary", async () => {
    const { a, oldHost, newHost, harvested } = await movedJournal();
    const feed = await (await get(`https://${newHost}/feed.xml`)).text();
    expect(xmlTexts(feed, "id")).toEqual(harvested.feed);
    expect(harvested.feed[1]).toMatch(new RegExp(`^tag:${oldHost.replace(/\./g, "\\.")},\\d{4}-\\d{2}-\\d{2}:article/${a.id}$`));
    expect(feed).toContain(`href="https://${newHost}/archives/2025/5/1/${a.refnumber}"`);
  });

  it("the domain follows the primary: home cover card, cover page, board PDF and Settings name the new host", async () => {
    const { s, a, oldHost, newHost } = await movedJournal();
    // The journal's e-mail address (editor@{old host}) is a setting of its own and stays.
    const withoutEmail = (text: string) => text.replace(/[^\s<>"@]+@[^\s<>"]+/g, "");
    const home = await (await get(`https://${newHost}/`)).text();
    expect(home).toContain(`<p class="cover-domain">${newHost}</p>`);
    expect(withoutEmail(home)).not.toContain(oldHost);
    const cover = documentText(await loadPdf(await (await get(`https://${newHost}/api/pdf/coverpage/${a.id}`)).arrayBuffer()));
    expect(cover).toContain(newHost);
    expect(withoutEmail(cover)).not.toContain(oldHost);
    const board = documentText(await loadPdf(await (await get(`https://${newHost}/api/pdf/editorialboard`)).arrayBuffer()));
    expect(board).toContain(newHost);
    expect(withoutEmail(board)).not.toContain(oldHost);
    expect(await env.DB.prepare("select domain from settings where journal_id = ?").bind(s.id).first("domain")).toBe(newHost);
    const settings = (await (await fetchWorker(`https://${newHost}/api/settings/`, { headers: s.auth })).json()) as { domain: string };
    expect(settings.domain).toBe(newHost);
  });

  it("Settings: the domain is the primary host; sending it back is fine, naming another host is refused", async () => {
    const s = await makeAdminSession();
    const post = (body: unknown) => fetchWorker(s.url("/api/settings"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify(body) });
    let res = await post({ domain: s.host, websitename: "Kept" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { domain: string }).domain).toBe(s.host);
    res = await post({ domain: `https://${s.host.toUpperCase()}/` });
    expect(res.status).toBe(200);
    res = await post({ domain: "www.elsewhere.example" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "validation_failed",
      fields: { domain: `The domain is this journal's primary web address, ${s.host}. It changes with the web addresses (npm run journal -- hosts --primary), not here.` },
    });
    expect(await env.DB.prepare("select domain from settings where journal_id = ?").bind(s.id).first("domain")).toBe(s.host);
  });

  it("a new journal's identity is its first primary host and creation day", async () => {
    const s = await makeAdminSession();
    expect(await env.DB.prepare("select identity_host from journals where id = ?").bind(s.id).first("identity_host")).toBe(s.host);
    expect(s.journal.identity).toEqual({ host: s.host, since: new Date().toISOString().slice(0, 10) });
    expect(s.journal.settings.domain).toBe(s.host);
  });
});
