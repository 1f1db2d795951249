/**
 * libxml2 (xmllint-wasm) validation against the OFFICIAL schemas vendored, byte for byte, in
 * test/fixtures/{crossref,doaj,jats}/ (origins in each SOURCE.md, requirements in
 * test/fixtures/XSD-NOTES.md):
 *
 *   crossref  Crossref metadata deposit schema 5.3.1 (`<doi_batch version="5.3.1">`)
 *   doaj      DOAJ article import schema (`<records>`)
 *   jats      JATS 1.3 Journal Publishing, MathML 3 (`<article>`, no namespace)
 *   oai       OAI-PMH 2.0 responses: the official OAI-PMH.xsd, oai_dc.xsd and oai-identifier.xsd
 *             (test/fixtures/oai/SOURCE.md), the Dublin Core elements, and JATS 1.3 in the
 *             namespace the site's OAI records put it in (JATS_OAI_DRIVER below)
 *
 * The .xsd files are read from disk once. Every call runs xmllint in a fresh wasm worker, which
 * compiles the schema again: about 3 s for Crossref and JATS (the MathML 3 and JATS content
 * models are big), about 0.2 s for DOAJ. So check several documents in ONE call with
 * validateAll(), which compiles the schema once for all of them.
 *
 * Two of the vendored schemas import a sibling by an absolute http:// URL, which xmllint cannot
 * fetch here. Nothing is rewritten; instead the same namespace is imported from a local file
 * before that import is reached, and libxml2 then skips the remote one (a parser warning, which
 * is not reported as an error):
 *  - crossref5.3.1.xsd / common5.3.1.xsd import MathML from www.w3.org; the JATS module they also
 *    import brings MathML from standard-modules/mathml3/ (the official files' own behaviour).
 *  - doajArticles.xsd imports the ISO 639-2/B list from www.doaj.org; DOAJ_DRIVER below imports
 *    it from the vendored iso_639-2b.xsd first, then includes doajArticles.xsd unchanged.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { memoryPages, validateXML } from "xmllint-wasm";

export type XsdSchema = "crossref" | "doaj" | "jats" | "oai" | "oai-core";

export interface XsdResult {
  valid: boolean;
  /** libxml2's messages for this document, as "line N: …" (empty when valid). */
  errors: string[];
}

const FIXTURES = path.resolve(import.meta.dirname, "fixtures");

/** No target namespace, like doajArticles.xsd, so that it can include it. */
const DOAJ_DRIVER = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.doaj.org/schemas/iso_639-2b/1.1" schemaLocation="iso_639-2b.xsd"/>
  <xs:include schemaLocation="doajArticles.xsd"/>
</xs:schema>
`;

/**
 * JATS 1.3 in the namespace of the site's OAI-PMH records (app/documents/jats.server.ts
 * JATS_OAI_NAMESPACE). The JATS XSD has no target namespace; a schema with one that includes it
 * gives every JATS declaration that namespace ("chameleon" include, XSD 1.0 §4.2.1), so the
 * official content models validate the namespaced <article> unchanged. Its references to
 * XLink, MathML, ALI and xml: need their namespaces imported here as in the JATS driver.
 */
const JATS_OAI_DRIVER = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="https://jats.nlm.nih.gov/ns/publishing/1.3/" elementFormDefault="qualified">
  <xs:import namespace="http://www.w3.org/1999/xlink" schemaLocation="standard-modules/xlink.xsd"/>
  <xs:import namespace="http://www.w3.org/1998/Math/MathML" schemaLocation="standard-modules/mathml3/mathml3.xsd"/>
  <xs:import namespace="http://www.niso.org/schemas/ali/1.0/" schemaLocation="standard-modules/module-ali.xsd"/>
  <xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="standard-modules/xml.xsd"/>
  <xs:include schemaLocation="JATS-journalpublishing1-3-mathml3-elements.xsd"/>
</xs:schema>
`;

/**
 * Every namespace an OAI-PMH response of this site holds, each imported before any remote
 * schemaLocation names it (oai_dc.xsd imports Dublin Core from dublincore.org, which is then
 * skipped): the OAI-PMH envelope, oai_dc and Dublin Core, the oai-identifier description of
 * Identify, and JATS in its OAI namespace. The JATS driver is also included as itself (no
 * namespace, like this driver): the ALI module refers to a no-namespace JATS group.
 */
const OAI_DRIVER = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:include schemaLocation="JATS-journalpublishing1-3-mathml3.xsd"/>
  <xs:import namespace="http://purl.org/dc/elements/1.1/" schemaLocation="dc.xsd"/>
  <xs:import namespace="http://www.openarchives.org/OAI/2.0/oai_dc/" schemaLocation="oai_dc.xsd"/>
  <xs:import namespace="http://www.openarchives.org/OAI/2.0/oai-identifier" schemaLocation="oai-identifier.xsd"/>
  <xs:import namespace="https://jats.nlm.nih.gov/ns/publishing/1.3/" schemaLocation="jats-oai-namespace.xsd"/>
  <xs:import namespace="http://www.openarchives.org/OAI/2.0/" schemaLocation="OAI-PMH.xsd"/>
