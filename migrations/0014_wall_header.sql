ALTER TABLE `brands` ADD `intro_text` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `website_url` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `wall_link_id` text;
