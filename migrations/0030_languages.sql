ALTER TABLE `brands` ADD `languages` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `default_language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `language` text;