</xs:schema>
`;

/** The same without JATS: OAI-PMH responses of oai_dc records, Identify, the lists and errors. */
const OAI_CORE_DRIVER = OAI_DRIVER.replace(/\s*<xs:include [^>]*\/>/, "").replace(/\s*<xs:import namespace="https:\/\/jats[^>]*\/>/, "").replace(
  "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">",
  `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="xml.xsd"/>`,
);

/** The namespace of JATS in the site's OAI-PMH records (app/documents/jats.server.ts). */
const JATS_OAI_NAMESPACE = "https://jats.nlm.nih.gov/ns/publishing/1.3/";

interface SchemaFile {
  fileName: string;
  contents: string;
}

const ROOTS: Record<XsdSchema, { dirs: string[]; root: string; drivers?: SchemaFile[] }> = {
  crossref: { dirs: ["crossref"], root: "crossref5.3.1.xsd" },
  doaj: { dirs: ["doaj"], root: "doaj-driver.xsd", drivers: [{ fileName: "doaj-driver.xsd", contents: DOAJ_DRIVER }] },
  jats: { dirs: ["jats"], root: "JATS-journalpublishing1-3-mathml3.xsd" },
  "oai-core": { dirs: ["oai"], root: "oai-core-driver.xsd", drivers: [{ fileName: "oai-core-driver.xsd", contents: OAI_CORE_DRIVER }] },
  oai: {
    dirs: ["oai", "jats"],
    root: "oai-driver.xsd",
    drivers: [
      { fileName: "oai-driver.xsd", contents: OAI_DRIVER },
      { fileName: "jats-oai-namespace.xsd", contents: JATS_OAI_DRIVER },
    ],
  },
};

/** Every .xsd under dir, named by its path relative to dir (the names schemaLocation uses). */
function xsdFiles(dir: string, prefix = ""): SchemaFile[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return xsdFiles(dir, rel);
      return entry.name.endsWith(".xsd") ? [{ fileName: rel, contents: readFileSync(path.join(dir, rel), "utf8") }] : [];
    });
}

const loaded = new Map<XsdSchema, { root: SchemaFile; preload: SchemaFile[] }>();

function schemaSet(schema: XsdSchema) {
  let set = loaded.get(schema);
  if (!set) {
    const { dirs, root, drivers = [] } = ROOTS[schema];
    const files = [...dirs.flatMap((dir) => xsdFiles(path.join(FIXTURES, dir))), ...drivers];
    const rootFile = files.find((f) => f.fileName === root);
    if (!rootFile) throw new Error(`${root} missing from test/fixtures/${dirs.join(", ")}`);
    set = { root: rootFile, preload: files.filter((f) => f !== rootFile) };
    loaded.set(schema, set);
  }
  return set;
}

/** xmllint's exit codes for "some document failed": 1 not well-formed, 3/4 not valid. */
const DOCUMENT_FAILURES = new Set([1, 3, 4]);

/**
 * Validates each document against the schema in one xmllint run (the schema is compiled once).
 * Results are in the order of docs. Rejects only when the schema itself cannot be compiled or
 * xmllint fails for another reason; a malformed document is just invalid.
 */
export async function validateAll(schema: XsdSchema, docs: readonly string[]): Promise<XsdResult[]> {
  if (docs.length === 0) return [];
  const { root, preload } = schemaSet(schema);
  const names = docs.map((_, i) => `doc-${i}.xml`);
  let output: string;
  try {
    const result = await validateXML({
      xml: docs.map((contents, i) => ({ fileName: names[i], contents })),
      schema: [root],
      preload,
      // The MathML 3 content models need more than the default 32 MiB to compile.
      maxMemoryPages: 256 * memoryPages.MiB,
    });
    output = result.rawOutput;
  } catch (e) {
    const code = (e as { code?: number }).code;
    if (code === undefined || !DOCUMENT_FAILURES.has(code)) throw e;
    output = (e as Error).message;
  }
  const lines = output.split("\n");
  return names.map((name) => {
    const errors = lines
      .filter((line) => line.startsWith(`${name}:`))
      .map((line) => line.slice(name.length + 1).replace(/^(\d+): /, "line $1: "));
    const valid = lines.includes(`${name} validates`);
    return { valid, errors: valid ? [] : errors.length ? errors : [`${name}: no message from xmllint`] };
  });
}

async function validateOne(schema: XsdSchema, xml: string): Promise<XsdResult> {
  const [result] = await validateAll(schema, [xml]);
  return result;
}

/** A Crossref deposit (`doi_batch`, schema 5.3.1). */
export const validateCrossref = (xml: string) => validateOne("crossref", xml);
/** A DOAJ article upload (`records`). */
export const validateDoaj = (xml: string) => validateOne("doaj", xml);
/** A JATS 1.3 Journal Publishing (MathML 3) `article`. */
export const validateJats = (xml: string) => validateOne("jats", xml);
/** An OAI-PMH 2.0 response (its oai_dc and JATS records included). */
export const validateOai = (xml: string) => validateOne("oai", xml);

/**
 * libxml2's errors for one OAI-PMH response (or an oai_dc record) against the official schemas
 * of test/fixtures/oai/ — empty when valid; rejects if it cannot even run. A response without
 * JATS is checked without compiling the JATS content models (a fraction of the time); many
 * responses are best checked at once with validateAll("oai", docs).
 */
export async function oaiSchemaErrors(doc: string): Promise<string[]> {
  const [result] = await validateAll(doc.includes(JATS_OAI_NAMESPACE) ? "oai" : "oai-core", [doc]);
  return result.errors;
}
