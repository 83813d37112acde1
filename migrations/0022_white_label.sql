ALTER TABLE `orgs` ADD `logo_key` text;--> statement-breakpoint
ALTER TABLE `orgs` ADD `color` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `mail_from_name` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `mail_reply_to` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `frame_origins` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `wall_attribution` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `from_name` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `reply_to` text;
