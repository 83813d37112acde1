ALTER TABLE `webhook_endpoints` ADD `format` text DEFAULT 'envelope' NOT NULL;
