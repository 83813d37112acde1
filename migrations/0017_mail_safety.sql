ALTER TABLE `mail_outbox` ADD `mode` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `link_kind` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `link_ref` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_org_mode` ON `mail_outbox` (`org_id`,`mode`,`id`);--> statement-breakpoint
UPDATE `mail_outbox` SET `mode` = (SELECT `mode` FROM `campaign_recipients` r WHERE r.`mail_id` = `mail_outbox`.`id` OR r.`reminder_mail_id` = `mail_outbox`.`id` LIMIT 1) WHERE `mode` IS NULL;--> statement-breakpoint
UPDATE `mail_outbox` SET `mode` = (SELECT `mode` FROM `removals` r WHERE r.`mail_id` = `mail_outbox`.`id` LIMIT 1) WHERE `mode` IS NULL;--> statement-breakpoint
UPDATE `mail_outbox` SET `status` = 'failed', `error` = 'Not sent: invitation links are no longer kept in the outbox. Send the invitation again.' WHERE `status` = 'queued' AND instr(`text`, '/invite#') > 0;--> statement-breakpoint
UPDATE `mail_outbox` SET `text` = substr(`text`, 1, instr(`text`, '/invite#') + 7) || '[invitation token removed: links are only in the email delivered]' || CASE WHEN instr(substr(`text`, instr(`text`, '/invite#') + 8), char(10)) > 0 THEN substr(substr(`text`, instr(`text`, '/invite#') + 8), instr(substr(`text`, instr(`text`, '/invite#') + 8), char(10))) ELSE '' END WHERE instr(`text`, '/invite#') > 0;
--> statement-breakpoint
CREATE TABLE `mail_turns` (
	`mail_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`priority` integer NOT NULL,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mail_id`) REFERENCES `mail_outbox`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_turns_org` ON `mail_turns` (`org_id`,`mail_id`);--> statement-breakpoint
CREATE TABLE `mail_pace` (
	`org_id` text PRIMARY KEY NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `campaigns` ADD `stopped_at` integer;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `stopped_by` text;--> statement-breakpoint
CREATE INDEX `campaigns_recent` ON `campaigns` (`mode`,`id`);--> statement-breakpoint
CREATE TABLE `campaign_asked` (
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`email_hash` text NOT NULL,
	`asked_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `mode`, `email_hash`),
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT OR REPLACE INTO `campaign_asked` (`org_id`, `mode`, `email_hash`, `asked_at`) SELECT `org_id`, `mode`, `email_hash`, max(`created_at`) FROM `campaign_recipients` WHERE `mail_id` IS NOT NULL GROUP BY `org_id`, `mode`, `email_hash`;--> statement-breakpoint
CREATE TABLE `campaign_usage` (
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`month` integer NOT NULL,
	`emails` integer NOT NULL,
	PRIMARY KEY(`org_id`, `mode`, `month`),
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `campaign_usage` (`org_id`, `mode`, `month`, `emails`) SELECT `org_id`, `mode`, CAST(strftime('%s', `created_at` / 1000, 'unixepoch', 'start of month') AS integer) * 1000 AS `m`, count(*) FROM `campaign_recipients` WHERE `mail_id` IS NOT NULL GROUP BY `org_id`, `mode`, `m`;--> statement-breakpoint
CREATE TABLE `thank_you_sent` (
	`brand_id` text NOT NULL,
	`email_hash` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`brand_id`, `email_hash`)
);
