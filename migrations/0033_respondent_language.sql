ALTER TABLE `submissions` ADD `page_language` text;--> statement-breakpoint
ALTER TABLE `links` ADD `translations` text;