/**
 * Members of the organisation: who they are, their role (owners and admins can change it, and a client's
 * brands), removing a member after a confirmation, inviting one or a client (the link is shown once), and the
 * pending invitations.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { useAction } from "../use-action";
import type { Brand, Member, Role } from "../types";
import { MemberForm, ROLES } from "./member-form";
import { brandNames, ClientBrandPicker, useLiveBrands } from "./client-brands";
import {
  InvitationReveal,
  PendingInvitations,
  loadInvitations,
  type CreatedInvitation,
  type Invitation,
} from "./invitations";

/** A member's role (a select for owners and admins) and, for a client, its brands with a way to change them. */
function RoleCell({
  member,
  canGrantOwner,
  brands,
  onSaved,
}: {
  member: Member;
  canGrantOwner: boolean;
  brands: Brand[] | undefined;
  onSaved: (m: Member) => void;
}) {
  /** Brands being chosen: for a member becoming a client, or a client's new set. */
  const [picking, setPicking] = useState<string[] | null>(null);
  const who = member.name || member.email;
  const { busy, error, run } = useAction(
    async ({ role, brandIds }: { role: Role; brandIds?: string[] }) => {
      const saved = await api.patch<Member>(`/v1/members/${encodeURIComponent(member.id)}`, {
        role,
        ...(brandIds ? { brand_ids: brandIds } : {}),
      });
      onSaved(saved);
      setPicking(null);
      return saved;
    },
    {
      success: (saved, { role }) =>
        role === "client"
          ? t("members.client_sees", { who, brands: brandNames(saved.brand_ids ?? [], brands) })
          : t("members.role_changed", { who, role }),
    },
  );
  const save = (role: Role, brandIds?: string[]) => run({ role, brandIds });
  return (
    <>
      <select
        aria-label={t("members.role_of", { who })}
        value={picking && member.role !== "client" ? "client" : member.role}
        disabled={busy || (member.role === "owner" && !canGrantOwner)}
        onChange={(e) => {
          const role = e.currentTarget.value as Role;
          if (role === "client" && member.role !== "client") setPicking([]);
          else {
            setPicking(null);
            void save(role);
          }
        }}
      >
        {ROLES.filter((r) => r.role !== "owner" || canGrantOwner || member.role === "owner").map((r) => (
          <option key={r.role} value={r.role}>
            {r.label}
          </option>
        ))}
      </select>
      {member.role === "client" && picking === null && (
        <div class="small">
          <span class="muted">{brandNames(member.brand_ids ?? [], brands)}</span>{" "}
          <Button small variant="ghost" onClick={() => setPicking(member.brand_ids ?? [])}>
            {t("members.change_brands")}
          </Button>
        </div>
      )}
      {picking !== null && (
        <div class="client-brands-edit">
          <ClientBrandPicker
            chosen={picking}
            onChange={setPicking}
            legend={t("members.brands_legend", { who })}
            explain={false}
          />
          <span class="row">
            <Button
              small
              variant="primary"
              busy={busy}
              busyLabel={t("members.saving")}
              disabled={picking.length === 0}
              onClick={() => void save("client", picking)}
            >
              {t("members.save_brands")}
            </Button>
            <Button small variant="ghost" onClick={() => setPicking(null)} disabled={busy}>
              {t("members.cancel")}
            </Button>
          </span>
        </div>
      )}
      <ErrorNotice error={error} />
    </>
  );
}

/** The Members page. */
export function MembersPage() {
  const { me, canManage, isOwner } = useSession();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const list = usePaged<Member>((cursor) => api.get<Page<Member>>("/v1/members", { query: { limit: 50, cursor } }), []);
  const brands = useLiveBrands().data?.data;
  const invitations = usePaged<Invitation>(
    (cursor) => (canManage ? loadInvitations(cursor) : Promise.resolve({ data: [], next_cursor: null })),
    [canManage],
  );

  return (
    <>
      <PageHeader
        title={t("members.title")}
        description={t("members.description")}
        actions={
          canManage &&
          !adding &&
          !created && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t("members.invite")}
            </Button>
          )
        }
      />
      {adding && (
        <MemberForm
          canGrantOwner={isOwner}
          onCancel={() => setAdding(false)}
          onInvited={(c) => {
            setAdding(false);
            setCreated(c);
            invitations.reload();
            toast(t("members.invited", { email: c.email }));
          }}
        />
      )}
      {created && <InvitationReveal created={created} onDone={() => setCreated(null)} />}
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("members.loading")} />
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">{t("members.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("members.col_person")}</th>
                <th scope="col">{t("members.col_role")}</th>
                <th scope="col">{t("members.col_since")}</th>
                {canManage && <th scope="col">{t("members.col_actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {list.items.map((m) => {
                const self = m.user_id === me.user.id;
                return (
                  <tr key={m.id}>
                    <td>
                      <strong>{m.name || m.email}</strong> {self && <Badge tone="info">{t("members.you")}</Badge>}
                      {m.name && <div class="small muted">{m.email}</div>}
                    </td>
                    <td>
                      {canManage && !self ? (
                        <RoleCell member={m} canGrantOwner={isOwner} brands={brands} onSaved={list.replace} />
                      ) : (
                        <>
                          <Badge>{m.role}</Badge>
                          {m.brand_ids && <div class="small muted">{brandNames(m.brand_ids, brands)}</div>}
                        </>
                      )}
                    </td>
                    <td class="small">{formatDate(m.created_at)}</td>
                    {canManage && (
                      <td>
                        {!self && (
                          <ConfirmButton
                            label={t("members.remove")}
                            question={t("members.remove_question", { who: m.name || m.email })}
                            confirmLabel={t("members.remove_confirm")}
                            busyLabel={t("members.removing")}
                            onConfirm={async () => {
                              await api.del(`/v1/members/${encodeURIComponent(m.id)}`);
                              list.remove(m.id);
                              toast(t("members.removed", { email: m.email }));
                            }}
                          />
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("members.loading_more")}>
          {t("members.show_more")}
        </Button>
      )}
      {canManage && <PendingInvitations list={invitations} onNewLink={setCreated} brands={brands} />}
    </>
  );
}
