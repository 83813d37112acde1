/**
 * Who is signed in (a link to their own account page), their role, and the sign-out button.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Link } from "../router";
import { useSession } from "../session";
import type { Role } from "../types";
import { t } from "../i18n";

/** A role in words. */
const roleWords = (): Record<Role, string> => ({
  owner: t("shell.user-menu.role_owner"),
  admin: t("shell.user-menu.role_admin"),
  member: t("shell.user-menu.role_member"),
  client: t("shell.user-menu.role_client"),
});

/** Name or email (opening "Your account"), role in this organisation, and "Sign out". */
export function UserMenu() {
  const { me, org, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <div class="user-menu">
      <span class="user-who">
        <Link
          to="account"
          class="user-name"
          aria-label={t("shell.user-menu.account", { who: me.user.name || me.user.email })}
        >
          {me.user.name || me.user.email}
        </Link>
        <span class="user-role muted small">{roleWords()[org.role]}</span>
      </span>
      <Button
        small
        variant="ghost"
        busy={busy}
        busyLabel={t("shell.user-menu.signing_out")}
        onClick={() => {
          setBusy(true);
          void signOut();
        }}
      >
        {t("shell.user-menu.sign_out")}
      </Button>
    </div>
  );
}
