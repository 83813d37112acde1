/**
 * A brand's or collect link's former addresses (its `former_slugs`): each still leads to it, and no other
 * organisation on the server can take it until the date shown. "Release" gives one up at once, after saying in
 * plain words what that means.
 */
import { formatDate } from "../../shared/format";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { api } from "../api";
import { useToast } from "../toasts";
import type { FormerSlug } from "../types";

/** What releasing means, said before the button and in its question. */
export const RELEASE_MEANS =
  "Anyone on this server could then take the address; printed QR codes would stop leading to you.";

/** Props of `FormerSlugs`. */
export interface FormerSlugsProps<T> {
  /** The API path of the brand or link (`/v1/brands/{id}`, `/v1/links/{id}`). */
  path: string;
  former: FormerSlug[];
  /** The full address a slug gives (`{site}/b/{slug}`, `{site}/c/{slug}`). */
  addressOf: (slug: string) => string;
  /** Gets the brand or link as it is after a release. */
  onReleased: (saved: T) => void;
  /** What the addresses open, in words: "the wall", "the link". */
  what: string;
}

/** When a held address is free for others: a date, or that it already is. */
function heldWords(f: FormerSlug): string {
  return Date.parse(f.held_until) > Date.now()
    ? `Kept for you until ${formatDate(f.held_until)}.`
    : "No longer kept for you: it leads here until someone else on this server takes it.";
}

/** The list of former addresses with a Release button each; nothing when there are none. */
export function FormerSlugs<T>({ path, former, addressOf, onReleased, what }: FormerSlugsProps<T>) {
  const toast = useToast();
  if (former.length === 0) return null;
  const release = async (slug: string) => {
    onReleased(await api.del<T>(`${path}/former-slugs/${encodeURIComponent(slug)}`));
    toast(`${addressOf(slug)} is released`);
  };
  return (
    <section class="former-slugs" aria-label="Former addresses">
      <h4>Former addresses</h4>
      <p class="hint">
        These addresses were this one's before. They still lead here, so printed QR codes and old emails keep working,
        and nobody else on this server can take them for a year after the change. Release one only if you no longer need
        it. {RELEASE_MEANS}
      </p>
      <ul>
        {former.map((f) => (
          <li key={f.slug}>
            <span class="mono">{addressOf(f.slug)}</span>
            <span class="hint">{heldWords(f)}</span>
            <ConfirmButton
              label="Release"
              question={`Release ${addressOf(f.slug)}? ${RELEASE_MEANS}`}
              confirmLabel="Release it"
              busyLabel="Releasing…"
              onConfirm={() => release(f.slug)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
