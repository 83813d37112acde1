/**
 * The dashboard's root: asks who is signed in, then shows the sign-in page or the shell. A 401 from any
 * request (the session ended) brings the sign-in page back with a sentence saying why. The pages emailed links open
 * (an invitation, a password reset, an email confirmation) show first, signed in or not, until they are done.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "../shared/api";
import { Loading } from "../shared/ui/loading";
import { ErrorNotice } from "../shared/ui/notice";
import { api, onSessionEnded } from "./api";
import { AcceptInvitationPage } from "./pages/accept-invitation";
import { ConfirmEmailPage } from "./pages/confirm-email";
import { ResetPasswordPage } from "./pages/reset-password";
import { NoOrganisationPage } from "./pages/no-organisation";
import { currentRoute, navigate } from "./router";
import { SignInPage } from "./pages/sign-in";
import { SessionProvider } from "./session";
import { Shell } from "./shell/shell";
import { ToastProvider } from "./toasts";
import type { Me } from "./types";
import { t } from "./i18n";

type State =
  | { kind: "loading" }
  | { kind: "failed"; error: unknown }
  | { kind: "signed-out"; notice: string | null }
  | { kind: "signed-in"; me: Me };

/** The pages emailed links open, by their path under the dashboard. */
const LINK_PAGES = ["invite", "reset-password", "confirm-email"] as const;

const linkPageOf = (path: string) => LINK_PAGES.find((p) => p === path) ?? null;

/** Everything the dashboard shows. */
export function App() {
  const [state, setState] = useState<State>({ kind: "loading" });
  // An emailed link (`/invite#token`, `/reset-password#token`, `/confirm-email#token`) opens its own page.
  const [linkPage, setLinkPage] = useState(() => linkPageOf(currentRoute().path));

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
      setState((s) => (s.kind === "signed-in" ? { kind: "signed-out", notice: t("app.session_ended") } : s)),
    );
    return () => onSessionEnded(null);
  }, []);

  const signedOut = useCallback(() => setState({ kind: "signed-out", notice: t("app.signed_out") }), []);

  /** Leaves a link's page for the dashboard: signed in as `me`, or as whoever the session says. */
  const leaveLinkPage = (me?: Me) => {
    navigate("", true);
    setLinkPage(null);
    if (me) setState({ kind: "signed-in", me });
    else check();
  };
  if (linkPage === "invite") return <AcceptInvitationPage onJoined={leaveLinkPage} />;
  if (linkPage === "reset-password")
    return <ResetPasswordPage onSignedIn={leaveLinkPage} onSignIn={() => leaveLinkPage()} />;
  if (linkPage === "confirm-email") return <ConfirmEmailPage onDone={() => leaveLinkPage()} />;

  switch (state.kind) {
    case "loading":
      return (
        <main class="signin" id="main">
          <Loading label={t("app.opening")} />
        </main>
      );
    case "failed":
      return (
        <main class="signin" id="main">
          <div class="signin-card card">
            <h1>{t("app.start_failed")}</h1>
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
