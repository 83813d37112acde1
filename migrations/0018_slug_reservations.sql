CREATE TABLE `__new_brand_slug_history` (
	`slug_scope` text NOT NULL,
	`slug` text NOT NULL,
	`brand_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`held_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_brand_slug_history`("slug_scope", "slug", "brand_id", "org_id", "mode", "held_until", "created_at")
SELECT h.`slug_scope`, h.`slug`, h.`brand_id`, b.`org_id`, b.`mode`, h.`created_at` + 31536000000, h.`created_at`
FROM `brand_slug_history` h
JOIN `brands` b ON b.`id` = h.`brand_id`
WHERE NOT EXISTS (SELECT 1 FROM `brands` c WHERE c.`slug_scope` = h.`slug_scope` AND c.`slug` = h.`slug`);--> statement-breakpoint
DROP TABLE `brand_slug_history`;--> statement-breakpoint
ALTER TABLE `__new_brand_slug_history` RENAME TO `brand_slug_history`;--> statement-breakpoint
CREATE UNIQUE INDEX `brand_slug_history_slug` ON `brand_slug_history` (`slug_scope`,`slug`);--> statement-breakpoint
CREATE INDEX `brand_slug_history_brand` ON `brand_slug_history` (`org_id`,`mode`,`brand_id`);--> statement-breakpoint
CREATE TABLE `link_slug_history` (
	`slug_scope` text NOT NULL,
	`slug` text NOT NULL,
	`link_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`held_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_slug_history_slug` ON `link_slug_history` (`slug_scope`,`slug`);--> statement-breakpoint
CREATE INDEX `link_slug_history_link` ON `link_slug_history` (`org_id`,`mode`,`link_id`);
