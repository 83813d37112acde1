/**
 * Who is signed in, their role, and the sign-out button.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { useSession } from "../session";

/** Name or email, role in this organisation, and "Sign out". */
export function UserMenu() {
  const { me, org, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <div class="user-menu">
      <span class="user-who">
        <span class="user-name">{me.user.name || me.user.email}</span>
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
