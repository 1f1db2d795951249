import { DOI_PREFIX_SYNTAX, makeDoi, normaliseDoiPrefix } from "../../lib/doi";
import { doiPatternError } from "../../schemas/settings";
import { shortenText } from "../../lib/text";
import { volumeIssueLabel } from "../../lib/archive";

interface DoiSample {
  refnumber: string;
  title: string;
  year: number;
  volume: number;
  issue: number;
  doi: string;
}

/**
 * The Settings form's live preview of the DOI suffix pattern: the DOI an article of this journal
 * (its newest) would get, computed in the browser with the function the server assigns DOIs
 * with (app/lib/doi.ts), so what staff see is what "Assign DOIs" writes.
 */
export function DoiPreview({ prefix, pattern, slug, sample }: { prefix: string; pattern: string; slug: string; sample: DoiSample | null }) {
  if (doiPatternError(pattern.trim())) return null;
  const cleanPrefix = normaliseDoiPrefix(prefix);
  const prefixOk = DOI_PREFIX_SYNTAX.test(cleanPrefix);
  const article = sample ?? { refnumber: "482135", title: "", year: new Date().getFullYear(), volume: 1, issue: 1, doi: "" };
  const doi = makeDoi(prefixOk ? cleanPrefix : "10.xxxxx", pattern.trim(), { slug, ...article });
  return (
    <div className="doi-preview" aria-live="polite">
      <span className="doi-preview-label">Preview</span> <code className="doi-preview-value">{doi}</code>
      <span className="doi-preview-for">
        {sample ? (
          <>
            for ref. {sample.refnumber}, “{shortenText(sample.title, 70)}” ({volumeIssueLabel(sample, { digits: "plain" })}, {sample.year})
          </>
        ) : (
          <>for an example article (this journal has no articles yet)</>
        )}
        {!prefixOk ? " — enter the DOI prefix to see the whole DOI" : ""}
        {sample?.doi ? ` — this article already has the DOI ${sample.doi}, which Assign DOIs keeps` : ""}
      </span>
    </div>
  );
}
