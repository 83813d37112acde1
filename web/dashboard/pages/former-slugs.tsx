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
import { t } from "../i18n";

/** What releasing means, said before the button and in its question. */
export const releaseMeans = () => t("former-slugs.release_means");

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
    ? t("former-slugs.kept_until", { date: formatDate(f.held_until) })
    : t("former-slugs.not_kept");
}

/** The list of former addresses with a Release button each; nothing when there are none. */
export function FormerSlugs<T>({ path, former, addressOf, onReleased, what }: FormerSlugsProps<T>) {
  const toast = useToast();
  if (former.length === 0) return null;
  const release = async (slug: string) => {
    onReleased(await api.del<T>(`${path}/former-slugs/${encodeURIComponent(slug)}`));
    toast(t("former-slugs.released", { address: addressOf(slug) }));
  };
  return (
    <section class="former-slugs" aria-label={t("former-slugs.title")}>
      <h4>{t("former-slugs.title")}</h4>
      <p class="hint">
        {t("former-slugs.intro")} {releaseMeans()}
      </p>
      <ul>
        {former.map((f) => (
          <li key={f.slug}>
            <span class="mono">{addressOf(f.slug)}</span>
            <span class="hint">{heldWords(f)}</span>
            <ConfirmButton
              label={t("former-slugs.release")}
              question={t("former-slugs.release_question", { address: addressOf(f.slug), means: releaseMeans() })}
              confirmLabel={t("former-slugs.release_confirm")}
              busyLabel={t("former-slugs.releasing")}
              onConfirm={() => release(f.slug)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
