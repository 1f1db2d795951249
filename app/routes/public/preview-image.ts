import type { Route } from "./+types/preview-image";
import { appContext } from "../../context";
import { buildPreviewImage } from "../../documents/preview-image.server";
import { previewImagePath } from "../../lib/urls";

/**
 * /og/{version}.png: the journal's link-preview image (og:image, twitter:image, JSON-LD image
 * of its pages). The URL names the journal's version, which every staff write bumps, so the
 * image is cached for a year; an older version's URL redirects to the current one.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { journal } = context.get(appContext);
  const current = previewImagePath(journal.version);
  if (`/og/${params.file}` !== current) {
    return new Response(null, { status: 302, headers: { location: current, "cache-control": "no-store" } });
  }
  const s = journal.settings;
  const subtitle = [s.issn && `ISSN ${s.issn}`, s.journal_essn && `E-ISSN ${s.journal_essn}`, "Peer-reviewed journal"].filter(Boolean).join("  ·  ");
  const png = buildPreviewImage({ name: s.websitename || journal.name, subtitle, domain: s.domain || journal.host });
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "image/png",
      "content-length": String(png.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
