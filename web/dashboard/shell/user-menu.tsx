/**
 * Who is signed in (a link to their own account page), their role, and the sign-out button.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Link } from "../router";
import { useSession } from "../session";

/** Name or email (opening "Your account"), role in this organisation, and "Sign out". */
export function UserMenu() {
  const { me, org, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <div class="user-menu">
      <span class="user-who">
        <Link to="account" class="user-name" aria-label={`Your account (${me.user.name || me.user.email})`}>
          {me.user.name || me.user.email}
        </Link>
        <span class="user-role muted small">{org.role}</span>
      </span>
      <Button
        small
        variant="ghost"
        busy={busy}
        busyLabel="Signing out…"
        onClick={() => {
          setBusy(true);
          void signOut();
        }}
      >
        Sign out
      </Button>
    </div>
  );
}
