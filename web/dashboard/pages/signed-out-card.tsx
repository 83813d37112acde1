/**
 * The frame of the pages a person sees without a session (sign-in, forgotten password, a reset or confirmation
 * link): the logo and a card in the middle of the page.
 */
import type { ComponentChildren } from "preact";

/** A centred card with the logo, as the main landmark. */
export function SignedOutCard({ children }: { children: ComponentChildren }) {
  return (
    <main class="signin" id="main">
      <div class="signin-card card">
        <p class="logo" aria-hidden="true">
          <span class="logo-mark">P</span> Plaudit
        </p>
        {children}
      </div>
    </main>
  );
}
