/**
 * The removal page's screens. Testimonial words and names are rendered as text (Preact escapes them), never as
 * HTML. Each screen's heading takes focus when it appears.
 */
import { useEffect, useRef } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { Button } from "../shared/ui/button";
import type { RemovalView } from "./api";
import { t, words } from "./i18n";

const longDate = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(words.language(), { dateStyle: "long" }).format(new Date(iso)) : null;

const KIND: Record<string, () => string> = {
  video: () => t("kind.video"),
  audio: () => t("kind.audio"),
  text: () => t("kind.text"),
};

function Screen({ title, children, tone }: { title: string; children: ComponentChildren; tone?: "done" | "problem" }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section class={`card removal${tone ? ` removal-${tone}` : ""}`} aria-labelledby="removal-title">
      <h1 id="removal-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Shows what will be removed and asks before acting. */
export function Confirmation({
  view,
  busy,
  onConfirm,
}: {
  view: Extract<RemovalView, { state: "pending" }>;
  busy: boolean;
  onConfirm: () => void;
}) {
  const item = view.testimonial;
  const brand = item.brand_name || t("confirm.theTeam");
  return (
    <Screen title={t("confirm.title")}>
      <p>
        {words.rich("confirm.body", {
          brand,
          kind: item.kind,
          strong: (parts) => <strong>{parts as ComponentChildren}</strong>,
        })}
      </p>
      <dl class="removal-facts">
        <div>
          <dt>{t("facts.sentTo")}</dt>
          <dd>{brand}</dd>
        </div>
        <div>
          <dt>{t("facts.sentOn")}</dt>
          <dd>{longDate(item.created_at)}</dd>
        </div>
        <div>
          <dt>{t("facts.type")}</dt>
          <dd>{KIND[item.kind]?.() ?? item.kind}</dd>
        </div>
        {item.name && (
          <div>
            <dt>{t("facts.name")}</dt>
            <dd>{item.name}</dd>
          </div>
        )}
        <div>
          <dt>{t("facts.public")}</dt>
          <dd>{item.is_published ? t("common.yes") : t("common.no")}</dd>
        </div>
      </dl>
      {item.excerpt ? (
        <figure class="removal-quote">
          <blockquote>{item.excerpt}</blockquote>
          <figcaption class="muted small">
            {item.excerpt.endsWith("…") ? t("quote.firstWords") : t("quote.all")}
          </figcaption>
        </figure>
      ) : (
        <p class="muted">{t("confirm.processing")}</p>
      )}
      <div class="removal-actions">
        <Button variant="danger" busy={busy} busyLabel={t("confirm.removing")} onClick={onConfirm}>
          {t("confirm.button")}
        </Button>
        <p class="muted small">{t("confirm.keep")}</p>
      </div>
    </Screen>
  );
}

/** Removed just now. */
export function Removed({ brand, kind }: { brand: string | null; kind: string }) {
  return (
    <Screen title={t("removed.title")} tone="done">
      <p>{t("removed.body", { brand: brand || t("removed.theTeam"), kind })}</p>
      <p class="muted">{t("removed.close")}</p>
    </Screen>
  );
}

/** The link was already used, or the testimonial is gone another way. */
export function Gone({ removedAt }: { removedAt: string | null }) {
  return (
    <Screen title={t("gone.title")} tone="done">
      <p>
        {removedAt ? t("gone.on", { date: longDate(removedAt)! }) : t("gone.earlier")} {t("gone.nothing")}
      </p>
    </Screen>
  );
}

/** Not one of our links. */
export function Unknown() {
  return (
    <Screen title={t("unknown.title")} tone="problem">
      <p>{t("unknown.body")}</p>
      <p class="muted">{t("unknown.reply")}</p>
    </Screen>
  );
}

/** A call failed (offline, server trouble, too many attempts). */
export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Screen title={t("failure.title")} tone="problem">
      <p role="alert">{message}</p>
      <Button variant="primary" onClick={onRetry}>
        {t("failure.retry")}
      </Button>
    </Screen>
  );
}
