CREATE TABLE `reel_renders` (
	`id` text PRIMARY KEY NOT NULL,
	`reel_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`status` text NOT NULL,
	`stage` text NOT NULL,
	`step_done` integer DEFAULT 0 NOT NULL,
	`step_total` integer DEFAULT 0 NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`error_message` text,
	`snapshot` text NOT NULL,
	`version` integer NOT NULL,
	`cost_seconds` integer NOT NULL,
	`started_by_user_id` text,
	`started_by` text NOT NULL,
	`active_ms` integer DEFAULT 0 NOT NULL,
	`files` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`reel_id`) REFERENCES `reels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reel_renders_reel` ON `reel_renders` (`reel_id`,`id`);--> statement-breakpoint
CREATE INDEX `reel_renders_usage` ON `reel_renders` (`org_id`,`mode`,`created_at`);--> statement-breakpoint
CREATE TABLE `reels` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`brand_id` text NOT NULL,
	`title` text NOT NULL,
	`arrangement` text NOT NULL,
	`status` text NOT NULL,
	`clips` text NOT NULL,
	`config` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`error_message` text,
	`last_render_id` text,
	`output_render_id` text,
	`share_enabled` integer DEFAULT false NOT NULL,
	`share_dir` text,
	`shared_render_id` text,
	`shared_aspects` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reels_list` ON `reels` (`org_id`,`mode`,`id`);--> statement-breakpoint
CREATE INDEX `reels_brand` ON `reels` (`org_id`,`mode`,`brand_id`,`id`);