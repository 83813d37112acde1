CREATE TABLE `export_items` (
	`export_id` text NOT NULL,
	`submission_id` text NOT NULL,
	PRIMARY KEY(`export_id`, `submission_id`),
	FOREIGN KEY (`export_id`) REFERENCES `exports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `export_items_submission` ON `export_items` (`submission_id`);--> statement-breakpoint
CREATE TABLE `exports` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`format` text NOT NULL,
	`filters` text NOT NULL,
	`max_submission_id` text NOT NULL,
	`status` text NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`rows_total` integer,
	`file_key` text,
	`byte_size` integer,
	`reason` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`ready_at` integer,
	`file_expires_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exports_list` ON `exports` (`org_id`,`mode`,`id`);--> statement-breakpoint
CREATE TABLE `removals` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`submission_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`mail_id` text,
	`created_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `removals_token` ON `removals` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `removals_submission` ON `removals` (`submission_id`);