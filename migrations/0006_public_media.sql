ALTER TABLE `submissions` ADD `public_media` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `erased_at` integer;