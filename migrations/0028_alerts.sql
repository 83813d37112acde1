CREATE TABLE `alert_settings` (
	`member_id` text NOT NULL,
	`mode` text NOT NULL,
	`org_id` text NOT NULL,
	`new_testimonials` text NOT NULL,
	`brand_ids` text,
	`digest_hour` integer DEFAULT 8 NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`digest_from` integer NOT NULL,
	`last_digest_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `mode`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_settings_org` ON `alert_settings` (`org_id`,`mode`);--> statement-breakpoint
CREATE INDEX `alert_settings_frequency` ON `alert_settings` (`new_testimonials`);--> statement-breakpoint
CREATE TABLE `alert_arrivals` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`brand_id` text NOT NULL,
	`outcome` text NOT NULL,
	`arrived_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_arrivals_org` ON `alert_arrivals` (`org_id`,`mode`,`arrived_at`);--> statement-breakpoint
CREATE TABLE `alert_mails` (
	`mail_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`stop_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mail_id`) REFERENCES `mail_outbox`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_mails_stop` ON `alert_mails` (`stop_hash`);--> statement-breakpoint
CREATE INDEX `alert_mails_member` ON `alert_mails` (`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `alert_notices` (
	`member_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`mail_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `submission_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_notices_mail` ON `alert_notices` (`mail_id`);--> statement-breakpoint
CREATE INDEX `alert_notices_submission` ON `alert_notices` (`submission_id`);--> statement-breakpoint
CREATE TABLE `alert_buttons` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`member_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`mail_id` text NOT NULL,
	`action` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`result` text,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_buttons_token` ON `alert_buttons` (`token_hash`);--> statement-breakpoint
CREATE INDEX `alert_buttons_mail` ON `alert_buttons` (`mail_id`);--> statement-breakpoint
CREATE INDEX `alert_buttons_submission` ON `alert_buttons` (`submission_id`);
