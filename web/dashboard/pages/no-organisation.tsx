/**
 * Shown to a signed-in person who belongs to no organisation yet.
 */
import { Button } from "../../shared/ui/button";
import { Notice } from "../../shared/ui/notice";

/** Explains what to do and offers to sign out. */
export function NoOrganisationPage({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <main class="signin" id="main">
      <div class="signin-card card">
        <h1>No organisation yet</h1>
        <Notice tone="warning">
          You are signed in as <strong>{email}</strong>, but you are not a member of any organisation. Ask an owner or
          admin to add you, then sign in again.
        </Notice>
        <Button onClick={onSignOut}>Sign out</Button>
      </div>
    </main>
  );
}
