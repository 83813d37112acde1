/**
 * The one button. `busy` disables it and shows a spinner with `busyLabel`, so a person sees that work is
 * under way and cannot send the same form twice.
 */
import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import { Spinner } from "./loading";

/** Visual weight of a button. */
export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

/** Props of `Button`. */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "class"> {
  variant?: ButtonVariant;
  busy?: boolean;
  busyLabel?: string;
  small?: boolean;
  children?: ComponentChildren;
}

/** A button that defaults to `type="button"` (forms opt in with `type="submit"`). */
export function Button({
  variant = "secondary",
  busy = false,
  busyLabel,
  small,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  const cls = `btn btn-${variant}${small ? " btn-small" : ""}`;
  return (
    <button {...rest} type={type} class={cls} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy && <Spinner />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
