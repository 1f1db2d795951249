import type { Route } from "./+types/preview-image";
import { appContext } from "../../context";
import { previewImagePath } from "../../lib/urls";

/**
 * /og/{version}.png: the journal's link-preview image (og:image, twitter:image, JSON-LD image
 * of its pages). The URL names the journal's version, which every staff write bumps, so the
 * image is cached for a year; an older version's URL redirects to the current one. The PNG is
 * drawn at most once per logo and settings it shows (stored in R2, journalPreviewImage).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const current = previewImagePath(journal.version);
  if (`/og/${params.file}` !== current) {
    return new Response(null, { status: 302, headers: { location: current, "cache-control": "no-store" } });
  }
  // The drawing code (with the documents' fonts) loads on first use, not at the Worker's start.
  const { journalPreviewImage } = await import("../../documents/downloads.server");
  const png = await journalPreviewImage(env, journal);
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "image/png",
      "content-length": String(png.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
