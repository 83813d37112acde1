/**
 * The organisation's mark: its logo, or its initial on its colour, and its name (white label). The header, the
 * sign-in page and the invitation page show it where the product's name used to be.
 */
import { DEFAULT_COLOR, initialOf, textOn, type OrgLook } from "../look";

/** The mark and name of `look` (the logo is decorative: the name beside it says who it is). */
export function OrgMark({ look }: { look: OrgLook }) {
  const bg = look.color ?? DEFAULT_COLOR;
  return (
    <>
      {look.logoUrl ? (
        <img class="logo-img" src={look.logoUrl} alt="" width={32} height={32} />
      ) : (
        <span class="logo-mark" aria-hidden="true" style={{ background: bg, color: textOn(bg) }}>
          {initialOf(look.name)}
        </span>
      )}
      <span class="logo-word">{look.name}</span>
    </>
  );
}
