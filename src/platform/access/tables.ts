/**
 * The tenant root, owned by the access kernel: an organisation and its plan. Every organisation-owned table names it
 * in a foreign key; plans and allowances (./plans.ts) read it. The accounts domain (people, memberships, keys,
 * sessions) builds on it.
 */
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import type { PlanId } from "./plans";

/** An organisation: the customer; owns brands in both modes. */
export const orgs = sqliteTable("orgs", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan").$type<PlanId>().notNull().default("free"),
  stripeCustomerId: text("stripe_customer_id"),
  createdAt: integer("created_at").notNull(),
  /**
   * The operator's own organisation (self-hosted operator mode): no plan limits, and its plan page explains the
   * plans as what the operator offers the organisations it hosts. Set on the first organisation of a fresh install.
   */
  operator: integer("operator", { mode: "boolean" }).notNull().default(false),
  /**
   * White label (migration 0022): the organisation's logo on the CDN (`orgs/{id}/logo-….png`) and colour, shown with
   * its name to its members and client logins instead of the product's; null for none.
   */
  logoKey: text("logo_key"),
  color: text("color"),
});
