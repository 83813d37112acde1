ALTER TABLE `brands` ADD `card_font` text DEFAULT 'sans' NOT NULL;
