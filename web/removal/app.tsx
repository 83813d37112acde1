/**
 * The removal page: looks the link up, shows what will be removed and asks before acting, then says what
 * happened. Each new screen moves focus to its heading, so screen readers announce it.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { confirm, lookup, Problem, type RemovalResult, type RemovalView } from "./api";
import { Confirmation, Failure, Gone, Removed, Unknown } from "./views";
import { t } from "./i18n";

type Screen =
  | { name: "loading" }
  | { name: "view"; view: RemovalView }
  | { name: "removing"; view: Extract<RemovalView, { state: "pending" }> }
  | { name: "done"; result: RemovalResult; brand: string | null; kind: string }
  | { name: "problem"; message: string; retry: () => void };

/** Tokens are 16–128 base64url characters; anything else is a cut-off or mistyped link, not worth a request. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

const messageOf = (e: unknown) =>
  e instanceof Problem
    ? // Refusals the page has words of its own for are said in its language; others keep the server's message.
      e.code === "too_many_requests" || e.code === "rate_limited"
      ? t("problem.tooMany")
      : e.message
    : t("api.refused");

/** The whole page for one token. */
export function RemovalApp({ apiUrl, token }: { apiUrl: string; token: string }) {
  const [screen, setScreen] = useState<Screen>({ name: "loading" });

  const load = useCallback(() => {
    setScreen({ name: "loading" });
    if (!TOKEN_SHAPE.test(token)) return setScreen({ name: "view", view: { state: "unknown" } });
    lookup(apiUrl, token).then(
      (view) => setScreen({ name: "view", view }),
      (e) => setScreen({ name: "problem", message: messageOf(e), retry: load }),
    );
  }, [apiUrl, token]);

  useEffect(load, [load]);

  const remove = (view: Extract<RemovalView, { state: "pending" }>) => {
    setScreen({ name: "removing", view });
    confirm(apiUrl, token).then(
      (result) => setScreen({ name: "done", result, brand: view.testimonial.brand_name, kind: view.testimonial.kind }),
      (e) => setScreen({ name: "problem", message: messageOf(e), retry: () => remove(view) }),
    );
  };

  switch (screen.name) {
    case "loading":
      return (
        <p class="removal-loading" role="status">
          {t("app.checking")}
        </p>
      );
    case "problem":
      return <Failure message={screen.message} onRetry={screen.retry} />;
    case "removing":
      return <Confirmation view={screen.view} busy onConfirm={() => undefined} />;
    case "done":
      if (screen.result.state === "unknown") return <Unknown />;
      return screen.result.removed_now ? (
        <Removed brand={screen.brand} kind={screen.kind} />
      ) : (
        <Gone removedAt={screen.result.removed_at} />
      );
    case "view": {
      const view = screen.view;
      if (view.state === "unknown") return <Unknown />;
      if (view.state === "removed") return <Gone removedAt={view.removed_at} />;
      return <Confirmation view={view} busy={false} onConfirm={() => remove(view)} />;
    }
  }
}
