import { describe, Field } from "./Field";
import { PASSWORD_MESSAGES } from "../../schemas/messages";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../schemas/password";

/**
 * A new password and the same again (`password`, `confirm`), with the length rule as the hint:
 * one pair for changing a password on the account page and for setting one from a link.
 * `show` puts both in plain text.
 */
export function NewPasswordFields({ errors, show = false, autoFocus = false }: { errors: { password?: string; confirm?: string }; show?: boolean; autoFocus?: boolean }) {
  const type = show ? "text" : "password";
  return (
    <>
      <Field id="password" label="New password" required error={errors.password} hint={PASSWORD_MESSAGES.hint(MIN_PASSWORD_LENGTH)}>
        <input
          {...describe("password", errors.password, true)}
          name="password"
          type={type}
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          autoFocus={autoFocus}
        />
      </Field>
      <Field id="confirm" label="New password again" required error={errors.confirm}>
        <input {...describe("confirm", errors.confirm)} name="confirm" type={type} autoComplete="new-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </Field>
    </>
  );
}
