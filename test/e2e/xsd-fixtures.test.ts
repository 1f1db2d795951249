/**
 * The official Crossref 5.3.1, DOAJ article and JATS 1.3 (Journal Publishing, MathML 3) schemas
 * vendored in test/fixtures/ compile in libxml2 (xmllint-wasm), accept hand-written documents
 * shaped like the ones the app is to generate (Devanagari and accented names, italics in titles,
 * a body-less JATS article), and reject the mistakes a generator is likely to make, each with a
 * message that names the problem. No app, no browser: test/xsd.ts only.
 *
 * Each schema is compiled once per describe block (validateAll), since compiling the Crossref or
 * JATS closure takes about 3 s. Requirements and gotchas: test/fixtures/XSD-NOTES.md.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { validateAll, type XsdResult, type XsdSchema } from "../xsd.ts";

/** The document with `from` replaced by `to`; `from` must occur exactly once. */
function variant(doc: string, from: string | RegExp, to: string): string {
  const count = typeof from === "string" ? doc.split(from).length - 1 : [...doc.matchAll(new RegExp(from, "g"))].length;
  assert.equal(count, 1, `expected exactly one ${String(from)} in the sample`);
  return doc.replace(from, to);
}

/** Validates every named document in one xmllint run. */
async function validateNamed<K extends string>(schema: XsdSchema, docs: Record<K, string>): Promise<Record<K, XsdResult>> {
  const names = Object.keys(docs) as K[];
  const results = await validateAll(schema, names.map((n) => docs[n]));
  return Object.fromEntries(names.map((n, i) => [n, results[i]])) as Record<K, XsdResult>;
}

function assertValid(result: XsdResult) {
  assert.deepEqual(result.errors, []);
  assert.equal(result.valid, true);
}

function assertInvalid(result: XsdResult, message: RegExp) {
  assert.equal(result.valid, false, "expected the schema to reject this variant");
  assert.ok(
    result.errors.some((e) => message.test(e)),
    `no error matches ${message}:\n${result.errors.join("\n")}`,
  );
}

// ---- Crossref 5.3.1 -------------------------------------------------------------------------

const CROSSREF = `<?xml version="1.0" encoding="UTF-8"?>
<doi_batch xmlns="http://www.crossref.org/schema/5.3.1"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
           xmlns:jats="http://www.ncbi.nlm.nih.gov/JATS1"
           xmlns:ai="http://www.crossref.org/AccessIndicators.xsd"
           version="5.3.1"
           xsi:schemaLocation="http://www.crossref.org/schema/5.3.1 https://www.crossref.org/schemas/crossref5.3.1.xsd">
  <head>
    <doi_batch_id>jms-12-2-20240615101500</doi_batch_id>
    <timestamp>20240615101500000</timestamp>
    <depositor>
      <depositor_name>Sahyadri Journals</depositor_name>
      <email_address>crossref@journals.example.org</email_address>
    </depositor>
    <registrant>Sahyadri Scholarly Society</registrant>
  </head>
  <body>
    <journal>
      <journal_metadata language="en">
        <full_title>Journal of Marathi Studies</full_title>
        <abbrev_title>J. Marathi Stud.</abbrev_title>
        <issn media_type="print">2277-1239</issn>
        <issn media_type="electronic">2582-452X</issn>
      </journal_metadata>
      <journal_issue>
        <publication_date media_type="online">
          <month>06</month>
          <day>15</day>
          <year>2024</year>
        </publication_date>
        <journal_volume>
          <volume>12</volume>
        </journal_volume>
        <issue>2</issue>
      </journal_issue>
      <journal_article publication_type="full_text" language="mr">
        <titles>
          <title>मराठी <i>संत</i> साहित्यातील प्रतिमा: <i>ज्ञानेश्वरी</i> ते <i>Jñāneśvarī</i> &amp; after</title>
        </titles>
        <contributors>
          <person_name sequence="first" contributor_role="author">
            <given_name>अनिता</given_name>
            <surname>देशपांडे</surname>
            <affiliations>
              <institution>
                <institution_name>Savitribai Phule Pune University</institution_name>
              </institution>
            </affiliations>
            <ORCID>https://orcid.org/0000-0002-1825-0097</ORCID>
          </person_name>
          <person_name sequence="additional" contributor_role="author">
            <given_name>José</given_name>
            <surname>Müller-Ñúñez</surname>
          </person_name>
          <person_name sequence="additional" contributor_role="author">
            <surname>Kāḷidāsa</surname>
          </person_name>
        </contributors>
        <jats:abstract xml:lang="en">
          <jats:p>How the <jats:italic>sant</jats:italic> poets picture the divine.</jats:p>
        </jats:abstract>
        <publication_date media_type="online">
          <month>06</month>
          <day>15</day>
          <year>2024</year>
        </publication_date>
        <pages>
          <first_page>45</first_page>
          <last_page>67</last_page>
        </pages>
        <ai:program name="AccessIndicators">
          <ai:license_ref applies_to="vor">https://creativecommons.org/licenses/by/4.0/</ai:license_ref>
        </ai:program>
        <doi_data>
          <doi>10.12345/jms.2024.12.2.3</doi>
          <resource>https://jms.journals.example.org/articles/123</resource>
          <collection property="text-mining">
            <item>
              <resource mime_type="application/pdf">https://jms.journals.example.org/articles/123.pdf</resource>
            </item>
          </collection>
        </doi_data>
      </journal_article>
    </journal>
  </body>
</doi_batch>
`;

