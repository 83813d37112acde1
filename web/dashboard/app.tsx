/**
 * The dashboard's root: asks who is signed in, then shows the sign-in page or the shell. A 401 from any
 * request (the session ended) brings the sign-in page back with a sentence saying why.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "../shared/api";
import { Loading } from "../shared/ui/loading";
import { ErrorNotice } from "../shared/ui/notice";
import { api, onSessionEnded } from "./api";
import { AcceptInvitationPage } from "./pages/accept-invitation";
import { NoOrganisationPage } from "./pages/no-organisation";
import { currentRoute, navigate } from "./router";
import { SignInPage } from "./pages/sign-in";
import { SessionProvider } from "./session";
import { Shell } from "./shell/shell";
import { ToastProvider } from "./toasts";
import type { Me } from "./types";

type State =
  | { kind: "loading" }
  | { kind: "failed"; error: unknown }
  | { kind: "signed-out"; notice: string | null }
  | { kind: "signed-in"; me: Me };

/** Everything the dashboard shows. */
export function App() {
  const [state, setState] = useState<State>({ kind: "loading" });
  // An invitation link (`/invite#token`) opens its own page, signed in or not, until the person has joined.
  const [inviting, setInviting] = useState(() => currentRoute().path === "invite");

  const check = useCallback(() => {
    setState({ kind: "loading" });
    api.get<Me>("/v1/me").then(
      (me) => setState({ kind: "signed-in", me }),
      (error) =>
        setState(
          error instanceof ApiError && error.status === 401
            ? { kind: "signed-out", notice: null }
            : { kind: "failed", error },
        ),
    );
  }, []);

  useEffect(check, [check]);

  useEffect(() => {
    onSessionEnded(() =>
      setState((s) =>
        s.kind === "signed-in" ? { kind: "signed-out", notice: "Your session has ended. Please sign in again." } : s,
      ),
    );
    return () => onSessionEnded(null);
  }, []);

  const signedOut = useCallback(() => setState({ kind: "signed-out", notice: "You have signed out." }), []);

  if (inviting) {
    return (
      <AcceptInvitationPage
        onJoined={(me) => {
          navigate("", true);
          setInviting(false);
          setState({ kind: "signed-in", me });
        }}
      />
    );
  }

  switch (state.kind) {
    case "loading":
      return (
        <main class="signin" id="main">
          <Loading label="Opening your dashboard…" />
        </main>
      );
    case "failed":
      return (
        <main class="signin" id="main">
          <div class="signin-card card">
            <h1>The dashboard could not start</h1>
            <ErrorNotice error={state.error} onRetry={check} />
          </div>
        </main>
      );
    case "signed-out":
      return <SignInPage notice={state.notice} onSignedIn={(me) => setState({ kind: "signed-in", me })} />;
    case "signed-in":
      if (state.me.memberships.length === 0) {
        return (
          <NoOrganisationPage
            email={state.me.user.email}
            onSignOut={() => api.post("/v1/auth/logout").finally(signedOut)}
          />
        );
      }
      return (
        <ToastProvider>
          <SessionProvider initial={state.me} onSignedOut={signedOut}>
            <Shell />
          </SessionProvider>
        </ToastProvider>
      );
  }
}
