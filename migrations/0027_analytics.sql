CREATE TABLE `analytics_daily` (
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`brand_id` text NOT NULL,
	`day` text NOT NULL,
	`widget_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`host` text NOT NULL,
	`kind` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`org_id`, `mode`, `brand_id`, `day`, `widget_id`, `submission_id`, `host`, `kind`),
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `analytics_daily_widget` ON `analytics_daily` (`org_id`,`mode`,`widget_id`,`day`);--> statement-breakpoint
CREATE INDEX `analytics_daily_brand` ON `analytics_daily` (`brand_id`);--> statement-breakpoint
CREATE INDEX `analytics_daily_submission` ON `analytics_daily` (`submission_id`);--> statement-breakpoint
CREATE TABLE `analytics_reports` (
	`brand_id` text NOT NULL,
	`month` text NOT NULL,
	`org_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`brand_id`, `month`),
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_report_optouts` (
	`brand_id` text NOT NULL,
	`user_id` text NOT NULL,
	`org_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`brand_id`, `user_id`),
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
