/**
 * The page an invitation link opens (`/app/invite#<token>`): says which organisation invited which email. A new
 * person chooses their name and password; a person who already has an account signs in as it (here) and
 * accepts. A used, revoked or expired link gets a plain sentence and nothing else. The token is read from the
 * address's fragment, which browsers never send to a server.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../shared/api";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { useAction } from "../use-action";
import type { InvitationInfo, Me } from "../types";
import { OrgMark } from "../shell/org-mark";
import { applyFavicon, windowTitle, type OrgLook } from "../look";
import { rich, t } from "../i18n";

type State =
  | { kind: "loading" }
  | { kind: "unusable"; message: string }
  | { kind: "failed"; error: unknown }
  | { kind: "ready"; info: InvitationInfo };

/** The invitation token in the address (after `#`). */
export const invitationToken = () => decodeURIComponent(window.location.hash.replace(/^#/, ""));

/**
 * The page's card, under the inviting organisation's mark once the link is read (white label); until then, and
 * for a link that cannot be used, under no mark at all: whose link it was is not known.
 */
function Card({ look, children }: { look?: OrgLook; children: ComponentChildren }) {
  useEffect(() => {
    document.title = look
      ? windowTitle(t("accept-invitation.join_title", { org: look.name }), look)
      : t("accept-invitation.title");
    if (look) applyFavicon(look);
  }, [look?.name, look?.logoUrl, look?.color]);
  return (
    <main class="signin" id="main">
      <div class="signin-card card">
        {look && (
          <p class="logo">
            <OrgMark look={look} />
          </p>
        )}
        {children}
      </div>
    </main>
  );
}

/** Props of `AcceptInvitationPage`: `onJoined` receives the signed-in person after accepting. */
export interface AcceptInvitationProps {
  onJoined: (me: Me) => void;
}

/** The accept-invitation page. */
export function AcceptInvitationPage({ onJoined }: AcceptInvitationProps) {
  const [token] = useState(invitationToken);
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = () => {
    if (!token)
      return setState({
        kind: "unusable",
        message: t("accept-invitation.incomplete"),
      });
    setState({ kind: "loading" });
    api.post<InvitationInfo>("/v1/invitations/lookup", { token }).then(
      (info) => setState({ kind: "ready", info }),
      (error) =>
        setState(
          error instanceof ApiError && (error.status === 404 || error.status === 410)
            ? { kind: "unusable", message: error.message }
            : { kind: "failed", error },
        ),
    );
  };
  useEffect(load, [token]);

  if (state.kind === "loading") {
    return (
      <Card>
        <Loading label={t("accept-invitation.loading")} />
      </Card>
    );
  }
  if (state.kind === "unusable") {
    return (
      <Card>
        <h1>{t("accept-invitation.unusable")}</h1>
        <p>{state.message}</p>
      </Card>
    );
  }
  if (state.kind === "failed") {
    return (
      <Card>
        <h1>{t("accept-invitation.title")}</h1>
        <ErrorNotice error={state.error} onRetry={load} />
      </Card>
    );
  }
  const info = state.info;
  return (
    <Card look={{ name: info.org_name, logoUrl: info.org_logo_url, color: info.org_color }}>
      <h1>{t("accept-invitation.join_title", { org: state.info.org_name })}</h1>
      {state.info.role === "client" ? (
        <p>
          {rich("accept-invitation.client_intro", {
            org: state.info.org_name,
            email: state.info.email,
            brands: state.info.brands.map((b) => b.name).join(", "),
            strong: (parts) => <strong>{parts}</strong>,
          })}
        </p>
      ) : (
        <p>
          {rich("accept-invitation.member_intro", {
            org: state.info.org_name,
            role: state.info.role,
            email: state.info.email,
            strong: (parts) => <strong>{parts}</strong>,
          })}
        </p>
      )}
      {state.info.account_exists ? (
        <ExistingAccount token={token} info={state.info} onJoined={onJoined} onChanged={load} />
      ) : (
        <NewAccount token={token} info={state.info} onJoined={onJoined} />
      )}
    </Card>
  );
}

function NewAccount({ token, info, onJoined }: { token: string; info: InvitationInfo; onJoined: (me: Me) => void }) {
  const [name, setName] = useState(info.name);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const mismatch = repeat !== "" && repeat !== password;
  const join = useAction(
    async () => onJoined(await api.post<Me>("/v1/invitations/accept", { token, name: name.trim(), password })),
    { leaves: true },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    if (mismatch) return;
    void join.run();
  };

  return (
    <form onSubmit={submit}>
      <p class="muted">{t("accept-invitation.choose_password")}</p>
      <ErrorNotice error={join.error} />
      <Field label={t("accept-invitation.your_name")} optional>
        {(p) => (
          <input
            {...p}
            name="name"
            autoComplete="name"
            maxLength={120}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label={t("accept-invitation.new_password")} hint={t("accept-invitation.new_password_hint")}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={200}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        label={t("accept-invitation.repeat_password")}
        error={mismatch ? t("accept-invitation.passwords_differ") : null}
      >
        {(p) => (
          <input
            {...p}
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            required
            value={repeat}
            onInput={(e) => setRepeat(e.currentTarget.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="primary"
        busy={join.busy}
        busyLabel={t("accept-invitation.joining")}
        disabled={mismatch}
      >
        {t("accept-invitation.join", { org: info.org_name })}
      </Button>
    </form>
  );
}

function ExistingAccount({
  token,
  info,
  onJoined,
  onChanged,
}: {
  token: string;
  info: InvitationInfo;
  onJoined: (me: Me) => void;
  onChanged: () => void;
}) {
  const [password, setPassword] = useState("");
  // Joining, signing out and signing in: each success leaves this page (or loads it again).
  const { busy, error, run } = useAction((work: () => Promise<unknown>) => work(), { leaves: true });
  const accept = () => api.post<Me>("/v1/invitations/accept", { token }).then(onJoined);

  if (info.signed_in_as === info.email) {
    return (
      <>
        <ErrorNotice error={error} />
        <Button
          variant="primary"
          busy={busy}
          busyLabel={t("accept-invitation.joining")}
          onClick={() => void run(accept)}
        >
          {t("accept-invitation.accept_and_join", { org: info.org_name })}
        </Button>
      </>
    );
  }
  if (info.signed_in_as) {
    return (
      <>
        <Notice tone="warning">
          {rich("accept-invitation.wrong_account", {
            current: info.signed_in_as,
            email: info.email,
            strong: (parts) => <strong>{parts}</strong>,
          })}
        </Notice>
        <ErrorNotice error={error} />
        <Button
          busy={busy}
          busyLabel={t("accept-invitation.signing_out")}
          onClick={() => void run(() => api.post("/v1/auth/logout").then(onChanged))}
        >
          {t("accept-invitation.sign_out")}
        </Button>
      </>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await api.post<Me>("/v1/auth/login", { email: info.email, password });
          await accept();
        });
      }}
    >
      <p class="muted">{t("accept-invitation.existing_account", { email: info.email })}</p>
      <ErrorNotice error={error} />
      <Field label={t("accept-invitation.email")}>
        {(p) => <input {...p} type="email" name="email" autoComplete="username" readOnly value={info.email} />}
      </Field>
      <Field label={t("accept-invitation.password")}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" busy={busy} busyLabel={t("accept-invitation.signing_in")}>
        {t("accept-invitation.sign_in_and_join", { org: info.org_name })}
      </Button>
    </form>
  );
}
