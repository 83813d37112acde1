CREATE TABLE `widgets` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`brand_id` text NOT NULL,
	`name` text NOT NULL,
	`settings` text NOT NULL,
	`published_at` integer,
	`document_hash` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `widgets_list` ON `widgets` (`org_id`,`mode`,`id`);--> statement-breakpoint
CREATE INDEX `widgets_brand` ON `widgets` (`org_id`,`mode`,`brand_id`,`id`);