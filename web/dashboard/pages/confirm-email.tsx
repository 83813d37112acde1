/**
 * The page the link sent to a new email address opens (`/app/confirm-email#<token>`): it says which account changes
 * from which address to which, and changes nothing until "Confirm" is pressed (a mail scanner that opens the link
 * confirms nothing). A used, cancelled, cut or expired link gets a plain sentence. The token is read from the
 * address's fragment, which browsers never send to a server.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../shared/api";
import { formatDateTime } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import type { EmailChangeInfo } from "../types";
import { useAction } from "../use-action";
import { SignedOutCard } from "./signed-out-card";
import { rich, t } from "../i18n";

type State =
  | { kind: "loading" }
  | { kind: "unusable"; message: string }
  | { kind: "failed"; error: unknown }
  | { kind: "ready"; info: EmailChangeInfo }
  | { kind: "done"; email: string };

/** The token in the address (after `#`). */
const linkToken = () => decodeURIComponent(window.location.hash.replace(/^#/, ""));

/** The confirm-email page; `onDone` leaves it for the dashboard (or the sign-in page). */
export function ConfirmEmailPage({ onDone }: { onDone: () => void }) {
  const [token] = useState(linkToken);
  const [state, setState] = useState<State>({ kind: "loading" });
  const confirm = useAction(async () => {
    const r = await api.post<{ email: string }>("/v1/auth/email-change/confirm", { token });
    setState({ kind: "done", email: r.email });
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [state.kind]);

  const load = () => {
    if (!token)
      return setState({
        kind: "unusable",
        message: t("confirm-email.incomplete"),
      });
    setState({ kind: "loading" });
    api.post<EmailChangeInfo>("/v1/auth/email-change/lookup", { token }).then(
      (info) => setState({ kind: "ready", info }),
      (e) =>
        setState(
          e instanceof ApiError && (e.status === 404 || e.status === 410)
            ? { kind: "unusable", message: e.message }
            : { kind: "failed", error: e },
        ),
    );
  };
  useEffect(load, [token]);

  switch (state.kind) {
    case "loading":
      return (
        <SignedOutCard>
          <Loading label={t("confirm-email.loading")} />
        </SignedOutCard>
      );
    case "unusable":
      return (
        <SignedOutCard>
          <h1 tabIndex={-1} ref={heading}>
            {t("confirm-email.unusable")}
          </h1>
          <p>{state.message}</p>
          <Button onClick={onDone}>{t("confirm-email.to_dashboard")}</Button>
        </SignedOutCard>
      );
    case "failed":
      return (
        <SignedOutCard>
          <h1>{t("confirm-email.title")}</h1>
          <ErrorNotice error={state.error} onRetry={load} />
        </SignedOutCard>
      );
    case "done":
      return (
        <SignedOutCard>
          <h1 tabIndex={-1} ref={heading}>
            {t("confirm-email.done")}
          </h1>
          <Notice tone="success">
            {rich("confirm-email.done_body", { email: state.email, strong: (parts) => <strong>{parts}</strong> })}
          </Notice>
          <Button variant="primary" onClick={onDone}>
            {t("confirm-email.to_dashboard")}
          </Button>
        </SignedOutCard>
      );
    case "ready":
      return (
        <SignedOutCard>
          <h1 tabIndex={-1} ref={heading}>
            {t("confirm-email.title")}
          </h1>
          <p>
            {rich("confirm-email.intro", {
              email: state.info.email,
              new_email: state.info.new_email,
              strong: (parts) => <strong>{parts}</strong>,
            })}
          </p>
          <p class="muted small">{t("confirm-email.works_once", { until: formatDateTime(state.info.expires_at) })}</p>
          <ErrorNotice error={confirm.error} />
          <Button
            variant="primary"
            busy={confirm.busy}
            busyLabel={t("confirm-email.confirming")}
            onClick={() => void confirm.run()}
          >
            {t("confirm-email.confirm", { email: state.info.new_email })}
          </Button>
        </SignedOutCard>
      );
  }
}