describe("Crossref 5.3.1 deposit (doi_batch)", () => {
  let r: Record<
    | "valid"
    | "noDoiData"
    | "yearFirst"
    | "surnameBeforeGiven"
    | "noSequence"
    | "jatsItalic"
    | "issnSpace"
    | "unknownName"
    | "wrongVersion"
    | "unescapedAmp",
    XsdResult
  >;

  before(async () => {
    const articleDate = /<publication_date media_type="online">\s*<month>06<\/month>\s*<day>15<\/day>\s*<year>2024<\/year>\s*<\/publication_date>\s*<pages>/;
    r = await validateNamed("crossref", {
      valid: CROSSREF,
      noDoiData: variant(CROSSREF, /<doi_data>[\s\S]*<\/doi_data>/, ""),
      yearFirst: variant(CROSSREF, articleDate, `<publication_date media_type="online"><year>2024</year><month>06</month><day>15</day></publication_date><pages>`),
      surnameBeforeGiven: variant(CROSSREF, "<given_name>José</given_name>\n            <surname>Müller-Ñúñez</surname>", "<surname>Müller-Ñúñez</surname><given_name>José</given_name>"),
      noSequence: variant(CROSSREF, `<person_name sequence="first" contributor_role="author">`, `<person_name contributor_role="author">`),
      jatsItalic: variant(CROSSREF, "<i>संत</i>", "<italic>संत</italic>"),
      issnSpace: variant(CROSSREF, "2277-1239", "2277 1239"),
      unknownName: variant(CROSSREF, "<surname>Kāḷidāsa</surname>", "<surname>?</surname>"),
      wrongVersion: variant(CROSSREF, `version="5.3.1"`, `version="5.4.0"`),
      unescapedAmp: variant(CROSSREF, "&amp; after", "& after"),
    });
  });

  test("a deposit like ours (Devanagari, accents, <i> in the title, surname-only author, text-mining PDF) is valid", () => {
    assertValid(r.valid);
  });

  test("doi_data is required in journal_article", () => {
    assertInvalid(r.noDoiData, /Missing child element.*doi_data/);
  });

  test("dates are month, day, year — year first is rejected", () => {
    assertInvalid(r.yearFirst, /Element '\{[^}]+\}month': This element is not expected/);
  });

  test("person_name is given_name then surname", () => {
    assertInvalid(r.surnameBeforeGiven, /given_name': This element is not expected/);
  });

  test("person_name needs its sequence attribute", () => {
    assertInvalid(r.noSequence, /The attribute 'sequence' is required/);
  });

  test("titles take Crossref face markup (<i>), not JATS <italic>", () => {
    assertInvalid(r.jatsItalic, /italic': This element is not expected/);
  });

  test("an ISSN is 4 digits, optional hyphen, 3 digits and a digit or X", () => {
    assertInvalid(r.issnSpace, /issn'.*facet 'pattern'/);
  });

  test("a name may not be just '?' (the pattern also rejects blank names and some digit runs)", () => {
    assertInvalid(r.unknownName, /surname'.*facet 'pattern'/);
  });

  test("the version attribute is fixed at 5.3.1", () => {
    assertInvalid(r.wrongVersion, /version'.*fixed value constraint '5\.3\.1'/);
  });

  test("a raw & is a well-formedness error", () => {
    assertInvalid(r.unescapedAmp, /parser error/);
  });
});

// ---- DOAJ article import --------------------------------------------------------------------

const DOAJ = `<?xml version="1.0" encoding="UTF-8"?>
<records>
  <record>
    <language>mar</language>
    <publisher>Sahyadri Scholarly Society</publisher>
    <journalTitle>Journal of Marathi Studies</journalTitle>
    <issn>2277-1239</issn>
    <eissn>2582-452X</eissn>
    <publicationDate>2024-06-15</publicationDate>
    <volume>12</volume>
    <issue>2</issue>
    <startPage>45</startPage>
    <endPage>67</endPage>
    <doi>10.12345/jms.2024.12.2.3</doi>
    <publisherRecordId>123</publisherRecordId>
    <documentType>article</documentType>
    <title language="mar">मराठी संत साहित्यातील प्रतिमा</title>
    <title language="eng">Imagery in Marathi sant literature: Jñāneśvarī &amp; after</title>
    <authors>
      <author>
        <name>अनिता देशपांडे</name>
        <email>anita@example.org</email>
        <affiliationId>1</affiliationId>
        <orcid_id>https://orcid.org/0000-0002-1825-0097</orcid_id>
      </author>
      <author>
        <name>José Müller-Ñúñez</name>
        <affiliationId>2</affiliationId>
      </author>
      <author>
        <name>Kāḷidāsa</name>
      </author>
    </authors>
    <affiliationsList>
      <affiliationName affiliationId="1">Savitribai Phule Pune University</affiliationName>
      <affiliationName affiliationId="2">Universidad de Salamanca</affiliationName>
    </affiliationsList>
    <abstract language="mar">संत कवींच्या प्रतिमासृष्टीचा अभ्यास.</abstract>
    <abstract language="eng">How the sant poets picture the divine.</abstract>
    <fullTextUrl format="pdf">https://jms.journals.example.org/articles/123.pdf</fullTextUrl>
    <keywords language="mar">
      <keyword>संत साहित्य</keyword>
      <keyword>ज्ञानेश्वरी</keyword>
    </keywords>
    <keywords language="eng">
      <keyword>sant literature</keyword>
    </keywords>
  </record>
</records>
`;

describe("DOAJ article import (records)", () => {
  let r: Record<
    | "valid"
    | "minimal"
    | "noFullTextUrl"
    | "noJournalTitle"
    | "twoLetterLanguage"
    | "terminologyCode"
    | "slashDate"
    | "markupInTitle"
    | "eissnFirst"
    | "localhostUrl"
    | "httpOrcid",
    XsdResult
  >;

  before(async () => {
    r = await validateNamed("doaj", {
      valid: DOAJ,
      minimal: `<records><record><journalTitle>J</journalTitle><publicationDate>2024</publicationDate><title>T</title><fullTextUrl>http://a.example.org/1</fullTextUrl></record></records>`,
      noFullTextUrl: variant(DOAJ, /<fullTextUrl[^>]*>[^<]*<\/fullTextUrl>/, ""),
      noJournalTitle: variant(DOAJ, /<journalTitle>[^<]*<\/journalTitle>/, ""),
      twoLetterLanguage: variant(DOAJ, "<language>mar</language>", "<language>mr</language>"),
      terminologyCode: variant(DOAJ, `<title language="eng">`, `<title language="fra">`),
      slashDate: variant(DOAJ, "<publicationDate>2024-06-15</publicationDate>", "<publicationDate>15/06/2024</publicationDate>"),
      markupInTitle: variant(DOAJ, "Jñāneśvarī &amp; after", "<i>Jñāneśvarī</i> &amp; after"),
      eissnFirst: variant(DOAJ, "<issn>2277-1239</issn>\n    <eissn>2582-452X</eissn>", "<eissn>2582-452X</eissn><issn>2277-1239</issn>"),
      localhostUrl: variant(DOAJ, "https://jms.journals.example.org/articles/123.pdf", "http://localhost:8787/articles/123.pdf"),
      httpOrcid: variant(DOAJ, "<orcid_id>https://orcid.org/", "<orcid_id>http://orcid.org/"),
    });
  });

  test("a record like ours (two titles and abstracts, Devanagari, accents, affiliations) is valid", () => {
    assertValid(r.valid);
  });

  test("only journalTitle, publicationDate, title and fullTextUrl are required", () => {
    assertValid(r.minimal);
  });

  test("fullTextUrl is required", () => {
    assertInvalid(r.noFullTextUrl, /keywords': This element is not expected. Expected is one of \( abstract, fullTextUrl \)/);
  });

  test("journalTitle is required", () => {
    assertInvalid(r.noJournalTitle, /issn': This element is not expected. Expected is \( journalTitle \)/);
  });

  test("languages are ISO 639-2/B three-letter codes (mar, not mr)", () => {
    assertInvalid(r.twoLetterLanguage, /language'.*not an element of the set/);
  });

  test("only the bibliographic 639-2 codes: fre, not fra", () => {
    assertInvalid(r.terminologyCode, /attribute 'language'.*not an element of the set/);
  });

  test("publicationDate is YYYY, YYYY-MM or YYYY-MM-DD", () => {
    assertInvalid(r.slashDate, /publicationDate'.*facet 'pattern'/);
  });

  test("title is plain text: no inline markup", () => {
    assertInvalid(r.markupInTitle, /title'.*(Element content is not allowed|not expected)/);
  });

  test("issn comes before eissn", () => {
    assertInvalid(r.eissnFirst, /issn': This element is not expected/);
  });

  test("fullTextUrl needs a dotted host name: localhost is rejected", () => {
    assertInvalid(r.localhostUrl, /fullTextUrl'.*facet 'pattern'/);
  });

  test("orcid_id is an https://orcid.org/ URL", () => {
    assertInvalid(r.httpOrcid, /orcid_id'.*facet 'pattern'/);
  });
});

// ---- JATS 1.3 Journal Publishing ------------------------------------------------------------

const JATS = `<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink"
         xmlns:mml="http://www.w3.org/1998/Math/MathML"
         xmlns:ali="http://www.niso.org/schemas/ali/1.0/"
         article-type="research-article" dtd-version="1.3" xml:lang="mr">
  <front>
    <journal-meta>
      <journal-id journal-id-type="publisher-id">jms</journal-id>
      <journal-title-group>
        <journal-title>Journal of Marathi Studies</journal-title>
        <abbrev-journal-title abbrev-type="publisher">J. Marathi Stud.</abbrev-journal-title>
      </journal-title-group>
      <issn pub-type="ppub">2277-1239</issn>
      <issn pub-type="epub">2582-452X</issn>
      <publisher>
        <publisher-name>Sahyadri Scholarly Society</publisher-name>
        <publisher-loc>Pune, India</publisher-loc>
      </publisher>
    </journal-meta>
    <article-meta>
      <article-id pub-id-type="doi">10.12345/jms.2024.12.2.3</article-id>
      <title-group>
        <article-title>मराठी <italic>संत</italic> साहित्यातील प्रतिमा: <italic>Jñāneśvarī</italic> &amp; after</article-title>
        <trans-title-group xml:lang="en">
          <trans-title>Imagery in Marathi <italic>sant</italic> literature</trans-title>
        </trans-title-group>
      </title-group>
      <contrib-group>
        <contrib contrib-type="author" corresp="yes">
          <contrib-id contrib-id-type="orcid">https://orcid.org/0000-0002-1825-0097</contrib-id>
          <name-alternatives>
            <name xml:lang="mr"><surname>देशपांडे</surname><given-names>अनिता</given-names></name>
            <name xml:lang="en"><surname>Deshpande</surname><given-names>Anita</given-names></name>
          </name-alternatives>
          <email>anita@example.org</email>
          <xref ref-type="aff" rid="aff1"/>
        </contrib>
        <contrib contrib-type="author">
          <name><surname>Müller-Ñúñez</surname><given-names>José</given-names></name>
          <xref ref-type="aff" rid="aff2"/>
        </contrib>
        <contrib contrib-type="author">
          <name><surname>Kāḷidāsa</surname></name>
        </contrib>
        <contrib contrib-type="author">
          <string-name xml:lang="mr">संत तुकाराम</string-name>
        </contrib>
        <aff id="aff1">Savitribai Phule Pune University</aff>
        <aff id="aff2">Universidad de Salamanca</aff>
      </contrib-group>
      <pub-date publication-format="electronic" date-type="pub" iso-8601-date="2024-06-15">
        <day>15</day>
        <month>06</month>
        <year>2024</year>
      </pub-date>
      <volume>12</volume>
      <issue>2</issue>
      <fpage>45</fpage>
      <lpage>67</lpage>
      <permissions>
        <copyright-statement>© 2024 The authors</copyright-statement>
        <copyright-year>2024</copyright-year>
        <license>
          <ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref>
          <license-p>CC BY 4.0</license-p>
        </license>
      </permissions>
      <self-uri content-type="application/pdf" xlink:href="https://jms.journals.example.org/articles/123.pdf"/>
      <abstract xml:lang="mr">
        <p>संत कवींच्या प्रतिमासृष्टीचा अभ्यास.</p>
      </abstract>
      <trans-abstract xml:lang="en">
        <p>How the <italic>sant</italic> poets picture the divine.</p>
      </trans-abstract>
      <kwd-group kwd-group-type="author" xml:lang="mr">
        <kwd>संत साहित्य</kwd>
        <kwd>ज्ञानेश्वरी</kwd>
      </kwd-group>
      <kwd-group kwd-group-type="author" xml:lang="en">
        <kwd>sant literature</kwd>
      </kwd-group>
    </article-meta>
  </front>
</article>
`;

describe("JATS 1.3 Journal Publishing article (front only)", () => {
  let r: Record<
    | "valid"
    | "noIssn"
    | "noJournalMeta"
    | "noTitleGroup"
    | "yearFirst"
    | "volumeAfterFpage"
    | "abstractBeforeSelfUri"
    | "crossrefItalic"
    | "danglingRid"
    | "duplicateId"
    | "unknownDtdVersion"
    | "withBody",
    XsdResult
  >;

  before(async () => {
    r = await validateNamed("jats", {
      valid: JATS,
      noIssn: variant(JATS, /\s*<issn pub-type="ppub">[^<]*<\/issn>\s*<issn pub-type="epub">[^<]*<\/issn>/, ""),
      noJournalMeta: variant(JATS, /<journal-meta>[\s\S]*<\/journal-meta>/, ""),
      noTitleGroup: variant(JATS, /<title-group>[\s\S]*<\/title-group>/, ""),
      yearFirst: variant(JATS, /<day>15<\/day>\s*<month>06<\/month>\s*<year>2024<\/year>/, "<year>2024</year><month>06</month><day>15</day>"),
      volumeAfterFpage: variant(JATS, /<volume>12<\/volume>\s*<issue>2<\/issue>\s*<fpage>45<\/fpage>/, "<fpage>45</fpage><volume>12</volume><issue>2</issue>"),
      abstractBeforeSelfUri: variant(
        JATS,
        /(<self-uri [^>]*\/>)\s*(<abstract xml:lang="mr">[\s\S]*?<\/abstract>)/,
        "$2$1",
      ),
      crossrefItalic: variant(JATS, "<italic>संत</italic>", "<i>संत</i>"),
      danglingRid: variant(JATS, `rid="aff2"`, `rid="aff9"`),
      duplicateId: variant(JATS, `<aff id="aff2">`, `<aff id="aff1">`),
      unknownDtdVersion: variant(JATS, `dtd-version="1.3"`, `dtd-version="1.4"`),
      withBody: variant(JATS, "</front>", "</front>\n  <body><sec><title>परिचय</title><p>Text.</p></sec></body>"),
    });
  });

  test("a front-only article like ours (Devanagari, accents, italics, name-alternatives, string-name, licence) is valid", () => {
    assertValid(r.valid);
  });

  test("the same article with a body is valid too", () => {
    assertValid(r.withBody);
  });

  test("journal-meta needs at least one issn (Publishing tag set)", () => {
    assertInvalid(r.noIssn, /publisher': This element is not expected.*issn/);
  });

  test("front needs journal-meta (Publishing tag set)", () => {
    assertInvalid(r.noJournalMeta, /article-meta': This element is not expected. Expected is \( journal-meta \)/);
  });

  test("article-meta needs title-group", () => {
    assertInvalid(r.noTitleGroup, /contrib-group': This element is not expected.*title-group/);
  });

  test("dates are day, month, year (the reverse of Crossref's month, day, year)", () => {
    assertInvalid(r.yearFirst, /month': This element is not expected/);
  });

  test("volume and issue come before fpage", () => {
    assertInvalid(r.volumeAfterFpage, /volume': This element is not expected/);
  });

  test("self-uri comes before abstract", () => {
    assertInvalid(r.abstractBeforeSelfUri, /self-uri': This element is not expected/);
  });

  test("titles take JATS <italic>, not Crossref's <i>", () => {
    assertInvalid(r.crossrefItalic, /'i': This element is not expected/);
  });

  test("ids must be unique", () => {
    assertInvalid(r.duplicateId, /aff1/);
  });

  test("libxml2 does NOT check that an xref rid points at an existing id: the generator's own tests must", () => {
    assertValid(r.danglingRid);
  });

  test("dtd-version is an enumeration (1.3 for this schema)", () => {
    assertInvalid(r.unknownDtdVersion, /dtd-version'.*not an element of the set/);
  });
});
