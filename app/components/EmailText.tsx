import { Fragment } from "react";

/**
 * An e-mail address that may wrap only after its '@' or before a dot when its column is too
 * narrow for it ('dr.ayesha.siddiqui@' / 'univ.example'), never inside a word; the text read
 * and copied is the address unchanged (<wbr> adds no character).
 */
export function EmailText({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, i) =>
        i === 0 ? (
          part
        ) : (
          <Fragment key={i}>
            <wbr />
            {part}
          </Fragment>
        ),
      )}
    </>
  );
}
