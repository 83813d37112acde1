CREATE TABLE `tls_certificates` (
	`name` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`not_before` integer,
	`not_after` integer,
	`serial` text,
	`issuer` text,
	`issued_at` integer,
	`last_error` text,
	`last_attempt_at` integer,
	`failures` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `brands` ADD `custom_domain` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `custom_domain_status` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `custom_domain_error` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `custom_domain_checked_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `brands_custom_domain` ON `brands` (`custom_domain`) WHERE custom_domain IS NOT NULL;
