CREATE TABLE `article_stats` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`journal_id` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `articles` ADD `doi` text DEFAULT '' NOT NULL;