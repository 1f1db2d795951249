import { useFetcher } from "react-router";
import { ConfirmDialog, useConfirmFirst } from "./ConfirmDialog";
import { useFlashFrom } from "./Flash";
import { SubmissionField, useSubmitOnce } from "./SubmitOnce";
import { VersionFields } from "./Conflict";

/**
 * A list's enabled/disabled switch (editors, indexing partners): posts `intent=status`, the
 * row's `id` and the new `status` to the page's action; disabling takes something off the public
 * site, so it is confirmed first. Shows the pending state at once. With the row's `version`, the
 * switch is a versioned write of the status alone (ADR 020): another person's edit meanwhile is
 * kept, and a status they changed meanwhile is reported instead of flipped back.
 */
export function StatusSwitch({
  fetcherKey,
  id,
  name,
  status,
  confirmTitle,
  confirmBody,
  onTitle,
  offTitle,
  version,
}: {
  fetcherKey: string;
  id: number;
  name: string;
  status: string;
  confirmTitle: string;
  confirmBody: string;
  onTitle: string;
  offTitle: string;
  version?: number;
}) {
  const fetcher = useFetcher<{ ok: boolean; flash?: unknown }>({ key: fetcherKey });
  useFlashFrom(fetcher.state === "idle" ? (fetcher.data as Parameters<typeof useFlashFrom>[0]) : undefined);
  const pending = fetcher.formData;
  const enabled = pending ? pending.get("status") === "enabled" : status === "enabled";
  const confirm = useConfirmFirst();
  const guard = useSubmitOnce(fetcher.state !== "idle", (event) => {
    if (!confirm.wasConfirmed() && enabled) {
      event.preventDefault();
      confirm.ask();
    }
  });
  return (
    <fetcher.Form method="post" className="switch-form" onSubmit={guard} ref={confirm.formRef}>
      <ConfirmDialog {...confirm.dialog} title={confirmTitle} body={confirmBody} confirmLabel="Disable" />
      <input type="hidden" name="intent" value="status" />
      <SubmissionField />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={enabled ? "disabled" : "enabled"} />
      <VersionFields version={version} changed={["status"]} />
      <button
        type="submit"
        role="switch"
        aria-checked={enabled}
        className={`switch${enabled ? " is-on" : ""}${pending ? " is-pending" : ""}`}
        aria-label={`Status of ${name}`}
        title={enabled ? onTitle : offTitle}
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-text">{enabled ? "Enabled" : "Disabled"}</span>
      </button>
    </fetcher.Form>
  );
}
