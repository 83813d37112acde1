/** Request and response schemas of a member's notification settings (`GET/PATCH /v1/me/notifications`). */
import { t, type Static } from "elysia";
import { nullable, oneOf } from "../../platform/http/response-schema";
import { bodyInteger } from "../../platform/http/strict-schema";

/** The choices for new testimonials. */
export const FREQUENCIES = ["each", "daily", "off"] as const;

const frequency = oneOf(
  FREQUENCIES,
  "each: an email for every new testimonial; daily: one digest a day listing them (none on a day without any); off: no email.",
);
const brandIds = nullable(
  t.Array(t.String({ maxLength: 64 }), { maxItems: 100 }),
  "Only these brands' testimonials (of this mode); null: every brand you can see.",
);
const digestHour = bodyInteger({
  minimum: 0,
  maximum: 23,
  description: "The hour (0–23, in time_zone) the daily digest is sent.",
});
const timeZone = t.String({
  minLength: 1,
  maxLength: 64,
  description: "An IANA time zone name, e.g. Europe/London: the digest's hour is in it.",
});

/** PATCH /v1/me/notifications body: any of the settings; the others stay. */
export const notificationsPatchBody = t.Object(
  {
    new_testimonials: t.Optional(frequency),
    brand_ids: t.Optional(brandIds),
    digest_hour: t.Optional(digestHour),
    time_zone: t.Optional(timeZone),
  },
  { additionalProperties: false },
);

/** A member's notification settings in the request's organisation and mode. */
export const notificationsSchema = t.Object(
  {
    mode: oneOf(["live", "test"], "The mode these settings are for (the X-Svc-Mode header); each mode has its own."),
    email: t.String({ description: "Where the emails go: your sign-in address." }),
    new_testimonials: frequency,
    brand_ids: brandIds,
    digest_hour: digestHour,
    time_zone: timeZone,
    is_default: t.Boolean({
      description:
        "True until you save a choice: owners and admins get an email for each new testimonial, members and client logins none.",
    }),
    delivered: t.Boolean({
      description:
        "False when these emails cannot reach you: test mode (the sandbox emails no one; they stay in the test-mode outbox) or a server without SMTP.",
    }),
  },
  { description: "Your new-testimonial emails for this organisation and mode." },
);

/** The settings answer's type. */
export type NotificationsView = Static<typeof notificationsSchema>;

/** The PATCH body's type. */
export type NotificationsPatch = Static<typeof notificationsPatchBody>;
