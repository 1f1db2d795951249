import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from "../../schemas/editor";
import { fileSize } from "./format";

interface Picked {
  url: string;
  name: string;
  size: number;
}

/** The rule of the editors' pictures and the partners' logos: JPEG, PNG or WebP, at most 2 MB. */
export function refusedPicture(file: File, message: string): string | undefined {
  return file.size > MAX_PICTURE_BYTES || !(PICTURE_TYPES as readonly string[]).includes(file.type) ? message : undefined;
}

/**
 * An image picked for upload, previewed before it is sent: its object URL (released when
 * replaced or when the form goes away). A file `refuse` names a reason for is cleared from the
 * input and its reason is `error`. `onChange` answers whether a file was taken. `clear` drops the
 * preview only (after a send, which reads the input first); `remove` empties the input too.
 */
export function usePickedImage(refuse: (file: File) => string | undefined) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);
  const onChange = (event: ChangeEvent<HTMLInputElement>): boolean => {
    const file = event.target.files?.[0];
    const refused = file ? refuse(file) : undefined;
    setError(refused ?? "");
    if (refused) event.target.value = "";
    setPicked(file && !refused ? { url: URL.createObjectURL(file), name: file.name, size: file.size } : null);
    return !!file && !refused;
  };
  const clear = () => setPicked(null);
  const remove = () => {
    if (input.current) input.current.value = "";
    setPicked(null);
  };
  return { picked, error, input, onChange, clear, remove };
}

/** The picked file's name and size, with a button that puts it back. */
export function PickedFile({ picked, onRemove }: { picked: Picked | null; onRemove: () => void }) {
  if (!picked) return null;
  return (
    <p className="current-file">
      {picked.name} · {fileSize(picked.size)}{" "}
      <button type="button" className="link-button" onClick={onRemove}>
        Remove
      </button>
    </p>
  );
}
