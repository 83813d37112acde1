ALTER TABLE `links` ADD `slug` text;--> statement-breakpoint
ALTER TABLE `links` ADD `slug_scope` text;--> statement-breakpoint
ALTER TABLE `links` ADD `accepts` text DEFAULT '["video","audio","text"]' NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `ask_rating` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `welcome_message` text;--> statement-breakpoint
ALTER TABLE `links` ADD `thank_you_message` text;--> statement-breakpoint
ALTER TABLE `links` ADD `call_to_action` text;--> statement-breakpoint
ALTER TABLE `links` ADD `redirect_url` text;--> statement-breakpoint
ALTER TABLE `links` ADD `custom_fields` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `collect_photo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `max_responses` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `links_slug` ON `links` (`slug_scope`,`slug`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `custom_answers` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `photo_key` text;--> statement-breakpoint
CREATE INDEX `submissions_link` ON `submissions` (`link_id`);
