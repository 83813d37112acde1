CREATE TABLE `campaign_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`email_hash` text NOT NULL,
	`token_hash` text NOT NULL,
	`status` text NOT NULL,
	`mail_id` text,
	`reminder_mail_id` text,
	`submission_id` text,
	`error` text,
	`sent_at` integer,
	`reminder_queued_at` integer,
	`reminded_at` integer,
	`answered_at` integer,
	`unsubscribed_at` integer,
	`erased_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_recipients_token` ON `campaign_recipients` (`token_hash`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_list` ON `campaign_recipients` (`campaign_id`,`position`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_email` ON `campaign_recipients` (`org_id`,`mode`,`email`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_submission` ON `campaign_recipients` (`submission_id`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_due` ON `campaign_recipients` (`status`,`sent_at`);--> statement-breakpoint
CREATE TABLE `campaign_suppressions` (
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`email_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `mode`, `email_hash`),
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`link_id` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`reminder_after_days` integer DEFAULT 0 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaigns_list` ON `campaigns` (`org_id`,`mode`,`id`);
