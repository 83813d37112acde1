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
        message: "This link is incomplete. Copy the whole link from the email you received.",
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
          <Loading label="Opening your link…" />
        </SignedOutCard>
      );
    case "unusable":
      return (
        <SignedOutCard>
          <h1 tabIndex={-1} ref={heading}>
            This link cannot be used
          </h1>
          <p>{state.message}</p>
          <Button onClick={onDone}>Go to the dashboard</Button>
        </SignedOutCard>
      );
    case "failed":
      return (
        <SignedOutCard>
          <h1>Confirm your new email</h1>
          <ErrorNotice error={state.error} onRetry={load} />
        </SignedOutCard>
      );
    case "done":
      return (
        <SignedOutCard>
          <h1 tabIndex={-1} ref={heading}>
            Your email is changed
          </h1>
          <Notice tone="success">
            From now on you sign in with <strong>{state.email}</strong>.
          </Notice>
          <Button variant="primary" onClick={onDone}>
            Go to the dashboard
          </Button>
        </SignedOutCard>
      );
    case "ready":
      return (
        <SignedOutCard>
          <h1 tabIndex={-1} ref={heading}>
            Confirm your new email
          </h1>
          <p>
            The Plaudit account <strong>{state.info.email}</strong> will sign in with{" "}
            <strong>{state.info.new_email}</strong> from now on. Your password stays the same.
          </p>
          <p class="muted small">This link works once, until {formatDateTime(state.info.expires_at)}.</p>
          <ErrorNotice error={confirm.error} />
          <Button variant="primary" busy={confirm.busy} busyLabel="Confirming…" onClick={() => void confirm.run()}>
            Confirm {state.info.new_email}
          </Button>
        </SignedOutCard>
      );
  }
}
