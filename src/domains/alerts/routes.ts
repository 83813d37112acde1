/**
 * `GET /v1/me/notifications` and `PATCH /v1/me/notifications`: the signed-in member's own new-testimonial emails, in
 * the organisation (`X-Svc-Org`) and mode (`X-Svc-Mode`) of the request. Every role has them (a client hears of its
 * own brands only); API keys act for the organisation, not a person, and are refused (permission `session`).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { reader } from "../../platform/db/unit-of-work";
import { accessPlugin, command } from "../../platform/access";
import { notificationsPatchBody, notificationsSchema } from "./model";
import { readNotifications, updateNotifications } from "./settings";

/** The notification settings routes. */
export function alertRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1" })
    .use(accessPlugin(deps))
    .get(
      "/me/notifications",
      ({ ctx, set }) => {
        set.headers["cache-control"] = "no-store";
        return readNotifications(reader(deps, ctx));
      },
      {
        access: { permission: "session", brand: "none" },
        response: notificationsSchema,
        detail: {
          tags: ["Session"],
          summary:
            "Your new-testimonial emails in this organisation and mode: each one, a daily digest, or off, and for which brands",
        },
      },
    )
    .use(
      command(deps, "PATCH", "/me/notifications", {
        permission: "session",
        brand: "none",
        body: notificationsPatchBody,
        response: notificationsSchema,
        detail: {
          tags: ["Session"],
          summary:
            "Choose your new-testimonial emails (each, daily or off; brands; the digest's hour and time zone); what you leave out stays",
        },
        run: (tx, { body }) => updateNotifications(tx, body),
      }),
    );
}
