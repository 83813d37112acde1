CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_user` ON `password_resets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token` ON `email_changes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_changes_user` ON `email_changes` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `brands` ADD `deleting_at` integer;--> statement-breakpoint
CREATE TABLE `__new_brand_slug_history` (
	`slug_scope` text NOT NULL,
	`slug` text NOT NULL,
	`brand_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`held_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_brand_slug_history`("slug_scope", "slug", "brand_id", "org_id", "mode", "held_until", "created_at")
SELECT "slug_scope", "slug", "brand_id", "org_id", "mode", "held_until", "created_at" FROM `brand_slug_history`;--> statement-breakpoint
DROP TABLE `brand_slug_history`;--> statement-breakpoint
ALTER TABLE `__new_brand_slug_history` RENAME TO `brand_slug_history`;--> statement-breakpoint
CREATE UNIQUE INDEX `brand_slug_history_slug` ON `brand_slug_history` (`slug_scope`,`slug`);--> statement-breakpoint
CREATE INDEX `brand_slug_history_brand` ON `brand_slug_history` (`org_id`,`mode`,`brand_id`);--> statement-breakpoint
CREATE TABLE `__new_link_slug_history` (
	`slug_scope` text NOT NULL,
	`slug` text NOT NULL,
	`link_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`held_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_link_slug_history`("slug_scope", "slug", "link_id", "org_id", "mode", "held_until", "created_at")
SELECT "slug_scope", "slug", "link_id", "org_id", "mode", "held_until", "created_at" FROM `link_slug_history`;--> statement-breakpoint
DROP TABLE `link_slug_history`;--> statement-breakpoint
ALTER TABLE `__new_link_slug_history` RENAME TO `link_slug_history`;--> statement-breakpoint
CREATE UNIQUE INDEX `link_slug_history_slug` ON `link_slug_history` (`slug_scope`,`slug`);--> statement-breakpoint
CREATE INDEX `link_slug_history_link` ON `link_slug_history` (`org_id`,`mode`,`link_id`);
