ALTER TABLE `brands` ADD `review_type` text DEFAULT 'Product' NOT NULL;--> statement-breakpoint
ALTER TABLE `brands` ADD `review_item_name` text;
