/**
 * The removal page's screens. Testimonial words and names are rendered as text (Preact escapes them), never as
 * HTML. Each screen's heading takes focus when it appears.
 */
import { useEffect, useRef } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { Button } from "../shared/ui/button";
import type { RemovalView } from "./api";

const longDate = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(iso)) : null;

const KIND: Record<string, string> = {
  video: "Video testimonial",
  audio: "Audio testimonial",
  text: "Written testimonial",
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
  const t = view.testimonial;
  const brand = t.brand_name || "the team";
  return (
    <Screen title="Remove your testimonial?">
      <p>
        This is the testimonial you sent to <strong>{brand}</strong>. Removing it takes it down everywhere {brand} shows
        it, at once, and then erases it for good: {t.kind === "text" ? "your words" : "the recording, your words"} and
        your details. This cannot be undone.
      </p>
      <dl class="removal-facts">
        <div>
          <dt>Sent to</dt>
          <dd>{brand}</dd>
        </div>
        <div>
          <dt>Sent on</dt>
          <dd>{longDate(t.created_at)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{KIND[t.kind] ?? t.kind}</dd>
        </div>
        {t.name && (
          <div>
            <dt>Name</dt>
            <dd>{t.name}</dd>
          </div>
        )}
        <div>
          <dt>Shown publicly now</dt>
          <dd>{t.is_published ? "Yes" : "No"}</dd>
        </div>
      </dl>
      {t.excerpt ? (
        <figure class="removal-quote">
          <blockquote>{t.excerpt}</blockquote>
          <figcaption class="muted small">
            {t.excerpt.endsWith("…") ? "The first words of your testimonial" : "Your testimonial"}
          </figcaption>
        </figure>
      ) : (
        <p class="muted">Your recording is still being processed, so its words cannot be shown yet.</p>
      )}
      <div class="removal-actions">
        <Button variant="danger" busy={busy} busyLabel="Removing…" onClick={onConfirm}>
          Yes, remove my testimonial
        </Button>
        <p class="muted small">
          If you want to keep it, simply close this page. Nothing changes until you press the button.
        </p>
      </div>
    </Screen>
  );
}

/** Removed just now. */
export function Removed({ brand, kind }: { brand: string | null; kind: string }) {
  const what = kind === "text" ? "Your words and your details are" : "The recording, your words and your details are";
  return (
    <Screen title="Your testimonial has been removed" tone="done">
      <p>
        {brand || "The team"} no longer shows it anywhere. {what} being erased for good within a few minutes.
      </p>
      <p class="muted">You can close this page. This link will not work again.</p>
    </Screen>
  );
}

/** The link was already used, or the testimonial is gone another way. */
export function Gone({ removedAt }: { removedAt: string | null }) {
  return (
    <Screen title="This testimonial has already been removed" tone="done">
      <p>
        {removedAt ? `It was removed on ${longDate(removedAt)}.` : "It was removed earlier."} There is nothing more to
        do; you can close this page.
      </p>
    </Screen>
  );
}

/** Not one of our links. */
export function Unknown() {
  return (
    <Screen title="This removal link does not work" tone="problem">
      <p>
        We could not find a testimonial for this link. Please check that you opened the whole link from the email; some
        email apps cut long links in two.
      </p>
      <p class="muted">
        If it still does not work, reply to the team you sent the testimonial to and ask them to remove it.
      </p>
    </Screen>
  );
}

/** A call failed (offline, server trouble, too many attempts). */
export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Screen title="Something went wrong" tone="problem">
      <p role="alert">{message}</p>
      <Button variant="primary" onClick={onRetry}>
        Try again
      </Button>
    </Screen>
  );
}
