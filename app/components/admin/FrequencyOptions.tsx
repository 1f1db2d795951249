import { FREQUENCY_GROUPS } from "../../schemas/frequency";

/** An issue's frequency choices, grouped (months, quarters…), after an empty "Choose…": one list for adding and correcting an issue. */
export function FrequencyOptions() {
  return (
    <>
      <option value="">Choose…</option>
      {FREQUENCY_GROUPS.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
