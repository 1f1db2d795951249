import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getPublicArticleByRef } from "../../app/models/articles.server";
import { searchArticles } from "../../app/models/search.server";
import { authorNames } from "../../app/lib/authors";
import { certificatePdfPath, coverPagePdfPath, EDITORIAL_BOARD_PDF_PATH } from "../../app/lib/urls";
import type { HonoEnv } from "../types";
import { publicArticle } from "./serialize";

/** GET /api/search?keyword= (public). */
export const searchApp = new Hono<HonoEnv>({ strict: false });

searchApp.get("/", async (c) => {
  const keyword = c.req.query("keyword") ?? "";
  const rows = await searchArticles(getDb(c.env.DB), c.get("journal").id, keyword);
  return c.json(rows.map(publicArticle));
});

/** GET /api/certificate/{refno}: what the certificate page needs (the spec's unnamed lookup). */
export const certificateApp = new Hono<HonoEnv>({ strict: false });

certificateApp.get("/:refno", async (c) => {
  const ref = c.req.param("refno").trim();
  const article = /^\d{1,20}$/.test(ref) ? await getPublicArticleByRef(getDb(c.env.DB), c.get("journal").id, ref) : undefined;
  if (!article) return c.json({ error: "not_found" }, 404);
  const authors = authorNames(article).map((name, i) => ({
    position: i + 1,
    name,
    certificate_url: certificatePdfPath(article.refnumber, i + 1),
  }));
  return c.json({
    article: publicArticle(article),
    authors,
    coverpage_url: coverPagePdfPath(article.id),
    editorialboard_url: EDITORIAL_BOARD_PDF_PATH,
  });
});
