/**
 * Shown to a signed-in person who belongs to no organisation yet.
 */
import { Button } from "../../shared/ui/button";
import { Notice } from "../../shared/ui/notice";
import { rich, t } from "../i18n";

/** Explains what to do and offers to sign out. */
export function NoOrganisationPage({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <main class="signin" id="main">
      <div class="signin-card card">
        <h1>{t("no-organisation.title")}</h1>
        <Notice tone="warning">
          {rich("no-organisation.explain", { email, strong: (parts) => <strong>{parts}</strong> })}
        </Notice>
        <Button onClick={onSignOut}>{t("no-organisation.sign_out")}</Button>
      </div>
    </main>
  );
}
