/**
 * The frame of the pages a person sees without a session (sign-in, forgotten password, a reset or confirmation
 * link): the mark of the organisation this browser last worked in (white label; the product's own before any is
 * known) and a card in the middle of the page.
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { OrgMark } from "../shell/org-mark";
import { PRODUCT_LOOK, rememberedLook } from "../look";

/** A centred card with the mark, as the main landmark. */
export function SignedOutCard({ children }: { children: ComponentChildren }) {
  const [look] = useState(() => rememberedLook() ?? PRODUCT_LOOK);
  return (
    <main class="signin" id="main">
      <div class="signin-card card">
        <p class="logo">
          <OrgMark look={look} />
        </p>
        {children}
      </div>
    </main>
  );
}
