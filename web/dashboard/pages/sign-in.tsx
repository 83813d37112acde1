/**
 * Sign in with email and password. The server sets an HttpOnly session cookie; the page never sees it.
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import type { Me } from "../types";
import { OrgMark } from "../shell/org-mark";
import { PRODUCT_LOOK, applyFavicon, rememberedLook, windowTitle } from "../look";

/** Props of `SignInPage`; `notice` explains why the person is here (e.g. the session ended). */
export interface SignInProps {
  notice?: string | null;
  onSignedIn: (me: Me) => void;
}

/**
 * The sign-in form, under the mark of the organisation this browser last worked in (white label: a client signing
 * in again sees its agency, not the product); the product's own name only before any organisation is known.
 */
export function SignInPage({ notice, onSignedIn }: SignInProps) {
  const [look] = useState(() => rememberedLook() ?? PRODUCT_LOOK);
  useEffect(() => {
    document.title = windowTitle("Sign in", look);
    applyFavicon(look);
  }, [look]);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.post<Me>("/v1/auth/login", { email: email.trim(), password }));
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <main class="signin" id="main">
      <div class="signin-card card">
        <p class="logo">
          <OrgMark look={look} />
        </p>
        <h1>Sign in</h1>
        <p class="muted">Sign in to collect, review and publish your testimonials.</p>
        {notice && <Notice tone="info">{notice}</Notice>}
        <ErrorNotice error={error} />
        <form onSubmit={submit}>
          <Field label="Email">
            {(p) => (
              <input
                {...p}
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onInput={(e) => setEmail(e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label="Password">
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
          <Button type="submit" variant="primary" busy={busy} busyLabel="Signing in…">
            Sign in
          </Button>
        </form>
      </div>
    </main>
  );
}
